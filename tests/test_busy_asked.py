""""小桃，早啊，忙什么呢？" / "What are you up to?" asks what the NPC is busy with: answered from its day.

Found by the coordinator and the newcomer (C-3, N-51): 小桃 said 早啊！这个我说不上来。; 柳娘，忙着呢？ got
这个我说不上来。 Without a 你 in front, 忙什么呢 was no "what did you do" question (voice.py _MY_DAY)."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice import question_kind
from townsfolk.agents.voice_phrases import PHRASES


@pytest.mark.parametrize(("lang", "asked"), [("zh", "小桃，早啊，忙什么呢？"), ("zh", "柳娘，忙着呢？"), ("zh", "你在忙什么？"),
                                             ("en", "What are you up to?"), ("en", "What are you doing?")])
def test_busy_is_my_day(lang: str, asked: str) -> None:
    assert question_kind(asked, lang) == "my_day"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_busy_answered_from_my_day(lang: str) -> None:
    names = {"tao": "小桃", "zhou": "周掌柜"} if lang == "zh" else {"tao": "Tobin", "zhou": "Maud"}
    town = Town.from_scenario({
        "scenario": "dye", "language": lang, "seed": 4, "start": "2026-04-10T08:00", "tick": "1h",
        "characters": {**{k: {"name": n, "role": "学徒" if lang == "zh" else "apprentice"} for k, n in names.items()},
                       "ke": {"name": "客人" if lang == "zh" else "Rowan", "player": True}},
        "timeline": [{"at": 1, "happen": {"what": "小桃把一匹布染花了" if lang == "zh" else "Tobin spilt the dye on a bolt of cloth",
                                          "actor": "tao", "witnesses": ["tao", "zhou"], "valence": -0.3}}]})
    town.advance(1)
    said = town.say("ke", "tao", "小桃，早啊，忙什么呢？" if lang == "zh" else "What are you up to?").text
    assert ("染花" in said) if lang == "zh" else ("dye" in said), said
    plain = town.say("ke", "zhou", "忙着呢？" if lang == "zh" else "What are you up to?").text
    assert not any(p in plain for p in PHRASES[lang]["deny"]), plain
