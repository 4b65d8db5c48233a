"""Four goods said as one word are each sold, and a request for several is priced for all (agents/trade_goods.py),
en and zh: 卖笔墨纸砚的 asked 一刀纸多少钱 said 这个我说不上来 (笔墨纸砚 was one ware), 来一刀纸 was small talk
(天气不错啊), and 来两支笔 / "Can I have two lamps?" were priced for one."""

from __future__ import annotations

from townsfolk import Town

ZH = {"scenario": "书院", "language": "zh", "seed": 11, "start": "2026-04-02T08:00", "tick": "1h",
      "characters": {"lin": {"name": "林掌柜", "role": "卖笔墨纸砚的"}, "p": {"name": "过客", "player": True}}}
EN = {"scenario": "Market", "language": "en", "seed": 4, "start": "2026-05-11T07:00", "tick": "1h",
      "characters": {"rosa": {"name": "Rosa", "role": "sells lamps at the market"}, "p": {"name": "Sam", "player": True}}}


def test_each_of_four_goods_is_sold() -> None:
    town = Town.from_scenario(ZH)
    for asked, ware in (("一刀纸多少钱", "纸"), ("墨多少钱", "墨"), ("砚台多少钱", "砚")):
        said = town.say("p", "lin", asked).text
        assert ware in said and "文" in said, (asked, said)
    assert "文" in town.say("p", "lin", "来一刀纸").text


def test_several_are_priced_for_all() -> None:
    town = Town.from_scenario(ZH)
    said = town.say("p", "lin", "来两支笔吧").text
    one = int(said.split("一支")[1].split("文")[0])
    assert f"两支一共{2 * one}文" in said, said
    town = Town.from_scenario(EN)
    said = town.say("p", "rosa", "Can I have two lamps?").text
    assert "for two" in said, said
    assert "for" not in town.say("p", "rosa", "I'd like a lamp").text.split("each")[-1]


def test_coin_offered_to_one_whose_role_names_the_ware() -> None:
    said = Town.from_scenario(EN).say("p", "rosa", "I'll give you 5 pence for a lamp.").text
    assert "to trade" not in said and "pence" in said and "price" in said, said
    said = Town.from_scenario(ZH).say("p", "lin", "我出五文买一刀纸，行不行？").text
    assert "可换" not in said and "纸一刀" in said, said
