""""Did you and Ned talk since yesterday?" asks how things stand between the two, not a deed of the NPC's
(newcomer L-18: Agatha answered "No, I didn't and Ned talk since yesterday.", a denial read off the words)."""

from __future__ import annotations

import pytest

from townsfolk.agents.deed_match import accusation
from townsfolk.agents.voice import question_kind


@pytest.mark.parametrize("line", ["Did you and Ned talk since yesterday?", "Have you and Ned sorted it out?",
                                  "Did you and Reverend Hale quarrel?"])
def test_you_and_someone_is_how_things_stand(line: str) -> None:
    assert accusation(line, "en") is None
    assert question_kind(line, "en") == "relation"


def test_a_deed_of_mine_is_still_an_accusation() -> None:
    acc = accusation("Did you steal the flour?", "en")
    assert acc is not None and acc.verb == "steal"
