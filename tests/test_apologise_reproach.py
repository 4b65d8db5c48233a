""""You really should apologise to Owen." to the one who spread a tale of him is a reproach (newcomer N-24).

Hattie, who had passed on that Ada says Owen stole, answered "That's good to hear. According to Ada,
Owen took things without asking." She now answers for her own words, in her manner; someone who told
no tale of Owen is not made to.
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.my_tellings import confronted_with
from townsfolk.agents.voice_phrases import PHRASES

_OWN_WORDS = ("words_defend", "words_defend_said", "words_worse_owned", "words_worse_excuse", "words_as_heard_regret",
              "words_regret", "words_owned")


def _gate(language: str) -> dict:  # type: ignore[type-arg]
    """The schoolmistress tells the baker the caretaker took the bell; the baker tells the grocer."""
    zh = language == "zh"
    return {
        "scenario": "学堂" if zh else "The school", "language": language, "seed": 5, "start": "2026-05-02T07:00",
        "tick": "30m", "place": "学堂门口" if zh else "the school gate",
        "characters": {
            "ada": {"name": "严先生" if zh else "Ada", "role": "教书先生" if zh else "schoolmistress"},
            "owen": {"name": "老周" if zh else "Owen", "role": "杂役" if zh else "caretaker"},
            "hattie": {"name": "花婶" if zh else "Hattie", "role": "卖包子的" if zh else "baker",
                       "traits": {"candour": 0.3, "exaggeration": 0.8}},
            "silas": {"name": "孙掌柜" if zh else "Silas", "role": "杂货铺掌柜" if zh else "grocer"},
            "p": {"name": "新来的" if zh else "Rowan", "player": True}},
        "relationships": [{"from": "hattie", "to": "silas", "kind": "customer", "strength": 0.5, "mutual": True}],
        "timeline": [
            {"at": 1, "say": {"speaker": "ada", "to": "hattie", "about": "owen",
                              "text": "老周没问一声就把学堂的钟拿走了。" if zh else "Owen took the school bell without asking."}},
            {"at": 2, "gossip": {"teller": "hattie", "to": "silas", "about": "owen"}}]}


def _own_words(text: str, language: str) -> bool:
    return any(text.startswith(p) for key in _OWN_WORDS for p in PHRASES[language][key])


@pytest.mark.parametrize("language", ["en", "zh"])
def test_should_apologise_to_the_one_i_told_tales_of_is_answered_for_my_words(language: str) -> None:
    zh = language == "zh"
    town = Town.from_scenario(_gate(language))
    town.advance(4)
    text = town.say("p", "hattie", "你真该去跟老周赔个不是。" if zh else "You really should apologise to Owen.").text
    assert _own_words(text, language), text
    other = town.say("p", "silas", "你真该去跟老周赔个不是。" if zh else "You really should apologise to Owen.").text
    assert not _own_words(other, language), other  # Silas told no tale of Owen


def test_apologise_reading() -> None:
    assert confronted_with("You should say sorry to Owen.", "en") == "apologise"
    assert confronted_with("你应该向老周道歉。", "zh") == "apologise"
    assert confronted_with("Owen should apologise to you.", "en") is None
