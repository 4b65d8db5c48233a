"""Everyday requests and questions get an answer in the NPC's trade (agents/everyday.py), zh and en:
a request is served, sent on to whoever does it, put off or declined, never met with a denial or the
weather; tomorrow's weather and names from outside the world get an honest "don't know"; a personal
question is answered from the role; where someone lives is "I couldn't say" or "I don't know them";
a ware is answered by whoever sells it; a promise is never followed by a doubt; joined phrases do not
say a word twice."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.everyday import PHRASES
from townsfolk.agents.join_words import without_repeats
from townsfolk.agents.promise_reply import after_promise
from townsfolk.agents.small_talk import ANSWERS

MARKET = {"scenario": "集市上的秤", "language": "zh", "seed": 3, "start": "2026-06-01T07:00", "tick": "1h",
          "characters": {"zhoushen": {"name": "周婶", "role": "卖豆腐的", "persona": "说话直，心肠软"},
                         "tiejiang": {"name": "老铁", "role": "铁匠", "persona": "话少，手艺好"},
                         "chaguan": {"name": "茶馆老板娘", "role": "茶馆掌柜", "persona": "爱打听"},
                         "xiaoliu": {"name": "小刘", "role": "脚夫", "persona": "年轻，爱凑热闹"},
                         "keren": {"name": "过路人", "player": True}},
          "relationships": [{"from": "zhoushen", "to": "chaguan", "kind": "neighbour", "strength": 0.6, "mutual": True}],
          "timeline": [{"at": 1, "happen": {"what": "小刘搬货时碰翻了周婶的豆腐摊", "actor": "xiaoliu",
                                            "witnesses": ["chaguan"], "valence": -0.3}},
                       {"at": 2, "gossip": {"teller": "chaguan", "to": "tiejiang", "about": "xiaoliu"}}]}
MILL = {"scenario": "The Mill Race", "language": "en", "seed": 4, "start": "2026-09-03T08:00", "tick": "1h",
        "characters": {"hester": {"name": "Hester", "role": "baker", "persona": "Up before dawn; generous with the burnt loaves"},
                       "amos": {"name": "Amos", "role": "ferryman", "persona": "Knows every eddy of the river"},
                       "bel": {"name": "Bel", "role": "miller", "persona": "Counts every sack twice"},
                       "tam": {"name": "Tam", "role": "apprentice miller", "persona": "Eager and clumsy"},
                       "you": {"name": "Robin", "player": True}},
        "relationships": [{"from": "hester", "to": "amos", "kind": "friend", "strength": 0.7, "mutual": True}],
        "timeline": [{"at": 1, "happen": {"what": "Tam spilled a sack of Bel's flour into the mill race", "actor": "tam",
                                          "witnesses": ["amos"], "valence": -0.3}},
                     {"at": 2, "gossip": {"teller": "amos", "to": "hester", "about": "tam"}}]}


@pytest.fixture(scope="module")
def zh() -> Town:
    town = Town.from_scenario(MARKET)
    town.advance(2)
    return town


@pytest.fixture(scope="module")
def en() -> Town:
    town = Town.from_scenario(MILL)
    town.advance(2)
    return town


def _said_as(text: str, lang: str, *keys: str) -> bool:
    """Whether the reply is one of these phrases (its fixed words before the first slot)."""
    return any(p.split("{")[0].rstrip("，,;: ") in text for k in keys for p in PHRASES[lang][k])


def test_a_request_is_served_by_its_trade_or_sent_to_whoever_does_it_zh(zh: Town) -> None:
    said = zh.say("keren", "zhoushen", "周婶，来碗豆腐脑。").text
    assert _said_as(said, "zh", "serve") and "豆腐脑" in said, said
    said = zh.say("keren", "zhoushen", "你能教我打铁吗？").text
    assert "老铁" in said and "铁匠" in said, said  # not "不是我，没有的事"
    said = zh.say("keren", "tiejiang", "你能教我打铁吗？").text
    assert _said_as(said, "zh", "teach", "teach_wary"), said  # his own craft: taught, or put off for a stranger
    assert _said_as(zh.say("keren", "xiaoliu", "你能帮我把这箱货送到码头吗？").text, "zh", "help_mine")


def test_a_request_is_served_by_its_trade_or_sent_to_whoever_does_it_en(en: Town) -> None:
    said = en.say("you", "hester", "Morning Hester! Could I get a loaf of bread?").text
    assert "loaf of bread" in said and "don't" not in said.lower(), said
    said = en.say("you", "hester", "Can you take me across the river?").text
    assert "Amos" in said and "he's the ferryman" in said, said
    said = en.say("you", "bel", "Can you teach me to play the fiddle?").text
    assert _said_as(said, "en", "not_mine", "cold"), said  # not the weather, not "I don't know anything about that"


def test_what_no_one_can_know_is_an_honest_dont_know(zh: Town, en: Town) -> None:
    assert _said_as(zh.say("keren", "tiejiang", "明天会下雨吗？").text, "zh", "weather", "weather_sea")
    said = zh.say("keren", "chaguan", "县长叫什么名字？").text
    assert _said_as(said, "zh", "outsider") and "小刘" not in said, said  # no memory out of nowhere
    assert _said_as(en.say("you", "amos", "Will it rain tomorrow?").text, "en", "weather")
    assert _said_as(en.say("you", "bel", "Who won the war of 1812?").text, "en", "outsider")


def test_a_personal_question_is_answered_from_the_role(zh: Town, en: Town) -> None:
    said = zh.say("keren", "chaguan", "你平时喜欢干什么？").text
    assert _said_as(said, "zh", "pastime") and "爱打听" not in said, said  # the persona note is never pasted
    assert "铁匠" in zh.say("keren", "tiejiang", "你是做什么的？").text
    said = en.say("you", "tam", "What do you like to do on your days off?").text
    assert _said_as(said, "en", "pastime") and "I'd say so" not in said, said
    assert "ferryman" in en.say("you", "amos", "What do you do?").text


def test_where_someone_lives(zh: Town, en: Town) -> None:
    said = zh.say("keren", "zhoushen", "阿梅住哪儿？").text
    assert _said_as(said, "zh", "lives_unknown") and "阿梅" in said, said
    assert _said_as(zh.say("keren", "zhoushen", "小刘住哪儿？").text, "zh", "lives_known")
    assert _said_as(en.say("you", "hester", "Where does Marten live?").text, "en", "lives_unknown")


def test_a_ware_is_answered_by_whoever_sells_it(zh: Town, en: Town) -> None:
    assert _said_as(zh.say("keren", "zhoushen", "今天的豆腐新鲜吗？").text, "zh", "goods_mine")
    said = zh.say("keren", "chaguan", "今天的豆腐新鲜吗？").text
    assert "周婶" in said and "卖豆腐的" in said, said
    said = en.say("you", "hester", "That bread smells wonderful. Busy day?").text
    busy = [a for tone in ANSWERS["en"]["business"].values() for a in tone]
    assert _said_as(said, "en", "praised") and any(a in said for a in busy), said  # praise thanked, the day answered
    assert "Hester" in en.say("you", "bel", "Is the bread fresh?").text


def test_a_promise_is_not_followed_by_a_doubt(zh: Town) -> None:
    assert after_promise("真的？") == "" and after_promise("Really? Amos told me.") == "Amos told me."
    said = zh.say("keren", "zhoushen", "别告诉别人，小刘其实是故意的。").text
    assert not any(d in said for d in ("真的？", "是吗？", "有这回事？")), said


def test_joined_phrases_do_not_say_a_word_twice() -> None:
    assert without_repeats(["这么晚还过来呀。", "今天怎么有空过来？"], True) == ["这么晚还过来呀。"]
    assert without_repeats(["晚上好。", "今天怎么有空过来？"], True) == ["晚上好。", "今天怎么有空过来？"]
    assert without_repeats(["Good evening!", "Quiet evening?"], False) == ["Good evening!"]


def test_asked_whether_it_told_someone_it_answers_from_its_own_tellings(zh: Town, en: Town) -> None:
    from townsfolk.agents.my_tellings import OWNED

    said = zh.say("keren", "chaguan", "你是不是跟老铁说了小刘的坏话？").text  # she told him at t2
    assert any(o in said for o in OWNED["zh"]) and "不是我" not in said, said
    said = en.say("you", "amos", "Did you tell Hester about Tam?").text
    assert any(o in said for o in OWNED["en"]) and "didn't" not in said, said
    assert "didn't" in en.say("you", "bel", "Did you tell Hester about Tam?").text  # Bel told her nothing


def test_asked_what_it_told_someone_it_says_what_without_a_yes_first(zh: Town, en: Town) -> None:
    from townsfolk.agents.my_tellings import OWNED

    for town, npc, player, question, to in ((zh, "chaguan", "keren", "你跟老铁说了什么？", "老铁"),
                                            (en, "amos", "you", "Amos, what did you tell Hester about Tam?", "Hester")):
        said = town.say(player, npc, question).text
        lang = town.world.language
        assert not any(said.startswith(o) for o in OWNED[lang]), said  # "what", not "whether": no "Yes, I did."
        assert to in said and said.count(to) == 1, said  # the telling, once (not retold again after it)
