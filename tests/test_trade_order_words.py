"""An order for a `sells:` ware in the words a newcomer's player used (session 26, circus.yaml): "Hi! One
candy floss please." was "I wish I could help with that, but I can't." (the greeting before the order hid
it) and "I'll have a candy floss." was "Fine weather for it." (only "I'll take" was an order)."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _rosa() -> Town:
    town = Town.from_scenario({"scenario": "gate", "language": "en", "seed": 3, "start": "2026-06-12T14:00",
                               "tick": "30m", "place": "the big top", "timeline": [],
                               "characters": {"rosa": {"name": "Rosa", "role": "candy floss seller at the gate",
                                                       "sells": [{"ware": "candy floss", "price": 2, "per": "stick"},
                                                                 {"ware": "ticket", "price": 10, "per": "seat",
                                                                  "words": ["tickets", "seats"]}]},
                                              "sam": {"name": "Sam", "player": True}}})
    town.advance(1)
    return town


@pytest.mark.parametrize("asked", [
    "Hi! One candy floss please.",
    "Hello Rosa, one candy floss, please.",
    "Good afternoon. A candy floss, please.",
    "I'll have a candy floss.",
    "I will have one candy floss, please.",
])
def test_an_order_for_a_sold_ware_is_served_with_its_price(asked: str) -> None:
    said = _rosa().say("sam", "rosa", asked).text
    assert "candy floss" in said and "2 pence" in said, said


def test_a_greeting_alone_is_no_order() -> None:
    said = _rosa().say("sam", "rosa", "Hi! Lovely day, please tell me about the show.").text
    assert "pence" not in said, said


def _zhoushen() -> Town:
    town = Town.from_scenario({"scenario": "戏班", "language": "zh", "seed": 3, "start": "2026-06-12T14:00",
                               "tick": "30m", "place": "戏台", "timeline": [],
                               "characters": {"zhou": {"name": "周婶", "role": "在戏台边卖瓜子和茶水的",
                                                       "sells": [{"ware": "瓜子", "price": 5, "per": "包"},
                                                                 {"ware": "戏票", "price": 20, "per": "张",
                                                                  "words": ["票", "座"]}]},
                                              "chen": {"name": "陈先生", "player": True}}})
    town.advance(1)
    return town


def test_a_sum_offered_for_two_is_weighed_against_two_at_the_price() -> None:
    """"Would you take 15 for two tickets?" was "150 pence for 15 seats." (the sum read as a count) and
    两张票三十文行不行？ "用不了30文，一张20文就行。" (30 for two is under the 40 they cost): now a counter."""
    said = _rosa().say("sam", "rosa", "Would you take 15 for two tickets?").text
    assert "15" in said and "150" not in said and "15 seats" not in said, said
    assert "Make it" in said or "Call it" in said, said  # a counter: 15 is under 20, near it
    said = _rosa().say("sam", "rosa", "Would you take 20 for two tickets?").text
    assert "20 pence for two seats" in said and "No need" not in said, said
    said = _zhoushen().say("chen", "zhou", "两张票三十文行不行？").text
    assert "30文" in said and "用不了" not in said and "不用" not in said, said
    assert "40文" in said or "文吧" in said or "少了点" in said, said
