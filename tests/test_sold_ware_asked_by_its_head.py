"""A zh seller asked the price of its own ware answered with a neighbour's: 周掌柜 (sells 蓝布) asked 蓝布多少钱？
said 李嫂收多少我可不知道, because 李嫂's role 隔壁卖豆腐的 ends in 的 and its empty tail was found in every
question. And 你这布怎么卖？ was read as asking after the cloth trade's 布, not his own 蓝布."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town() -> Town:
    town = Town.from_scenario({"scenario": "染坊", "language": "zh", "seed": 4, "start": "2026-04-10T08:00",
                               "tick": "1h", "place": "染坊", "timeline": [], "characters": {
                                   "zhou": {"name": "周掌柜", "role": "染坊掌柜", "sells": [{"ware": "蓝布", "price": 8, "per": "尺"}]},
                                   "li": {"name": "李嫂", "role": "隔壁卖豆腐的"},
                                   "ke": {"name": "客人", "player": True}}})
    town.advance(1)
    return town


@pytest.mark.parametrize("asked", ["蓝布多少钱？", "蓝布怎么卖？", "你这布怎么卖？", "一尺多少钱？"])
def test_own_ware_is_priced_not_sent_next_door(asked: str) -> None:
    said = _town().say("ke", "zhou", asked).text
    assert "8文" in said and "李嫂" not in said, said


def test_the_neighbours_ware_is_still_theirs() -> None:
    town = _town()
    assert "李嫂" in town.say("ke", "zhou", "豆腐多少钱？").text
    assert "李嫂" in town.say("ke", "zhou", "李嫂的豆腐多少钱？").text


@pytest.mark.parametrize("asked,want", [("给我来三尺。", "三尺一共24文"), ("我要两尺。", "两尺一共16文"), ("来一尺蓝布。", "一尺8文")])
def test_a_count_of_its_unit_buys_its_ware(asked: str, want: str) -> None:
    # 蓝布 is cloth sold by the 尺, not work taken on (the seamstress's 布 of 布帘 is a word of her service)
    said = _town().say("ke", "zhou", asked).text
    assert want in said and "接了" not in said, said


def test_whom_i_told_one_or_several() -> None:
    # 都 is said of several: told to one, 就跟李嫂提过 (was 跟李嫂都提过)
    beats = [{"at": 1, "say": {"speaker": "zhou", "to": "li", "about": "tao", "text": "小桃又把布染坏了"}}]
    people = {"zhou": {"name": "周掌柜"}, "li": {"name": "李嫂"}, "tao": {"name": "小桃"}, "shui": {"name": "阿水"},
              "ke": {"name": "客人", "player": True}}
    town = Town.from_scenario({"scenario": "染坊", "language": "zh", "seed": 4, "start": "2026-04-10T08:00", "tick": "1h",
                               "place": "染坊", "characters": people, "timeline": beats})
    town.advance(2)
    assert town.say("ke", "zhou", "你跟谁说过这事？").text == "就跟李嫂提过。"
    from townsfolk.sim.actions import say

    say(town.world, town.memory, speaker="zhou", listeners=["shui"], about="tao", text="小桃又把布染坏了")
    assert "都提过" in town.say("ke", "zhou", "你跟谁说过这事？").text
