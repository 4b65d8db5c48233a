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
