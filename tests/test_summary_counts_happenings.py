"""A summary counts happenings, once a day per pair (K-24): a theft seen and then told of five times
was "Today, 6 things with Wendy", and a second fold the same day wrote a second "Today, ..." summary."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of

CIRCUS = """\
scenario: "The missing costume"
language: en
seed: 5
start: 2026-10-12T07:00
tick: 1h
place: the winter quarters
characters:
  agnes: {name: Agnes, role: rider, pronoun: she, traits: {candour: 0.7}}
  wendy: {name: Wendy, role: seamstress, pronoun: she, traits: {candour: 0.5}}
  bess: {name: Bess, role: clown, pronoun: she, traits: {candour: 0.8, exaggeration: 0.1}}
  cora: {name: Cora, role: juggler, pronoun: she, traits: {candour: 0.8, exaggeration: 0.1}}
relationships:
  - {from: agnes, to: wendy, kind: colleague, strength: 0.6, mutual: true}
  - {from: bess, to: agnes, kind: friend, strength: 0.7, mutual: true}
  - {from: cora, to: agnes, kind: friend, strength: 0.7, mutual: true}
  - {from: bess, to: cora, kind: friend, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: "Wendy stole Agnes's spangled costume", actor: wendy, witnesses: [agnes, bess, cora], valence: -0.6, place: the wardrobe}}
  - {at: 2, gossip: {teller: bess, to: agnes, about: wendy}}
  - {at: 3, gossip: {teller: cora, to: agnes, about: wendy}}
  - {at: 5, gossip: {teller: bess, to: agnes, about: wendy}}
  - {at: 6, gossip: {teller: cora, to: agnes, about: wendy}}
  - {at: 8, gossip: {teller: bess, to: agnes, about: wendy}}
  - {at: 9, gossip: {teller: cora, to: agnes, about: wendy}}
"""


def test_a_thing_seen_and_told_of_is_one_thing_and_one_summary_a_day(tmp_path: Path) -> None:
    town = town_of(tmp_path, CIRCUS, 10)
    today = town.memory.summaries_of("agnes", "wendy")
    assert len(today) == 1, [s.text for s in today]  # one summary of the day
    assert today[0].text.startswith("Today, with Wendy: Wendy stole my spangled costume"), today[0].text
    assert "Bess and Cora told me too" in today[0].text
    earlier = [s for s in town.memory.summaries.values() if s.holder == "agnes" and s.status == "superseded"]
    assert len(earlier) == 1 and earlier[0].superseded_by == today[0].id
    assert set(earlier[0].covers) <= set(today[0].covers)  # what it covered is the day's summary's now
    told = [s.text for s in town.memory.summaries_of("bess", "wendy")]  # what I saw and told of: one thing
    assert told == ["Today, with Wendy: Wendy stole Agnes's spangled costume"], told
