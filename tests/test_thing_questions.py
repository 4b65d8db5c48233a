"""A question naming a thing the NPC holds ("井水怎么了？") is answered from what it holds, in zh and en."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.memory.topic import thing_matches

EVENTS = {
    "zh": ["昨夜一场大雨，井水变浑了", "磨坊的水车坏了，今天不磨面", "李四送了老张一篮鸡蛋"],
    "en": ["After last night's rain the well water turned muddy", "The mill's waterwheel broke, no grinding today",
           "Li gave Old Zhang a basket of eggs"],
}
NAMES = {"zh": ("老张", "李四", "小王"), "en": ("Old Zhang", "Li", "Wang")}


def _town(lang: str) -> Town:
    zhang, li, wang = NAMES[lang]
    well, mill, eggs = EVENTS[lang]
    town = Town.from_scenario({
        "scenario": "well", "language": lang,
        "characters": {"zhang": {"name": zhang}, "li": {"name": li}, "p": {"name": wang, "player": True}},
        "timeline": [{"at": 1, "happen": {"what": well, "witnesses": ["zhang"]}},
                     {"at": 1, "happen": {"what": mill, "witnesses": ["zhang"]}},
                     {"at": 1, "happen": {"what": eggs, "actor": "li", "witnesses": ["zhang"]}}]})
    town.advance(2)
    return town


@pytest.mark.parametrize(("lang", "asks"), [
    ("zh", [("你听说井水的事了吗？", "井水变浑"), ("井水怎么了？", "井水变浑"), ("磨坊怎么样了", "水车坏了")]),
    ("en", [("Did you hear about the well?", "well water turned muddy"),
            ("What's wrong with the well?", "well water turned muddy"), ("How is the mill?", "waterwheel broke")]),
])
def test_a_witness_answers_a_question_about_a_thing_it_saw(lang: str, asks: list[tuple[str, str]]) -> None:
    for question, expected in asks:  # each asked first, to a witness who has not told it yet today
        reply = _town(lang).say("p", "zhang", question).text
        assert expected in reply, (question, reply)
    # a question about the mill is answered with the mill, not the well
    mill = _town(lang).say("p", "zhang", asks[2][0]).text
    assert EVENTS[lang][0] not in mill
    # right after a general answer the thing question is still recognised (not "I don't know")
    town = _town(lang)
    town.say("p", "zhang", asks[0][0])
    again = town.say("p", "zhang", asks[1][0]).text
    assert not any(w in again for w in ("不太清楚", "说不上来", "don't really know", "No idea")), again


def test_small_talk_is_not_a_thing_question() -> None:
    for q in ("你好", "今天天气怎么样？", "老张，你好吗？"):
        assert thing_matches(q, EVENTS["zh"], "zh", ignore=("老张",)) == [], q
    for q in ("Hello", "How are you?", "Well, how are you?", "Are you well?", "Is the weather nice today?"):
        assert thing_matches(q, EVENTS["en"], "en", ignore=("Old Zhang",)) == [], q
    assert thing_matches("井水怎么了？", EVENTS["zh"], "zh") == [0]
    assert thing_matches("How is the mill?", EVENTS["en"], "en") == [1]


def test_a_one_character_thing_is_asked_after() -> None:
    """"你的米怎么了？" names the rice by one character (no bigram to share): the mill's customer
    answers with what befell her rice, not "I don't know"; 你怎么了 asks after her, not a thing."""
    held = ["我的米称出来少了两斤", "阿虎挑了一担柴"]
    assert thing_matches("你的米怎么了？", held, "zh") == [0]
    assert thing_matches("米呢？", held, "zh") == [0]
    assert thing_matches("你怎么了？", held, "zh") == []
    assert thing_matches("柴怎么样了", held, "zh") == [1]
    town = Town.from_scenario({
        "scenario": "mill", "language": "zh",
        "characters": {"liu": {"name": "刘嫂"}, "zhou": {"name": "老周"}, "p": {"name": "过路人", "player": True}},
        "timeline": [{"at": 1, "happen": {"what": "刘嫂的米称出来少了两斤", "actor": "zhou", "witnesses": ["liu"]}}]})
    town.advance(2)
    assert "两斤" in town.say("p", "liu", "你的米怎么了？").text

