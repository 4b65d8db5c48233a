"""An inn's evening asked as a traveller would (helper trade, session 25): "How much for both?" after a room and
supper summed "rooms 6 a night, meals 2 a bowl", "Two nights, then." was small talk, the groom who looks after the
horses could not feed one ("That's beyond me, sorry."), "I've had a cough for a week." to the doctor was "Oh? Tell
me more", and "Can I pay in the morning?" was "I don't really know anything about that."."""

from __future__ import annotations

from townsfolk import Town


def _town(lang: str = "en") -> Town:
    zh = lang == "zh"
    town = Town.from_scenario({"scenario": "inn", "language": lang, "seed": 4, "start": "2026-03-10T18:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "bess": {"name": "Bess", "role": "innkeeper"},
                                   "ned": {"name": "老杨" if zh else "Ned", "role": "车马店的马夫" if zh else "groom who looks after the horses"},
                                   "doc": {"name": "Dr Pell", "role": "doctor"},
                                   "you": {"name": "Wren", "player": True}}})
    town.advance(1)
    return town


def test_a_traveller_at_the_inn() -> None:
    town = _town()
    town.say("you", "bess", "How much for a room and supper?")
    said = town.say("you", "bess", "How much for both?").text
    assert "room " in said and "supper " in said and "meals" not in said and "rooms" not in said, said
    said = town.say("you", "bess", "Two nights, then.").text
    assert "two nights" in said and "pence" in said, said
    said = town.say("you", "bess", "Can I pay in the morning?").text
    assert "know" not in said and "idea" not in said, said
    said = town.say("you", "ned", "Could you feed my horse?").text
    assert "fed and watered" in said and "pence" in said, said
    said = town.say("you", "doc", "I've had a cough for a week.").text
    assert "remedy" in said and "pence" in said, said


def test_zh_groom_feeds_the_horse() -> None:
    said = _town("zh").say("you", "ned", "能帮我喂一下马吗？").text
    assert "马交给我" in said and "文" in said, said
