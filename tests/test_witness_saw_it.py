"""A witness asked "did you see ...?" answers from what it saw (newcomer N-4): Wren saw Gus misprint
Dora's handbills, yet "Did you see what happened with the handbills?" got "No, not that I've
heard."; now she says she saw it, and what, in en and zh. One who only heard of it does not."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.saw_it import SAW_IT

WORLDS = {
    "en": ({"gus": {"name": "Gus", "role": "printer"}, "wren": {"name": "Wren", "role": "compositor"},
            "finch": {"name": "Finch", "role": "errand boy"}},
           "Gus printed Dora's handbills with the wrong date", "gus", "wren", "finch",
           "Gus botched the handbills.", "Did you see what happened with the handbills?", "handbills"),
    "zh": ({"laochen": {"name": "老陈", "role": "染坊掌柜"}, "xiaomei": {"name": "小梅", "role": "学徒"},
            "ahu": {"name": "阿虎", "role": "挑夫"}},
           "老陈把王嫂的绸子染花了", "laochen", "xiaomei", "ahu",
           "老陈把绸子染坏了。", "绸子染花的时候你在场吗？", "绸子"),
}


def _town(lang: str) -> tuple[Town, tuple]:
    cast, what, actor, witness, hearer, told, question, word = WORLDS[lang]
    timeline = [{"at": 0, "happen": {"what": what, "actor": actor, "witnesses": [witness], "valence": -0.3}},
                {"at": 0, "say": {"speaker": witness, "to": hearer, "about": actor, "text": told}}]
    town = Town.from_scenario({"scenario": "seen", "language": lang, "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "shop", "timeline": timeline,
                               "characters": {**cast, "me": {"name": "Sam", "player": True}}})
    return town, (witness, hearer, question, word)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_witness_says_she_saw_it_and_what(lang):
    town, (witness, hearer, question, word) = _town(lang)
    text = town.say("me", witness, question).text
    assert any(text.startswith(s) for s in SAW_IT[lang]) and word in text, text
    heard = town.say("me", hearer, question).text
    assert not any(s in heard for s in SAW_IT[lang]), heard  # only heard of it: never "I was there"
