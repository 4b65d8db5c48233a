"""The NPC's own mood asked plainly (newcomer L-29): 你最近心情怎么样？ got 我还真不知道, 你看起来有点累 and
"You look tired." small talk, "Rough day?" "I don't really know anything about that." - as if it refused to
talk about itself. Now what weighs on it, or that nothing does, as the question asked it."""

from __future__ import annotations

import pytest

from townsfolk.agents.my_mood import FINE_HOW, fine_words
from townsfolk.agents.voice import question_kind


@pytest.mark.parametrize(("line", "lang"), [("你最近心情怎么样？", "zh"), ("你看起来有点累。", "zh"), ("You look tired.", "en"),
                                           ("Rough day?", "en"), ("Had a rough day?", "en")])
def test_my_mood_asked_plainly(line: str, lang: str) -> None:
    assert question_kind(line, lang) == "my_mood"


@pytest.mark.parametrize(("line", "lang"), [("What a lovely day.", "en"), ("今天天气怎么样？", "zh")])
def test_no_mood_where_none_is_asked(line: str, lang: str) -> None:
    assert question_kind(line, lang) != "my_mood"


def test_how_i_am_is_answered_as_asked() -> None:
    assert fine_words("你最近心情怎么样？", "zh") == FINE_HOW["zh"] and fine_words("你怎么了？", "zh") != FINE_HOW["zh"]
