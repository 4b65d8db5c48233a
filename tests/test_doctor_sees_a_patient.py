"""A doctor asked to see a patient sees them, with the fee (newcomer N-32): 孙大夫 (街口开药铺的郎中) asked
孙大夫好，最近身体不太舒服，能给我看看吗？ said 这我可帮不上，我就是个街口开药铺的郎中: the healer's trade knew
remedies and no consultation, and the request fell to everyday.py's "not my line". Now the trade does a
consultation (agents/trade_goods.py), zh and en, and its remedies stay the wares it lists."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    doctor = {"name": "孙大夫", "role": "街口开药铺的郎中"} if zh else {"name": "Dr Hale", "role": "village doctor"}
    return Town.from_scenario({"scenario": "street", "language": lang, "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
                               "characters": {"sun": doctor, "p": {"name": "过路客" if zh else "Sam", "player": True}}})


@pytest.mark.parametrize("lang,asked,want", [
    ("zh", "孙大夫好，最近身体不太舒服，能给我看看吗？", "把脉"),
    ("zh", "看一次多少钱？", "看病一次"),
    ("en", "I've been feeling poorly; could you take a look at me?", "have a look at you"),
    ("en", "Could you see me today?", "pence a visit"),
    ("en", "How much for a visit?", "pence a visit"),
])
def test_the_doctor_sees_a_patient_for_a_fee(lang: str, asked: str, want: str) -> None:
    said = _town(lang).say("p", "sun", asked).text
    assert want in said and ("帮不上" not in said and "beyond me" not in said), said
    assert ("文" if lang == "zh" else "pence") in said, said


def test_a_consultation_is_not_a_ware_on_the_shelf() -> None:
    assert "看病" not in _town("zh").say("p", "sun", "你这儿卖什么？").text
    assert "consultation" not in _town("en").say("p", "sun", "What do you sell?").text
