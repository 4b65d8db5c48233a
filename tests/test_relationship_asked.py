""""你和钱芳勇是什么关系？" / "What's your relationship with Ned?" ask what the tie is (newcomer L-14: 钱喜 answered
我想想啊。我跟钱芳勇说过余福文偷了东西。 of a man of his own household)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN
from townsfolk.agents.tie_question import WHAT, tie_asked


@pytest.mark.parametrize(("line", "lang", "name"), [("你和钱芳勇是什么关系？", "zh", "钱芳勇"), ("你跟老周是啥关系？", "zh", "老周"),
                                                   ("What's your relationship with Ned?", "en", "Ned"),
                                                   ("What is your connection to Reverend Hale?", "en", "Reverend Hale")])
def test_what_the_tie_is_asked(line: str, lang: str, name: str) -> None:
    assert tie_asked(line, lang) == (name, WHAT)


def test_how_are_you_related_is_no_greeting(tmp_path: Path) -> None:
    """"How are you related to Tobin?" opens with "How are you": it asks the tie, not after my health (session 26)."""
    town = town_of(tmp_path, CAST_EN, 1)
    said = town.say("visitor", "bram", "How are you related to Tobin?").text
    assert said.startswith("Tobin"), said  # the tie (the mentor's words for it vary)
    assert "Morning" not in said and "yourself" not in said, said
