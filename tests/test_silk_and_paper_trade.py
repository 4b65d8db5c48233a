"""A silk merchant (丝商) and a paper merchant know their wares: 刘伯, role 丝商 with no `sells:`, answered
你卖什么丝？多少钱一斤？ with 我还真不知道 and 我想买五斤丝。 with 我一个丝商，哪会这个 (newcomer N-29); Abel, a
paper merchant, said "Papers, 10 pence each." as if he sold newspapers (N-23). Now each sells its trade's
wares at a price: 生丝一斤N文, paper by the ream; the en silk merchant the same."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str, role: str) -> Town:
    town = Town.from_scenario({"scenario": "silk", "language": lang, "seed": 5, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "liu": {"name": "刘伯" if lang == "zh" else "Abel", "role": role},
                                   "kit": {"name": "沈郎" if lang == "zh" else "Kit", "player": True}}})
    town.advance(1)
    return town


@pytest.mark.parametrize("lang,role,asked,want", [
    ("zh", "丝商", "你卖什么丝？多少钱一斤？", ("生丝", "一斤", "文")),
    ("zh", "丝商", "我想买五斤丝。", ("五斤一共",)),
    ("zh", "丝商", "你这儿卖什么？", ("生丝",)),
    ("en", "silk merchant", "How much is a pound of silk?", ("pence a pound",)),
    ("en", "paper merchant", "What do you sell?", ("Paper", "a ream")),
])
def test_the_merchant_sells_his_wares(lang: str, role: str, asked: str, want: tuple[str, ...]) -> None:
    said = _town(lang, role).say("kit", "liu", asked).text
    assert all(w in said for w in want) and "Papers" not in said, said
