"""An eyewitness whose fellow witnesses also told her worse of it still says she saw it (newcomer K-19):
Edith saw Alan leave a frayed rope, then Kit and Jane told her he is unreliable and dishonest; asked
"Did you see Alan leave the frayed rope?" she said "No, I wasn't there." and gave Kit's word, for the
context held only her beliefs and her witnessed one was skipped as said by the event of seeing it."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.saw_it import NOT_THERE, SAW_IT

WORLDS = {
    "en": ({"alan": {"name": "Alan Bristow", "role": "rigger"}, "edith": {"name": "Edith Slater", "role": "groom"},
            "kit": {"name": "Kit Miller", "role": "clown"}, "jane": {"name": "Jane Mason", "role": "acrobat"}},
           "Alan Bristow left a frayed rope on the trapeze rig, careless work",
           ["Alan Bristow is unreliable.", "Alan Bristow is dishonest."],
           "Did you see Alan Bristow leave the frayed rope?", "frayed rope"),
    "zh": ({"alan": {"name": "阿兰", "role": "搭架子的"}, "edith": {"name": "伊迪", "role": "马夫"},
            "kit": {"name": "小吉", "role": "小丑"}, "jane": {"name": "阿珍", "role": "杂技演员"}},
           "阿兰在秋千架上留了一根磨损的绳子，干活太马虎", ["阿兰靠不住。", "阿兰不老实。"],
           "你看见阿兰留下那根磨损的绳子了吗？", "绳子"),
}


def _town(lang: str) -> Town:
    cast, what, told, _q, _w = WORLDS[lang]
    timeline = [{"at": 0, "happen": {"what": what, "actor": "alan", "witnesses": ["edith", "kit", "jane"],
                                     "valence": -0.4}}]
    timeline += [{"at": 1, "say": {"speaker": who, "to": "edith", "about": "alan", "text": text}}
                 for who, text in zip(["kit", "jane"], told, strict=True)]
    return Town.from_scenario({"scenario": "rope", "language": lang, "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "yard", "timeline": timeline,
                               "characters": {**cast, "me": {"name": "Reporter", "player": True}}})


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_eyewitness_told_worse_still_says_she_saw_it(lang):
    town = _town(lang)
    town.advance(3)
    text = town.say("me", "edith", WORLDS[lang][3]).text
    assert any(text.startswith(s) for s in SAW_IT[lang]) and WORLDS[lang][4] in text, text
    assert not any(s in text for s in NOT_THERE[lang]), text


def test_did_you_see_it_yourself_after_the_frayed_rope():
    """"Did you see it yourself?" after "...leave the frayed rope?": "it" is the frayed rope, not "the frayed"
    (which named nothing, so she said "No idea, sorry. Nobody's told me.")."""
    town = _town("en")
    town.advance(3)
    town.say("me", "edith", WORLDS["en"][3])
    text = town.say("me", "edith", "Did you see it yourself?").text
    assert any(text.startswith(s) for s in SAW_IT["en"]) and "frayed rope" in text, text


def test_did_you_see_it_yourself_is_the_story_just_told():
    """With two frayed ropes seen, "Did you see it yourself?" after Alan's is Alan's: "it" resolved to "the
    frayed rope" found the newest rope seen (Jane's), not the story just told (the newcomer's circus run)."""
    timeline = [{"at": 0, "happen": {"what": WORLDS["en"][1], "actor": "alan", "witnesses": ["edith"], "valence": -0.4}},
                {"at": 1, "happen": {"what": "Jane Mason left a frayed rope on the trapeze rig, careless work",
                                     "actor": "jane", "witnesses": ["edith"], "valence": -0.4}}]
    town = Town.from_scenario({"scenario": "ropes", "language": "en", "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "yard", "timeline": timeline,
                               "characters": {**WORLDS["en"][0], "me": {"name": "Reporter", "player": True}}})
    town.advance(3)
    town.say("me", "edith", "Did you see Alan Bristow leave the frayed rope?")
    text = town.say("me", "edith", "Did you see it yourself?").text
    assert "Alan Bristow left a frayed rope" in text and "Jane" not in text, text
