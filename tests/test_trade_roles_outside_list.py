"""Roles a scenario names that no built-in trade covered were asked their own price and said "I don't really
know anything about that." (a ship's cook and stew, a ship's master and a passage) or "这个我不太懂，我就是个
班主。" (戏票); now each has its wares, and what everyday.py served before (a cook's bread) is still served."""

from __future__ import annotations

from townsfolk import Town


def _town(lang: str, chars: dict) -> Town:  # type: ignore[type-arg]
    town = Town.from_scenario({"scenario": "roles", "language": lang, "seed": 0, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [],
                               "characters": chars | {"juno": {"name": "周先生" if lang == "zh" else "Juno",
                                                               "player": True}}})
    town.advance(1)
    return town


def test_a_cook_and_a_captain_name_their_prices() -> None:
    town = _town("en", {"ada": {"name": "Ada", "role": "ship's cook"}, "cara": {"name": "Cara", "role": "cook"},
                        "hale": {"name": "Captain Hale", "role": "master of the schooner"}})
    for npc in ("ada", "cara"):
        said = town.say("juno", npc, "How much for a bowl of stew?").text
        assert "pence" in said and "know" not in said, said
    assert "bread" in town.say("juno", "ada", "Can I get some bread?").text
    for asked in ("How much for passage to Lisbon?", "What's the fare?"):
        said = town.say("juno", "hale", asked).text
        assert "pence" in said and "passage" in said, said


def test_the_troupe_master_sells_tickets() -> None:
    town = _town("zh", {"laohan": {"name": "老韩", "role": "班主"}})
    for asked in ("戏票多少钱一张？", "一张戏票多少钱？", "我想买两张戏票。"):
        said = town.say("juno", "laohan", asked).text
        assert "文" in said and "戏票" in said and "不太懂" not in said, said
