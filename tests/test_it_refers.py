"""'it' in a player's question is the last thing they asked this NPC about ('When did it break?'
after 'What happened to the lamp?'), not nothing at all."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town
from townsfolk.agents.it_refers import resolve_it

WORLD = """
scenario: Lighthouse
language: en
seed: 5
start: 2026-09-14T07:00
tick: 1h
place: the lighthouse
characters:
  agnes: {name: Agnes, role: lighthouse keeper, persona: "Quiet."}
  p1: {name: Kit, player: true}
timeline:
  - {at: 1, happen: {what: "The lighthouse lamp cracked in the storm", witnesses: [agnes], valence: -0.4}}
"""


def test_resolve_it() -> None:
    assert resolve_it("When did it break?", "What happened to the lamp?", "en") == "When did the lamp break?"
    assert resolve_it("Is it true?", "What happened to the lamp?", "en") == "Is it true?"
    assert resolve_it("When did it break?", None, "en") == "When did it break?"
    assert resolve_it("它什么时候坏的？", "灯怎么了？", "zh") == "灯什么时候坏的？"


def test_it_is_the_lamp_just_asked_about(tmp_path: Path) -> None:
    spec = tmp_path / "w.yaml"
    spec.write_text(WORLD, encoding="utf-8")
    town = Town.from_scenario(str(spec), db=str(tmp_path / "w.db"))
    town.advance(2)
    first = town.say("p1", "agnes", "What happened to the lamp?").text
    then = town.say("p1", "agnes", "When did it break?").text
    town.close()
    assert "lamp" in first.lower(), first
    assert "lamp" in then.lower(), then  # what it knows of the lamp, not "can't say I know"
