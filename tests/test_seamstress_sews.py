"""A seamstress asked to sew a curtain takes it on, and "How much would that cost?" prices the curtain
(newcomer N-16): Mina (seamstress) said "I wish I could help with that, but I can't." and then "That'll be 35
pence a garment for a coat.": the tailor's ware knew coats and no curtains, and a bare price named no ware.
Now sewing to order is said as asked, and a bare price after a request prices what was asked for (the
asker's last words, agents/it_refers.py `previous_question`); en and zh (a doctor's visit the same)."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    return Town.from_scenario({"scenario": "school", "language": lang, "seed": 11, "start": "2026-09-07T07:00", "tick": "1h",
                               "characters": {"mina": {"name": "米娘" if zh else "Mina", "role": "裁缝" if zh else "seamstress"},
                                              "sun": {"name": "孙大夫" if zh else "Dr Hale", "role": "郎中" if zh else "doctor"},
                                              "p": {"name": "新先生" if zh else "Rowan", "player": True}}})


@pytest.mark.parametrize("lang,asked,yes,price,want", [
    ("en", "Could you sew a curtain for my classroom?", "sew that", "How much would that cost?", "curtains"),
    ("zh", "能帮我缝个窗帘吗？", "这活我接了", "多少钱？", "针线活"),
])
def test_the_seamstress_sews_and_prices_what_was_asked(lang: str, asked: str, yes: str, price: str, want: str) -> None:
    town = _town(lang)
    said = town.say("p", "mina", asked).text
    assert yes in said and "can't" not in said and "帮不上" not in said, said
    said = town.say("p", "mina", price).text
    assert want in said.lower() and "coat" not in said, said


def test_a_bare_price_after_a_request_prices_the_thing_requested() -> None:
    town = _town("en")
    town.say("p", "sun", "Could you see me today?")
    said = town.say("p", "sun", "How much would that cost?").text
    assert "a visit" in said and "dose" not in said, said
