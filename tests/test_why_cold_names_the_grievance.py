"""M-12: "你为什么对阿海这么冷淡？" / "Why are you cold to Hal?" is answered with the reason behind the coldness
(what I hold against him, and who told me), not only the cold meeting (agents/my_mood.py cause,
sim/player_tells.py).

Found by the newcomers: 柳娘, told by 王婆 that 阿海 stole the 李家 nets, kept her distance when they met; asked
why she was cold to him she said only "见到了阿海，我没怎么搭理。" (the meeting): the cause looked only for words
said against her. And 阿海在背后说柳娘的绣活粗糙 was kept as 阿海's own poor work ("阿海活儿干得差"), the 在背后
before 说 hiding that it was his view of her."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _world(lang: str, told: str) -> dict:
    zh = lang == "zh"
    return {"scenario": "cold", "language": lang, "seed": 3, "start": "2026-05-02T08:00", "tick": "1h",
            "characters": {"liu": {"name": "柳娘" if zh else "Liz", "role": "绣娘" if zh else "seamstress"},
                           "wang": {"name": "王婆" if zh else "Wanda", "role": "卖茶的" if zh else "tea seller"},
                           "hai": {"name": "阿海" if zh else "Hal", "role": "渔夫" if zh else "fisherman"},
                           "ke": {"name": "客人" if zh else "Pip", "player": True}},
            "relationships": [{"from": "liu", "to": "hai", "kind": "friend", "strength": 0.7, "mutual": True},
                              {"from": "liu", "to": "wang", "kind": "neighbour", "strength": 0.6, "mutual": True}],
            "timeline": [{"at": 1, "say": {"speaker": "wang", "to": "liu", "about": "hai", "text": told}},
                         {"at": 2, "meet": ["liu", "hai"]}]}


@pytest.mark.parametrize(("lang", "told", "question", "reason"), [
    ("zh", "阿海偷了李家的渔网。", "你为什么对阿海这么冷淡？", "渔网"),
    ("en", "Hal stole the Lees' fishing nets.", "Why are you cold to Hal?", "nets"),
    ("zh", "阿海在背后说柳娘的绣活粗糙。", "你为什么对阿海这么冷淡？", "阿海嫌我")])
def test_why_cold_says_the_grievance_and_its_teller(lang: str, told: str, question: str, reason: str) -> None:
    town = Town.from_scenario(_world(lang, told))
    town.advance(3)
    said = town.say("ke", "liu", question).text
    assert reason in said and ("王婆" if lang == "zh" else "Wanda") in said, said
