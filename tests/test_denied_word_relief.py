"""Told "Ida never said you were lazy" / 周先生从来没说过你马虎, the NPC is relieved and says what it was told
she said, en and zh: it answered "About me? That's not fair. Did you see it yourself?" (a word denied was taken
for a tale against it) or "真的？我向来觉得阿青实在。…"."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES

CAST = {"en": {"a": {"name": "Ida"}, "b": {"name": "Wynn"}, "c": {"name": "Colm"}, "p": {"name": "Sam", "player": True}},
        "zh": {"a": {"name": "阿青"}, "b": {"name": "小梁"}, "c": {"name": "老顾客"}, "p": {"name": "旅人", "player": True}}}
TOLD = {"en": "Ida says you are lazy", "zh": "阿青说你不靠谱"}
DENIED = {"en": "Ida never said you were lazy.", "zh": "阿青从来没说过你不靠谱"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_denied_word_is_relief_and_the_word_i_heard(lang: str) -> None:
    town = Town.from_scenario({"scenario": "x", "language": lang, "seed": 1, "start": "2026-05-11T07:00", "tick": "1h",
                               "characters": CAST[lang],
                               "timeline": [{"at": 1, "say": {"speaker": "c", "to": "b", "text": TOLD[lang]}}]})
    town.play_tick(1)
    said = town.say("p", "b", DENIED[lang]).text
    assert said.startswith(tuple(PHRASES[lang]["react_cleared"])), said
    assert ("Colm" in said) if lang == "en" else ("老顾客" in said), said
    assert not said.startswith(tuple(PHRASES[lang]["react_me"])), said
