"""Coin offered for a ware the NPC sells is a sale: Gus, who sells calling cards, answered "I'll give you
10 pence for a calling card." with "I've no calling card to trade" (the offer was weighed against his role's
trade, not his `sells:`), and 老陈 answered 我出二十文买一匹蓝布，行不行？ with 我还真不知道 (newcomer N-3, N-13).
Now too much is said back with the true price, enough is a sale, too little is the price, firm."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    sells = ([{"ware": "蓝布", "price": 30, "per": "匹"}] if lang == "zh" else
             [{"ware": "handbill", "price": 2, "per": "hundred"}, {"ware": "calling card", "price": 5, "per": "dozen"}])
    town = Town.from_scenario({"scenario": "shop", "language": lang, "seed": 5, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "gus": {"name": "老陈" if lang == "zh" else "Gus",
                                           "role": "染坊掌柜" if lang == "zh" else "master printer", "sells": sells},
                                   "kit": {"name": "沈郎" if lang == "zh" else "Kit", "player": True}}})
    town.advance(1)
    return town


@pytest.mark.parametrize("lang,offer,want", [
    ("en", "I'll give you 10 pence for a calling card.", "5 pence a dozen"),
    ("en", "I'll pay you 1 penny for a dozen calling cards.", "5 pence a dozen"),
    ("zh", "我出二十文买一匹蓝布，行不行？", "一匹30文"),
    ("zh", "我出四十文买一匹蓝布。", "一匹才30文"),
])
def test_too_much_or_too_little_is_met_with_the_price(lang: str, offer: str, want: str) -> None:
    said = _town(lang).say("kit", "gus", offer).text
    assert want in said and "no calling card" not in said and "不知道" not in said, said


@pytest.mark.parametrize("lang,offer,unwanted", [
    ("en", "I'll give you 5 pence for a dozen calling cards.", "won't do"),
    ("zh", "给你三十文，买一匹蓝布。", "少不了"),
])
def test_the_price_offered_is_a_sale(lang: str, offer: str, unwanted: str) -> None:
    said = _town(lang).say("kit", "gus", offer).text
    assert unwanted not in said and ("Done" in said or "it is" in said or "拿去" in said or "归你" in said), said
