"""A greeting the clock does not allow is met with the clock's own: "Morning, Bryn!" at six in the
evening got "Morning! You're up early." (second newcomer M-10); "Good evening" in the evening is still
answered in kind."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES


def _say(lang: str, start: str, text: str) -> str:
    town = Town.from_scenario({"scenario": "quay", "language": lang, "seed": 2, "start": start, "tick": "1h", "place": "quay",
                               "characters": {"bryn": {"name": "老布" if lang == "zh" else "Bryn"},
                                              "p": {"name": "客人" if lang == "zh" else "Rowan", "player": True}},
                               "timeline": []})
    return town.say("p", "bryn", text).text


@pytest.mark.parametrize("lang,text", [("en", "Morning, Bryn!"), ("zh", "早啊，老布！")])
def test_a_morning_greeting_in_the_evening_gets_the_evenings(lang: str, text: str) -> None:
    said = _say(lang, "2026-06-01T18:00", text)
    assert not any(said.startswith(g) for g in PHRASES[lang]["greet_morning"]), said


@pytest.mark.parametrize("lang,text,key", [("en", "Morning, Bryn!", "greet_morning"), ("en", "Good evening, Bryn.", "greet_evening"),
                                           ("zh", "早啊，老布！", "greet_morning")])
def test_a_greeting_the_clock_allows_is_answered_in_kind(lang: str, text: str, key: str) -> None:
    start = "2026-06-01T08:00" if key == "greet_morning" else "2026-06-01T19:00"
    said = _say(lang, start, text)
    assert any(said.startswith(g) for g in PHRASES[lang][key]), said
