"""A caretaker asked to mend something of the place he keeps says yes (newcomer N-12): Owen ("caretaker at the
school", "fixes things before anyone asks") asked "Could you fix the squeaky door in my classroom?" said
"That's beyond me, sorry.": no trade knew a caretaker. Now mending is a caretaker's work, done for nothing (the
school pays him), and a handyman's or a carpenter's (木匠), done for a fee; en and zh."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    return Town.from_scenario({"scenario": "school", "language": lang, "seed": 11, "start": "2026-09-07T07:00", "tick": "1h",
                               "characters": {"owen": {"name": "老许" if zh else "Owen", "role": "学堂的校工" if zh else "caretaker at the school"},
                                              "jem": {"name": "木匠张" if zh else "Jem", "role": "木匠" if zh else "carpenter"},
                                              "p": {"name": "新先生" if zh else "Rowan", "player": True}}})


@pytest.mark.parametrize("lang,asked,want", [
    ("en", "Could you fix the squeaky door in my classroom?", "I'll see to it"),
    ("zh", "能帮我修一下教室的门吗？", "交给我"),
])
def test_the_caretaker_says_yes_and_asks_nothing(lang: str, asked: str, want: str) -> None:
    town = _town(lang)
    said = town.say("p", "owen", asked).text
    assert want in said and "beyond me" not in said and "帮不上" not in said, said
    price = town.say("p", "owen", "How much would that cost?" if lang == "en" else "要多少钱？").text
    assert "pence" not in price and "文" not in price and ("job" in price or "here for" in price or "分内" in price or "该干" in price), price


@pytest.mark.parametrize("lang,asked,coin", [("en", "Could you fix my door?", "pence a job"), ("zh", "能帮我修一下门吗？", "文")])
def test_a_carpenter_mends_for_a_fee(lang: str, asked: str, coin: str) -> None:
    said = _town(lang).say("p", "jem", asked).text
    assert coin in said and ("fix that" in said or "能修" in said), said
