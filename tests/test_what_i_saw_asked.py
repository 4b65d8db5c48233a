"""'What did you see this morning?' / 你今天早上看见什么了？ of the one witness got "Can't say I know, I'm
afraid." / 这事我没听说过。 (second newcomer M-3): the question shares no word with what she saw. Now what
I saw of late is drawn on and said; one who saw nothing says so. A recap lead keeps a name's capital."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    people = {"isolde": {"name": "伊索" if zh else "Isolde"}, "cal": {"name": "阿凯" if zh else "Cal"},
              "wenna": {"name": "文娜" if zh else "Wenna"}, "p": {"name": "客人" if zh else "Rowan", "player": True}}
    beats = [{"at": 1, "happen": {"what": "阿凯没打招呼就把渔网拿走了" if zh else "Cal took the nets out without asking",
                                  "actor": "cal", "witnesses": ["isolde"], "valence": -0.3}}]
    town = Town.from_scenario({"scenario": "harbour", "language": lang, "seed": 2, "start": "2026-06-01T06:00", "tick": "1h",
                               "place": "quay", "characters": people, "timeline": beats})
    town.advance(2)
    return town


@pytest.mark.parametrize("lang,asked,want", [("en", "What did you see this morning?", "Cal took the nets out"),
                                             ("en", "What did you see?", "Cal took the nets out"),
                                             ("zh", "你今天早上看见什么了？", "阿凯没打招呼就把渔网拿走了"),
                                             ("zh", "你看见什么了？", "阿凯没打招呼")])
def test_a_witness_says_what_she_saw(lang: str, asked: str, want: str) -> None:
    said = _town(lang).say("p", "isolde", asked).text
    assert want in said, said


@pytest.mark.parametrize("lang,none", [("en", "Nothing out of the ordinary"), ("zh", "没看见什么特别的")])
def test_one_who_saw_nothing_says_so(lang: str, none: str) -> None:
    said = _town(lang).say("p", "wenna", "What did you see?" if lang == "en" else "你看见什么了？").text
    assert none in said, said


def test_a_recap_lead_keeps_a_names_capital() -> None:
    town = _town("en")
    town.say("p", "isolde", "What did you see?")
    said = town.say("p", "isolde", "What did you see?").text
    assert "cal " not in said and "Cal" in said, said
