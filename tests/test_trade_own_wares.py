"""A seller asked about its own wares answers for them: "Is the mackerel fresh?" to the fishmonger got
"Couldn't say, I'm only the fishmonger." (the everyday goods words knew 'fish', not the trade's list of
wares in agents/trade_goods.py); a ware of someone else's trade is still not the NPC's to vouch for."""

from __future__ import annotations

from townsfolk import Town


def _town(lang: str, role: str) -> Town:
    town = Town.from_scenario({"scenario": "wares", "language": lang, "seed": 3, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [],
                               "characters": {"mae": {"name": "春嫂" if lang == "zh" else "Mae", "role": role},
                                              "kit": {"name": "阿客" if lang == "zh" else "Kit", "player": True}}})
    town.advance(1)
    return town


def test_the_fishmonger_answers_for_its_own_fish() -> None:
    town = _town("en", "fishmonger")
    for asked, ware in (("Is the mackerel fresh?", "mackerel"), ("Are the crabs fresh today?", "crabs")):
        said = town.say("kit", "mae", asked).text
        assert "Couldn't say" not in said and ware in said and "resh" in said, said
    assert "Couldn't say" in town.say("kit", "mae", "Is the bread fresh?").text
    town = _town("zh", "卖鱼的")
    for asked, ware in (("鱼新鲜吗？", "鱼"), ("今天的虾新鲜吗？", "虾")):
        said = town.say("kit", "mae", asked).text
        assert ware in said and "不太懂" not in said, said
