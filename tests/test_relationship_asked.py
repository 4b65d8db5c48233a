""""你和钱芳勇是什么关系？" / "What's your relationship with Ned?" ask what the tie is (newcomer L-14: 钱喜 answered
我想想啊。我跟钱芳勇说过余福文偷了东西。 of a man of his own household)."""

from __future__ import annotations

import pytest

from townsfolk.agents.tie_question import WHAT, tie_asked


@pytest.mark.parametrize(("line", "lang", "name"), [("你和钱芳勇是什么关系？", "zh", "钱芳勇"), ("你跟老周是啥关系？", "zh", "老周"),
                                                   ("What's your relationship with Ned?", "en", "Ned"),
                                                   ("What is your connection to Reverend Hale?", "en", "Reverend Hale")])
def test_what_the_tie_is_asked(line: str, lang: str, name: str) -> None:
    assert tie_asked(line, lang) == (name, WHAT)
