"""Damage to a shared or unnamed thing is still damage: 'He tore the nets again', 'brought the nets back
torn' read as a remark once the meaning examples changed, so a retold complaint moved no tie
(scenarios/harbour_erasure.yaml's tick-4 expectation). Set phrases ('broke the news') stay no damage."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read_by_cues


@pytest.mark.parametrize("text", ["He tore the nets again", "Tobiah brought the nets back torn",
                                  "She returned my cart broken", "He snapped the oar", "Dov ruined Ysolde's rope"])
def test_damage_to_a_thing_reads_as_damaged(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == "damaged", (text, reading)


@pytest.mark.parametrize("text", ["She broke the news gently", "He broke the ice at supper", "He broke the law",
                                  "She brought the bread back warm", "He left the door open",
                                  "She broke the silence"])
def test_set_phrases_and_plain_returns_are_no_damage(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is None or reading.key != "damaged", (text, reading)
