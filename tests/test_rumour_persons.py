"""A rumour's "you" is whoever first heard it (agents/quote_persons.py), and "Who told you that?" names the
teller (agents/voice.py `_source_answer`), en and zh. Mags said to Ole "Greta burnt your supper"; Ole, asked
by a stranger, said "Greta burnt your supper" (the stranger's?), Ann, told it by Ole, said the same, and "Who
told you that?" was answered by repeating the words ("Only what I said: Ole told me that ..."): the word
"told" in the question matched the memory of hearing it, not the belief naming its teller."""

from __future__ import annotations

import pytest

from townsfolk import Town

_TIES = [{"from": "mags", "to": "ann", "kind": "friend", "strength": 0.7, "mutual": True},
         {"from": "mags", "to": "ole", "kind": "friend", "strength": 0.7, "mutual": True},
         {"from": "ole", "to": "ann", "kind": "friend", "strength": 0.7, "mutual": True}]
EN = {"scenario": "Supper", "language": "en", "seed": 3, "start": "2026-10-14T07:00", "tick": "1h",
      "characters": {"greta": {"name": "Greta", "role": "camp cook"}, "ole": {"name": "Ole", "role": "logger"},
                     "mags": {"name": "Mags", "role": "saw filer"}, "ann": {"name": "Ann", "role": "teamster"},
                     "jun": {"name": "Jun", "player": True}},
      "relationships": _TIES,
      "timeline": [{"at": 1, "say": {"speaker": "mags", "to": "ole", "about": "greta", "text": "Greta burnt your supper."}},
                   {"at": 2, "gossip": {"teller": "ole", "to": "ann", "about": "greta"}}]}
ZH = {"scenario": "饭", "language": "zh", "seed": 3, "start": "2026-10-14T07:00", "tick": "1h",
      "characters": {"greta": {"name": "秀姑", "role": "伙房的厨娘"}, "ole": {"name": "老林", "role": "伐木的"},
                     "mags": {"name": "麻婶", "role": "锉锯的"}, "ann": {"name": "阿芳", "role": "赶车的"},
                     "jun": {"name": "阿远", "player": True}},
      "relationships": _TIES,
      "timeline": [{"at": 1, "say": {"speaker": "mags", "to": "ole", "about": "greta", "text": "秀姑把你的晚饭烧糊了。"}},
                   {"at": 2, "gossip": {"teller": "ole", "to": "ann", "about": "greta"}}]}


def _town(spec: dict) -> Town:
    town = Town.from_scenario(spec)
    town.advance(3)
    return town


@pytest.fixture(scope="module")
def en() -> Town:
    return _town(EN)


@pytest.fixture(scope="module")
def zh() -> Town:
    return _town(ZH)


def test_the_one_told_says_my_supper(en: Town) -> None:
    said = en.say("jun", "ole", "What happened?").text
    assert "my supper" in said and "your supper" not in said, said


def test_one_told_it_second_hand_names_whose_supper(en: Town) -> None:
    said = en.say("jun", "ann", "What did Ole tell you about Greta?").text
    assert "Ole's supper" in said and "your supper" not in said and "my supper" not in said, said


def test_the_teller_of_a_retelling_keeps_whose_supper(en: Town) -> None:
    said = en.say("jun", "ole", "What did you tell Ann?").text
    assert "my supper" in said and "Ann's supper" not in said, said


def test_who_told_you_that_names_the_teller(en: Town) -> None:
    en.say("jun", "ann", "Any news?")
    said = en.say("jun", "ann", "Who told you that?").text
    assert "Ole" in said and "supper" not in said, said
    en.say("jun", "ole", "Anything happen today?")
    said = en.say("jun", "ole", "Who told you that?").text
    assert "Mags" in said and "supper" not in said, said


def test_who_told_you_that_after_what_i_saw() -> None:
    spec = {**EN, "timeline": [{"at": 1, "happen": {"what": "Greta burnt Ole's supper", "actor": "greta",
                                                    "witnesses": ["mags"], "valence": -0.4}}]}
    town = _town(spec)
    town.say("jun", "mags", "What happened?")
    said = town.say("jun", "mags", "Who told you that?").text
    assert "saw it" in said, said


def test_zh_second_hand_names_whose_supper(zh: Town) -> None:
    said = zh.say("jun", "ann", "秀姑怎么了？").text
    assert "老林的晚饭" in said and "你的晚饭" not in said, said
    said = zh.say("jun", "ann", "老林跟你说了什么？").text
    assert "老林的晚饭" in said and "我的晚饭" not in said, said


def test_zh_the_teller_of_a_retelling_keeps_whose_supper(zh: Town) -> None:
    said = zh.say("jun", "ole", "你跟阿芳说了什么？").text
    assert "我的晚饭" in said and "阿芳的晚饭" not in said, said


def test_zh_who_told_you_names_the_teller(zh: Town) -> None:
    zh.say("jun", "ann", "最近有什么新鲜事？")
    said = zh.say("jun", "ann", "这话是谁跟你说的？").text
    assert "老林" in said and "晚饭" not in said, said
