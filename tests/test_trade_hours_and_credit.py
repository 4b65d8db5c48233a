"""Customers' questions about a trade's hours, how long its work takes and paying later got "No idea, sorry.
Nobody's told me." / "Can't say I know, I'm afraid." (helper trade, session 25, from a market and a ferry landing
of my own): the NPC keeps the hours and does the work. Now the day, the last crossing, an hour or two for a job
and a quarter of an hour for a crossing are said, and "Can I pay you tomorrow?" / 能赊一下吗？ is a yes or no by
trust, as a loan is; "I'll pay you back tomorrow." is still a promise taken up."""

from __future__ import annotations

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    town = Town.from_scenario({"scenario": "hours", "language": lang, "seed": 11, "start": "2026-06-06T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "owen": {"name": "铁老三" if zh else "Owen", "role": "铁匠" if zh else "blacksmith"},
                                   "tam": {"name": "赵船家" if zh else "Tam", "role": "摆渡的艄公" if zh else "ferryman"},
                                   "rose": {"name": "孙掌柜" if zh else "Rose", "role": "杂货铺掌柜" if zh else "baker"},
                                   "you": {"name": "过客" if zh else "Wren", "player": True}}})
    town.advance(1)
    return town


def test_hours_and_how_long_en() -> None:
    town = _town("en")
    for npc, line, word in (("owen", "How long will the shoeing take?", "hour"), ("rose", "What time do you open?", "sun"),
                            ("rose", "Do you bake on Sundays?", "Sunday"), ("tam", "When's the last crossing?", "dusk"),
                            ("tam", "How long does the crossing take?", "quarter of an hour")):
        said = town.say("you", npc, line).text
        assert word in said and "know" not in said and "idea" not in said, (line, said)


def test_hours_and_how_long_zh() -> None:
    town = _town("zh")
    for npc, line, word in (("tam", "最后一趟船是几点？", "天黑"), ("tam", "过河要多久？", "工夫"),
                            ("owen", "钉马掌要多久？", "时辰"), ("rose", "你们几点开门？", "天")):
        said = town.say("you", npc, line).text
        assert word in said, (line, said)


def test_paying_later_is_a_matter_of_trust() -> None:
    town = _town("en")
    said = town.say("you", "rose", "Can I pay you tomorrow?").text
    assert "idea" not in said and any(w in said for w in ("tick", "nail", "slate", "now", "tomorrow")), said
    promise = town.say("you", "rose", "I'll pay you back tomorrow.").text  # a promise, taken up (player_promise.py)
    assert not any(w in promise for w in ("tick", "nail", "slate", "Cash")), promise
    town = _town("zh")
    said = town.say("you", "rose", "能赊一下吗？").text
    assert "赊" in said or "现钱" in said, said
