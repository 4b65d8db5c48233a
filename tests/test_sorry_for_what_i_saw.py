"""Sorry for a grave wrong the NPC saw done is not waved away (newcomer N-35), en and zh: Gus, who saw Moss
steal a tray of type, answered "I am sorry I stole your type." with "Let's say no more about it."; now "It'll
take more than sorry ...". A small slip seen (ink spilt) is still forgiven."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES

CAST = {"en": {"gus": {"name": "Gus", "role": "printer"}, "p": {"name": "Moss", "player": True}},
        "zh": {"gus": {"name": "老陈", "role": "染坊掌柜"}, "p": {"name": "阿远", "player": True}}}
THEFT = {"en": ("Moss stole a tray of type from Gus", "I am sorry I stole your type."),
         "zh": ("阿远偷了老陈的一匹绸子", "对不起，我不该偷你的绸子。")}
SLIP = {"en": ("Moss spilled ink on the floor", "Sorry about the ink."), "zh": ("阿远把墨水洒在地上", "对不起，墨水是我洒的。")}


def _town(lang: str) -> Town:
    return Town.from_scenario({"scenario": "x", "language": lang, "seed": 1, "start": "2026-05-11T07:00", "tick": "1h",
                               "characters": CAST[lang]})


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_sorry_for_a_theft_seen_is_not_waved_away(lang: str) -> None:
    town = _town(lang)
    town.event(THEFT[lang][0], actor="p", witnesses=["gus"], valence=-0.7)
    said = town.say("p", "gus", THEFT[lang][1]).text
    assert said in PHRASES[lang]["not_forgiven"], said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_sorry_for_a_small_slip_is_forgiven(lang: str) -> None:
    town = _town(lang)
    town.event(SLIP[lang][0], actor="p", witnesses=["gus"], valence=-0.2)
    said = town.say("p", "gus", SLIP[lang][1]).text
    assert said in PHRASES[lang]["forgive"], said
