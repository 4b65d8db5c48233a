"""A purchase is served with its price, as the price question before it was (newcomer N-8): Hattie (sells
currant buns, 2 pence) asked "I'll take two buns, please." said "I can't help you with that myself, I'm
afraid." and 王婶 (sells 馒头) asked 我要两个馒头 said 这个我帮不上忙: the words everyday.py does not read
were left to it by the baker's trade, and nobody served them. Now both are counted and priced."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    baker = ({"name": "王婶", "role": "在校门口卖馒头的", "sells": [{"ware": "馒头", "price": 2, "per": "个"}]} if zh else
             {"name": "Hattie", "role": "baker who sells buns at the school gate",
              "sells": [{"ware": "currant bun", "price": 2, "per": "bun", "words": ["bun", "buns"]}]})
    return Town.from_scenario({"scenario": "gate", "language": lang, "seed": 11, "start": "2026-09-07T07:00", "tick": "1h",
                               "characters": {"hattie": baker, "p": {"name": "过客" if zh else "Rowan", "player": True}}})


@pytest.mark.parametrize("lang,asked,want", [
    ("en", "I'll take two buns, please.", "Two currant buns"),
    ("en", "Two buns, please.", "4 pence"),
    ("zh", "我要两个馒头。", "两个一共4文"),
    ("zh", "我买两个馒头", "两个一共4文"),
])
def test_a_purchase_is_counted_and_priced(lang: str, asked: str, want: str) -> None:
    said = _town(lang).say("p", "hattie", asked).text
    assert want in said, said


def test_one_bun_is_a_bun_with_its_price() -> None:
    said = _town("en").say("p", "hattie", "Can I get a bun?").text
    assert said.startswith("A currant bun") or "a currant bun, 2 pence" in said, said
    assert "2 pence" in said, said
