"""A reply leads with what answers the question (agents/voice.py _memory_lines): who the NPC knows
is said only when asked about that person, and then as a clause about them (他为人勤快); "why is X
angry with you?" is answered from the NPC's own doings (agents/pipeline.py _me_asked), zh and en."""

from __future__ import annotations

import pytest

from townsfolk import Town

HIVES = {"scenario": "Hives", "language": "en", "seed": 7, "start": "2026-05-12T07:00", "tick": "1h",
         "characters": {"marta": {"name": "Marta Reed", "role": "beekeeper", "persona": "Proud of her bees, quick to anger."},
                        "colm": {"name": "Colm", "role": "shepherd boy", "persona": "Shy, clumsy, honest to a fault."},
                        "ida": {"name": "Ida Fenn", "role": "miller", "persona": "Loves a story."},
                        "ned": {"name": "Ned Hale", "role": "innkeeper", "persona": "Calm, hears everything, says little."},
                        "p": {"name": "Wren", "player": True}},
         "relationships": [{"from": "marta", "to": "ida", "kind": "friend", "strength": 0.6, "mutual": True},
                           {"from": "ida", "to": "ned", "kind": "neighbour", "strength": 0.5, "mutual": True},
                           {"from": "colm", "to": "marta", "kind": "neighbour", "strength": 0.4}],
         "timeline": [{"at": 1, "happen": {"what": "Colm's sheep knocked over two of Marta's hives", "actor": "colm",
                                           "witnesses": ["ida"], "valence": -0.5}},
                      {"at": 2, "happen": {"what": "Colm left the gate open and the goats ate the cabbages",
                                           "actor": "colm", "valence": -0.3}},
                      {"at": 2, "gossip": {"teller": "ida", "to": "marta", "about": "colm"}}]}
MILL = {"scenario": "磨坊", "language": "zh", "seed": 11, "start": "2026-03-02T06:00", "tick": "1h",
        "characters": {"zhou": {"name": "老周", "role": "豆腐坊老板", "persona": "勤快、认死理、心软。"},
                       "fang": {"name": "小芳", "role": "学徒", "persona": "腼腆、怕挨骂。"},
                       "pang": {"name": "胖婶", "role": "邻居", "persona": "爱打听。"},
                       "p": {"name": "阿远", "player": True}},
        "relationships": [{"from": "zhou", "to": "fang", "kind": "mentor", "strength": 0.7},
                          {"from": "pang", "to": "zhou", "kind": "neighbour", "strength": 0.6, "mutual": True}],
        "timeline": [{"at": 1, "happen": {"what": "小芳推磨时用力过猛，把磨盘磕裂了", "actor": "fang", "witnesses": ["pang"],
                                          "valence": -0.5}},
                     {"at": 2, "gossip": {"teller": "pang", "to": "zhou", "about": "fang"}}]}


@pytest.fixture()
def en() -> Town:
    town = Town.from_scenario(HIVES)
    town.advance(3)
    return town


@pytest.fixture()
def zh() -> Town:
    town = Town.from_scenario(MILL)
    town.advance(3)
    return town


@pytest.mark.parametrize(("npc", "text", "answer"), [("ida", "What happened to Marta's hives?", "knocked over"),
                                                     ("ida", "Did something happen to Marta's bees?", "knocked over")])
def test_a_question_about_a_happening_is_not_prefaced_by_who_the_npc_knows(en: Town, npc: str, text: str,
                                                                          answer: str) -> None:
    said = en.say("p", npc, text).text
    assert answer in said and "lives near me" not in said and "friend of mine" not in said, said


@pytest.mark.parametrize(("npc", "text", "answer"), [("fang", "你师父为什么生你的气？", "磨盘"),
                                                     ("fang", "老周为什么骂你？", "磨盘")])
def test_why_someone_is_angry_with_you_is_answered_from_your_own_doing_zh(zh: Town, npc: str, text: str,
                                                                          answer: str) -> None:
    said = zh.say("p", npc, text).text
    assert answer in said and "人勤快" not in said, said


def test_why_someone_is_angry_with_you_is_answered_from_your_own_doing_en(en: Town) -> None:
    said = en.say("p", "colm", "Why is Marta angry with you?").text
    assert "knocked over" in said and "lives near me" not in said, said


def test_asked_about_a_person_the_description_is_a_clause_about_them(zh: Town) -> None:
    said = zh.say("p", "fang", "你师父是个什么样的人？").text
    assert "为人勤快" in said and "，人勤快" not in said, said
