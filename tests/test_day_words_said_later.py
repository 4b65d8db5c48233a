"""A memory's "today" said on a later day is "yesterday" (agents/day_words.py), en and zh.

Found by the newcomers (N-23, N-38): Owen at t30 said "Silas was cool with me today" of a meeting at t8
(the day before); 石头 a day later said 赵总镖头今天见了我有点冷淡."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.day_words import as_of


def test_day_words_move_with_the_days() -> None:
    assert as_of("Silas was cool with me today", 1, "en") == "Silas was cool with me yesterday"
    assert as_of("I saw it this morning", 3, "en") == "I saw it the other morning"
    assert as_of("赵总镖头今天见了我有点冷淡", 1, "zh") == "赵总镖头昨天见了我有点冷淡"
    assert as_of("今天早上下雨了", 2, "zh") == "前几天早上下雨了"
    assert as_of("Silas was cool with me today", 0, "en") == "Silas was cool with me today"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_cold_meeting_of_yesterday_is_said_as_yesterday(lang: str) -> None:
    names = {"en": {"m": "Maud", "t": "Tobin", "w": "Wren"}, "zh": {"m": "钱掌柜", "t": "石头", "w": "柳娘"}}[lang]
    town = Town.from_scenario({
        "scenario": "days", "language": lang, "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
        "characters": {**{k: {"name": n, "role": "worker", "traits": {"sensitivity": 0.9}} for k, n in names.items()},
                       "p": {"name": "Rowan" if lang == "en" else "过路客", "player": True}},
        "relationships": [{"from": "m", "to": "t", "kind": "colleague", "strength": 0.6, "mutual": True}],
        "timeline": [{"at": 1, "say": {"speaker": "w", "to": "t", "about": "m",
                                       "text": "Maud says you are careless" if lang == "en" else "钱掌柜说你一向马虎"}},
                     {"at": 2, "meet": ["t", "m"]}]})
    town.advance(2)
    memories = [e.what for e in town.memory.events_of("m")]
    cold = "was cool with me today" if lang == "en" else "今天见了我有点冷淡"
    assert any(cold in w for w in memories), memories  # written on the day, as of that day
    town.advance(24)
    said = town.say("p", "m", "What happened with Tobin?" if lang == "en" else "你和石头之间出什么事了？").text
    assert ("yesterday" in said and "today" not in said) if lang == "en" else ("昨天" in said and "今天" not in said), said
