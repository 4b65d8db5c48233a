"""A trade offer ("我拿这把刀换你两个馒头") is answered by agents/barter.py; it is no news of anyone, so the NPC
keeps no belief of it ("老刘 听信：旅客拿这把刀换老刘两个馒头" was logged and later said back as news)."""

from __future__ import annotations

from townsfolk import Town


def test_an_offer_is_not_believed_as_news() -> None:
    for lang, seller, offer in (("zh", {"name": "老刘", "role": "卖馒头的"}, "我拿这把刀换你两个馒头"),
                                ("en", {"name": "Liu", "role": "baker"}, "I'll trade you my knife for two loaves.")):
        town = Town.from_scenario({"scenario": "offer", "language": lang, "seed": 7, "start": "2026-05-02T08:00",
                                   "tick": "1h", "place": "x", "timeline": [],
                                   "characters": {"liu": seller, "kit": {"name": "旅客" if lang == "zh" else "Kit",
                                                                         "player": True}}})
        town.advance(1)
        said = town.say("kit", "liu", offer).text
        assert "馒头" in said or "loaves" in said, said
        assert not town.memory.beliefs_of("liu"), [b.text for b in town.memory.beliefs_of("liu")]
