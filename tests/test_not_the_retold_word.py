"""'Did you call Alan unreliable?' of one who only said he was a bit careless is "not in those words", never
"Aye, I said that" (a newcomer's circus and 戏班, N-1: the retold, harsher word was owned as the teller's);
'你说过阿全马虎吗？' of one who did say it is owned, not denied as a deed ("哪有这回事，不是我")."""

from __future__ import annotations

import pytest

from tests.ring_world import ring
from townsfolk import Town
from townsfolk.agents.those_words import NOT_THOSE_WORDS
from townsfolk.agents.voice_phrases import PHRASES


def _town(lang: str) -> Town:
    zh = lang == "zh"
    town = Town.from_scenario(ring(lang, timeline=[{"at": 1, "say": {"speaker": "ines", "to": "pip", "about": "alan",
                                       "text": "阿全今天鼓点打乱了，有点马虎。" if zh else
                                       "Alan left a frayed rope on my rig. A bit careless today."}}]))
    town.advance(2)
    return town


@pytest.mark.parametrize(("lang", "question"), [("en", "Did you call Alan unreliable?"),
                                                ("en", "Did you say Alan is unreliable?"),
                                                ("zh", "你是不是说过阿全不靠谱？"), ("zh", "你说过阿全不靠谱没有？")])
def test_a_harsher_word_put_to_me_is_not_owned(lang: str, question: str) -> None:
    said = _town(lang).say("sam", "ines", question).text
    assert said.startswith(tuple(NOT_THOSE_WORDS[lang])), said
    assert not said.startswith(tuple(PHRASES[lang]["words_owned"])), said


@pytest.mark.parametrize(("lang", "question"), [("en", "Did you say Alan was careless?"), ("zh", "你说过阿全马虎吗？")])
def test_the_word_i_did_say_is_owned(lang: str, question: str) -> None:
    said = _town(lang).say("sam", "ines", question).text
    assert said.startswith(tuple(PHRASES[lang]["words_owned"])), said


def test_words_told_to_me_are_not_my_words() -> None:
    """林旅人跟你说过什么秘密吗？ asks what Lin told me, not whether I said it (two_travellers' privacy run)."""
    from townsfolk.agents.my_tellings import confronted_with
    assert confronted_with("林旅人跟你说过什么秘密吗？", "zh") != "did_you"
    assert confronted_with("你说过阿全马虎吗？", "zh") == "did_you"
