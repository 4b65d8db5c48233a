"""What an NPC said is tracked per listener: a recap only to who heard it, and a whisper keeps
only the whisperer's words private, not the NPC's own news said in that turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk import Town
from townsfolk.agents.said_to_whom import with_recap_lead

WORLD = """
scenario: Harbour
language: en
seed: 5
start: 2026-09-14T07:00
tick: 1h
place: the harbour
characters:
  osk: {name: Osk, role: boatman, persona: "Gruff but fair."}
  bram: {name: Bram, role: ferryman, persona: "Chatty."}
  agnes: {name: Agnes, role: lighthouse keeper, persona: "Quiet."}
  rufus: {name: Rufus, role: fisherman, persona: "Proud."}
  p1: {name: Kit, player: true}
  p2: {name: Sam, player: true}
relationships:
  - {from: osk, to: bram, kind: acquaintance, strength: 0.4, mutual: true}
  - {from: agnes, to: rufus, kind: neighbour, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: "Rufus was cool with Agnes today", about: agnes, actor: rufus, witnesses: [agnes], valence: -0.3}}
  - {at: 1, happen: {what: "The lighthouse lamp cracked in the storm", witnesses: [agnes], valence: -0.4}}
"""


@pytest.fixture()
def town(tmp_path: Path):
    spec = tmp_path / "harbour.yaml"
    spec.write_text(WORLD, encoding="utf-8")
    t = Town.from_scenario(str(spec), db=str(tmp_path / "h.db"))
    t.advance(2)
    yield t
    t.close()


def test_no_recap_to_a_listener_who_never_heard_it(town: Town) -> None:
    first = town.say("p1", "osk", "What do you think of Bram?").text
    second = town.say("p2", "osk", "What do you think of Bram?").text
    assert not second.startswith("As I said"), second
    assert "Bram" in first and "Bram" in second
    again = town.say("p2", "osk", "What do you think of Bram?").text
    assert again != second  # the same listener asking again is not told it as new


def test_whisper_keeps_only_the_whisperers_words_private(town: Town) -> None:
    town.say("p1", "agnes", "Rufus drinks too much, between us.", private=True)
    news = town.say("p2", "agnes", "Any news?").text
    assert "drinks" not in news
    assert "Rufus was cool with me" in news, news  # her own news, said in the whispered turn


def test_recap_lead_keeps_names_and_i_but_not_a_plain_capital() -> None:
    assert with_recap_lead("Busy morning, this one.", False, set()) == "As I said, busy morning, this one."
    assert with_recap_lead("Bram is fine.", False, {"Bram"}) == "As I said, Bram is fine."
    assert with_recap_lead("I know Bram a little.", False, {"Bram"}) == "As I said, I know Bram a little."
    assert with_recap_lead("今天挺忙。", True, set()) == "就像我刚才说的，今天挺忙。"
