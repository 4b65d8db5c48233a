"""'Have you heard about the lamp?' to an NPC that holds nothing of the lamp is an honest no, not a
recap of something else it said."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town
from townsfolk.agents.asked_thing import asked_thing

WORLD = """
scenario: Bakery
language: en
seed: 11
start: 2026-10-02T06:00
tick: 1h
place: the square
characters:
  mara: {name: Mara, role: baker, persona: "Warm."}
  edda: {name: Edda, role: innkeeper, persona: "Loves a story."}
  ana: {name: Ana, player: true}
timeline:
  - {at: 1, happen: {what: "The oven door at the bakery cracked", witnesses: [mara], valence: -0.4}}
  - {at: 1, happen: {what: "A cart lost a wheel by the inn", witnesses: [edda], valence: -0.2}}
"""


def test_asked_thing() -> None:
    assert asked_thing("Have you heard about the lamp?", "en") == "lamp"
    assert asked_thing("你听说过灯塔的事吗？", "zh") == "灯塔"
    assert asked_thing("Any news?", "en") is None


def test_no_recap_for_a_thing_it_never_heard_of(tmp_path: Path) -> None:
    spec = tmp_path / "w.yaml"
    spec.write_text(WORLD, encoding="utf-8")
    town = Town.from_scenario(str(spec), db=str(tmp_path / "w.db"))
    town.advance(2)
    news = town.say("ana", "edda", "Any news?").text
    oven = town.say("ana", "edda", "Have you heard about the oven?").text
    town.close()
    assert "wheel" in news, news
    assert "wheel" not in oven, oven
