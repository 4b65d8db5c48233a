""""Can you tell Gideon that Rowan is sorry?" asks the NPC to carry a message: Hazel answered "So Gideon is sorry.
Well, that's something. All the same, I saw it myself: ..." (read as Gideon's own sorry, relayed to her)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.test_sorry_asked import EN


@pytest.mark.parametrize("line", ["Can you tell Gideon that Rowan is sorry?",
                                  "Could you tell Gideon that Rowan never meant any harm?"])
def test_a_message_to_carry_is_promised_not_taken_as_news(tmp_path: Path, line: str) -> None:
    said = town_of(tmp_path, EN, 3).say("wren", "mabel", line).text
    assert "Gideon" in said and "So Gideon is sorry" not in said and any(w in said.lower() for w in ("tell", "pass", "hear it")), said


def test_a_sorry_carried_to_me_is_still_its_makers(tmp_path: Path) -> None:
    said = town_of(tmp_path, EN, 3).say("wren", "gideon", "Rowan wanted me to say he's sorry.").text
    assert "Rowan" in said and "sorry" in said, said
