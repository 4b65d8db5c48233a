"""The one wronged, asked what was done to them, says what happened to them as they saw it (newcomer
K-35, K-45): Agnes, whose costume Wendy stole before her eyes, said "I don't really know anything about
that." to "What was stolen from you?"; 黄安, overcharged by the boatman, answered "林平文多收你钱了？" with
the hearsay "林平文不老实", twice over, and "谁多收了你的钱？" with "就这些了，别的我也不知道。"."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.done_to_me import YES

WORLDS = {
    "en": ({"wendy": {"name": "Wendy Carter", "role": "wardrobe mistress"},
            "agnes": {"name": "Agnes Gale", "role": "equestrienne"},
            "bess": {"name": "Bess Sawyer", "role": "seamstress"}, "noah": {"name": "Noah Spencer", "role": "ringmaster"}},
           "Wendy Carter stole Agnes Gale's spangled costume", ["Wendy Carter stole something.", "Wendy Carter is dishonest."],
           [("What was stolen from you?", False), ("Did Wendy Carter steal your costume?", True)], "spangled costume"),
    "zh": ({"wendy": {"name": "林平文", "role": "船家"}, "agnes": {"name": "黄安", "role": "货郎"},
            "bess": {"name": "邵志敏", "role": "茶摊老板"}, "noah": {"name": "郭强国", "role": "渡口管事"}},
           "林平文多收了黄安的船钱", ["林平文不老实。", "林平文不老实。"],
           [("林平文多收你钱了？", True), ("谁多收了你的钱？", False)], "多收了我的船钱"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_wronged_one_says_what_was_done_to_them(lang):
    cast, what, told, questions, words = WORLDS[lang]
    timeline = [{"at": 0, "happen": {"what": what, "actor": "wendy", "about": "agnes", "witnesses": ["agnes", "bess"],
                                     "valence": -0.5}}]
    timeline += [{"at": 1, "say": {"speaker": who, "to": "agnes", "about": "wendy", "text": text}}
                 for who, text in zip(["bess", "noah"], told, strict=True)]
    town = Town.from_scenario({"scenario": "wronged", "language": lang, "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "yard", "timeline": timeline,
                               "characters": {**cast, "me": {"name": "Reporter", "player": True}}})
    town.advance(3)
    for question, yes_no in questions:
        text = town.say("me", "agnes", question).text
        assert words in text, (question, text)
        assert not yes_no or any(text.startswith(y.rstrip("，")) for y in YES[lang]), (question, text)
        assert "不老实" not in text and "dishonest" not in text and "something" not in text, (question, text)
