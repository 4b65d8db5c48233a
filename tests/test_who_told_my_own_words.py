"""'Who told you that Owen took the bell?' asked of Ada, who saw nothing and only said it to Hattie, was
answered "Nobody told me; I saw it myself" from a memory that shares only Owen's name (newcomer N-5).
Now my own words are where I had it from when nobody told me and I saw nothing of it; a thing I saw of
it, or a telling I heard, still comes first."""

from __future__ import annotations

import pytest

from townsfolk import Town

WORDS = {
    "en": {"ada": "Ada", "owen": "Owen", "hattie": "Hattie", "pip": "Pip", "rowan": "Rowan",
           "said": "Owen took the bell without asking", "waved": "Owen waved at Ada across the yard",
           "saw": "Owen broke the gate", "said2": "Owen broke the gate again",
           "q": "Who told you that Owen took the bell?", "q2": "Who told you that Owen broke the gate again?"},
    "zh": {"ada": "阿兰", "owen": "欧文", "hattie": "花婶", "pip": "小皮", "rowan": "若文",
           "said": "欧文没打招呼就把钟拿走了", "waved": "欧文隔着院子跟阿兰招了招手",
           "saw": "欧文把大门弄坏了", "said2": "欧文又把大门弄坏了",
           "q": "谁跟你说欧文没打招呼就把钟拿走了？", "q2": "谁跟你说欧文又把大门弄坏了？"},
}


def _town(lang: str) -> Town:
    w = WORDS[lang]
    people = {k: {"name": w[k]} for k in ("ada", "owen", "hattie", "pip")}
    people["rowan"] = {"name": w["rowan"], "player": True}
    beats = [{"at": 1, "happen": {"what": w["waved"], "actor": "owen", "witnesses": ["ada"], "valence": 0.1}},
             {"at": 2, "say": {"speaker": "ada", "to": "hattie", "about": "owen", "text": w["said"]}},
             {"at": 3, "happen": {"what": w["saw"], "actor": "owen", "witnesses": ["pip"], "valence": -0.4}},
             {"at": 4, "say": {"speaker": "pip", "to": "hattie", "about": "owen", "text": w["said2"]}}]
    town = Town.from_scenario({"scenario": "yard", "language": lang, "seed": 3, "start": "2026-09-07T08:00",
                               "tick": "1h", "place": "yard", "characters": people, "timeline": beats})
    town.advance(5)
    return town


@pytest.mark.parametrize("lang,mine,not_seen", [("en", "said", "saw it"), ("zh", "是我", "亲眼")])
def test_my_own_words_when_nobody_told_me(lang: str, mine: str, not_seen: str) -> None:
    said = _town(lang).say("rowan", "ada", WORDS[lang]["q"]).text
    assert mine in said and WORDS[lang]["hattie"] in said and not_seen not in said, said


@pytest.mark.parametrize("lang,seen", [("en", "saw"), ("zh", "亲眼")])
def test_what_i_saw_still_comes_first(lang: str, seen: str) -> None:
    said = _town(lang).say("rowan", "pip", WORDS[lang]["q2"]).text  # Pip saw it, then said it to Hattie
    assert seen in said, said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_telling_heard_still_names_its_teller(lang: str) -> None:
    said = _town(lang).say("rowan", "hattie", WORDS[lang]["q"]).text  # Ada told her
    assert WORDS[lang]["ada"] in said, said
