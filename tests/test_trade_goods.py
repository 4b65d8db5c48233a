"""NPCs know their own trade (agents/trade_goods.py), zh and en: a ware the trade sells is served with
its price, a price question gets a number in the world's coin (the same each time it is asked), and
"how are the bees?" / "今天豆腐好卖吗？" is answered from the role, led by a recent happening about it."""

from __future__ import annotations

import re

import pytest

from townsfolk import Town
from townsfolk.agents.trade_goods import COIN, trade_of

VALE = {"scenario": "Market day", "language": "en", "seed": 5, "start": "2026-05-02T07:00", "tick": "1h",
        "characters": {"nell": {"name": "Nell Ash", "role": "innkeeper", "persona": "Brisk and kind."},
                       "bram": {"name": "Bram", "role": "grocer", "persona": "Counts every penny."},
                       "orla": {"name": "Orla Wynn", "role": "beekeeper", "persona": "Patient, talks to her bees."},
                       "fenn": {"name": "Fenn", "role": "ferryman", "persona": "Knows the river."},
                       "kit": {"name": "Kit", "role": "goatherd", "persona": "Careless."},
                       "you": {"name": "Robin", "player": True}},
        "timeline": [{"at": 1, "happen": {"what": "Kit's goats trampled Orla's hives by the orchard", "actor": "kit",
                                          "valence": -0.4}}]}
TOWN = {"scenario": "集市", "language": "zh", "seed": 6, "start": "2026-05-02T06:00", "tick": "1h",
        "characters": {"wang": {"name": "王掌柜", "role": "杂货铺掌柜", "persona": "精明"},
                       "liu": {"name": "刘嫂", "role": "客栈老板娘", "persona": "热心"},
                       "zhou": {"name": "老周", "role": "豆腐坊老板", "persona": "勤快"},
                       "he": {"name": "何伯", "role": "渡船的艄公", "persona": "话少"},
                       "fang": {"name": "小芳", "role": "学徒", "persona": "腼腆"},
                       "ke": {"name": "阿远", "player": True}},
        "relationships": [{"from": "zhou", "to": "fang", "kind": "mentor", "strength": 0.7}],
        "timeline": [{"at": 1, "happen": {"what": "小芳推磨时把老周的磨盘磕裂了", "actor": "fang", "valence": -0.5}}]}
DENIALS = re.compile(r"don't (?:really )?know|not my line|can't help|couldn't say|不太懂|不清楚|帮不上|没听说")


@pytest.fixture(scope="module")
def en() -> Town:
    town = Town.from_scenario(VALE)
    town.advance(2)
    return town


@pytest.fixture(scope="module")
def zh() -> Town:
    town = Town.from_scenario(TOWN)
    town.advance(2)
    return town


def _priced(text: str, lang: str) -> bool:
    return bool(re.search(rf"\d+ ?{COIN[lang]}", text))


def test_roles_name_their_trade() -> None:
    grocer, shop = trade_of("杂货铺掌柜"), trade_of("掌柜")
    assert grocer is not None and shop is not None and grocer.wares == shop.wares
    assert trade_of("茶馆掌柜") is not trade_of("掌柜")  # a tea house keeper sells tea, not salt
    assert trade_of("innkeeper") is trade_of("landlady") is not None
    assert trade_of("soldier") is None
    assert trade_of("船夫的侄子") is None and trade_of("ferryman's nephew") is None  # kin of a trade, not the trade
    assert trade_of("卖豆腐的") is not None


@pytest.mark.parametrize(("npc", "text"), [("nell", "Can I get a room for the night?"), ("nell", "I'd like a bed for the night."),
                                           ("bram", "Can I buy some salt?"), ("orla", "Do you sell honey?")])
def test_a_ware_of_the_trade_is_served_with_its_price_en(en: Town, npc: str, text: str) -> None:
    said = en.say("you", npc, text).text
    assert _priced(said, "en") and not DENIALS.search(said), said


@pytest.mark.parametrize(("npc", "text"), [("liu", "我想住一晚。"), ("wang", "给我来一斤糖。")])
def test_a_ware_of_the_trade_is_served_with_its_price_zh(zh: Town, npc: str, text: str) -> None:
    said = zh.say("ke", npc, text).text
    assert _priced(said, "zh") and not DENIALS.search(said), said


@pytest.mark.parametrize(("npc", "text"), [("fenn", "How much to cross?"), ("nell", "How much for a room?"),
                                           ("bram", "How much is the sugar?"), ("orla", "What's the price of honey?")])
def test_a_price_is_said_the_same_each_time_en(en: Town, npc: str, text: str) -> None:
    first = en.say("you", npc, text).text
    en.advance(1)
    again = en.say("you", npc, text).text
    assert _priced(first, "en") and first == again, (first, again)


@pytest.mark.parametrize(("npc", "text"), [("wang", "掌柜的，盐多少钱一斤？"), ("he", "过河多少钱？"),
                                           ("liu", "住一晚多少钱？"), ("zhou", "豆腐怎么卖？")])
def test_a_price_is_said_the_same_each_time_zh(zh: Town, npc: str, text: str) -> None:
    first = zh.say("ke", npc, text).text
    zh.advance(1)
    again = zh.say("ke", npc, text).text
    assert _priced(first, "zh") and first == again, (first, again)


def test_how_the_trade_goes_is_led_by_what_happened_to_it(en: Town, zh: Town) -> None:
    said = en.say("you", "orla", "Morning Orla. How are the bees?").text
    assert "trampled my hives" in said and not DENIALS.search(said) and said.startswith(("Morning!", "Good day!", "Evening!")), said
    said = zh.say("ke", "zhou", "周老板，早啊，今天豆腐好卖吗？").text
    assert "磨盘" in said and not DENIALS.search(said) and said.startswith(("早啊", "你好")), said


@pytest.mark.parametrize(("lang", "npc", "text"), [("en", "nell", "How's business?"), ("en", "fenn", "How's the river today?"),
                                                   ("zh", "wang", "生意怎么样？"), ("zh", "liu", "最近客人多不多？")])
def test_how_the_trade_goes_with_nothing_new_is_answered_from_the_role(en: Town, zh: Town, lang: str, npc: str,
                                                                       text: str) -> None:
    said = (en.say("you", npc, text) if lang == "en" else zh.say("ke", npc, text)).text
    assert said and not DENIALS.search(said) and "?" not in said, said


def test_a_person_is_still_asked_after_from_memory(en: Town) -> None:
    said = en.say("you", "orla", "How is Kit?").text
    assert "pence" not in said and "Plenty of call" not in said, said
