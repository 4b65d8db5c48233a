"""'Are you still angry with Ines?' / 你还生秀芝的气吗？ of one told that she called him careless is a yes, not
"Not angry, no." averaged from his old good opinion of her (a newcomer's circus and 戏班, N-6)."""

from __future__ import annotations

import pytest

from tests.ring_world import ring
from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES


def _town(lang: str) -> Town:
    zh = lang == "zh"
    town = Town.from_scenario(ring(
        lang, relationships=[{"from": "alan", "to": "ines", "kind": "colleague", "strength": 0.7, "mutual": True}],
        impressions=[{"holder": "alan", "about": "ines", "text": "唱得好" if zh else "a fine flyer",
                      "valence": 0.6, "confidence": 0.7}],
        timeline=[{"at": 1, "say": {"speaker": "ines", "to": "pip", "about": "alan",
                                       "text": "阿全今天鼓点打乱了，有点马虎。" if zh else "Alan was a bit careless today."}},
                     {"at": 2, "gossip": {"teller": "pip", "to": "alan", "about": "ines"}}]))
    town.advance(3)
    return town


@pytest.mark.parametrize(("lang", "question"), [("en", "Are you still angry with Ines?"), ("zh", "你还生秀芝的气吗？")])
def test_words_against_me_are_the_grudge(lang: str, question: str) -> None:
    said = _town(lang).say("sam", "alan", question).text
    assert said.startswith(tuple(PHRASES[lang]["feeling_mine_yes"])), said


def test_no_grudge_against_one_who_said_nothing_of_me() -> None:
    said = _town("en").say("sam", "alan", "Are you angry with Pip?").text
    assert said.startswith(tuple(p.split("{")[0] for p in PHRASES["en"]["feeling_mine_no"])), said
