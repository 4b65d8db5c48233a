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
