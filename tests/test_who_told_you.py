""""Who told you about the rope?" asks where the NPC's knowing came from (agents/voice.py `_source_answer`), en
and zh: a witness drew "Like I said, Tobe took a coil of rope ...". Now one who saw it says so, with what it
saw; one who was told names the teller."""

from __future__ import annotations

import pytest

from townsfolk import Town

EN = {"scenario": "Rope", "language": "en", "seed": 23, "start": "2026-10-14T07:00", "tick": "1h",
      "characters": {"tobe": {"name": "Tobe", "role": "eel trapper"}, "linnet": {"name": "Linnet", "role": "lamplighter"},
                     "ysa": {"name": "Ysa", "role": "midwife"}, "corwin": {"name": "Corwin", "role": "chandler"},
                     "jun": {"name": "Jun", "player": True}},
      "relationships": [{"from": "linnet", "to": "ysa", "kind": "friend", "strength": 0.7, "mutual": True}],
      "timeline": [{"at": 1, "happen": {"what": "Tobe took a coil of rope from Corwin's shop and never paid",
                                        "actor": "tobe", "witnesses": ["linnet"], "valence": -0.5}},
                   {"at": 2, "gossip": {"teller": "linnet", "to": "ysa", "about": "tobe"}}]}
ZH = {"scenario": "源", "language": "zh", "seed": 4, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"xiu": {"name": "秀姑", "role": "织网的"}, "wang": {"name": "王婆", "role": "洗衣的"},
                     "hai": {"name": "阿海", "role": "渔夫"}, "p": {"name": "阿远", "player": True}},
      "timeline": [{"at": 1, "happen": {"what": "阿海偷了王婆的鸡", "actor": "hai", "witnesses": ["wang"]}},
                   {"at": 2, "gossip": {"teller": "wang", "to": "xiu", "about": "hai"}}]}


@pytest.fixture(scope="module")
def en() -> Town:
    town = Town.from_scenario(EN)
    town.advance(3)
    return town


def test_a_witness_saw_it_herself(en: Town) -> None:
    en.say("jun", "linnet", "Anything happen today?")
    said = en.say("jun", "linnet", "Who told you about the rope?").text
    assert "saw it" in said and "Like I said" not in said, said


def test_one_who_was_told_names_the_teller(en: Town) -> None:
    said = en.say("jun", "ysa", "Where did you hear that about Tobe?").text
    assert "Linnet" in said and "saw it" not in said, said


def test_who_told_you_zh() -> None:
    town = Town.from_scenario(ZH)
    town.advance(3)
    assert "亲眼" in town.say("p", "wang", "阿海偷鸡的事，谁告诉你的？").text
    assert "王婆" in town.say("p", "xiu", "阿海偷鸡的事，你听谁说的？").text
