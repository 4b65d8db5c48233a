""""How much for both?" after two wares listed the shop's first three prices one by one, and 一共多少钱 the same;
"How about two?" after "How much are your candles?" read as an offer of 2 pence ("Not for 2, no."). Now the
wares asked together are summed, and a count spelled as a word after a price is that many priced; a digit,
a coin, or a count after haggling is still an offer."""

from __future__ import annotations

from townsfolk import Town


def _town(lang: str) -> Town:
    town = Town.from_scenario({"scenario": "shop", "language": lang, "seed": 3, "start": "2026-10-12T09:00",
                               "tick": "1h", "place": "x", "timeline": [],
                               "characters": {"cora": {"name": "李嫂" if lang == "zh" else "Cora",
                                                       "role": "杂货铺掌柜" if lang == "zh" else "chandler"},
                                              "me": {"name": "过客" if lang == "zh" else "Quill", "player": True}}})
    town.advance(1)
    return town


def test_both_is_one_sum() -> None:
    town = _town("en")
    town.say("me", "cora", "How much for candles and soap?")
    said = town.say("me", "cora", "How much for both?").text
    assert "for the two" in said and "candles" in said and "soap" in said and "salt" not in said, said
    said = town.say("me", "cora", "How much for salt, sugar and oil altogether?").text
    assert "for the three" in said or "altogether" in said, said


def test_zh_total_is_one_sum() -> None:
    town = _town("zh")
    town.say("me", "cora", "蜡烛和肥皂多少钱？")
    said = town.say("me", "cora", "一共多少钱？").text
    assert ("一共" in said or "加起来" in said) and "蜡烛" in said and "肥皂" in said and "盐" not in said, said


def test_how_about_two_is_a_count() -> None:
    town = _town("en")
    price = town.say("me", "cora", "How much are your candles?").text
    said = town.say("me", "cora", "How about two?").text
    assert said.startswith("Two pairs") and "Not for" not in said, (price, said)
    town.say("me", "cora", "How much for salt?")
    offer = town.say("me", "cora", "How about 2?").text
    assert offer.startswith("2") and "would be" not in offer, offer  # a digit is still an offer of coin


def test_zh_how_many_after_a_price() -> None:
    town = _town("zh")
    town.say("me", "cora", "蜡烛怎么卖？")
    said = town.say("me", "cora", "两对呢？").text
    assert "两对" in said and "一共" in said, said  # was 这个我说不上来。
