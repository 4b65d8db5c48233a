"""An escort agency prices and takes on an escort (newcomer N-30, N-58): 石头 (镖师) asked 能帮我押一趟镖去县城吗？
said 好，我替你留意着 (an errand to find) and 多少钱？ 这个我不太清楚; 赵总镖头 (镖局总镖头) asked 押一趟镖到县城要多少银子？
said 这事我没听说过. The trades knew no 镖局, and nothing said how `sells:` gives a service. Now the escort is a
trade's work (zh 镖/趟子手, en escort, caravan guard), and `sells: [{ware: 押镖, price: 500, per: 趟}]` is that
work at the designer's price (scenarios/README.md)."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str, sells: list[dict[str, object]] | None = None) -> Town:
    zh = lang == "zh"
    head = {"name": "赵总镖头", "role": "镖局总镖头"} if zh else {"name": "Grim", "role": "caravan guard"}
    hand = {"name": "小六", "role": "趟子手"} if zh else {"name": "Tam", "role": "escort for hire"}
    if sells is not None:
        head["sells"] = sells  # type: ignore[assignment]
    return Town.from_scenario({"scenario": "road", "language": lang, "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
                               "characters": {"zhao": head, "liu": hand, "p": {"name": "过路客" if zh else "Sam", "player": True}}})


@pytest.mark.parametrize("lang,npc,asked,want", [
    ("zh", "zhao", "能帮我押一趟镖去县城吗？", "这趟镖我们接了"),
    ("zh", "zhao", "押一趟镖到县城要多少银子？", "一趟"),
    ("zh", "liu", "你能护送我去县城吗？", "押镖一趟"),
    ("en", "zhao", "Could you escort my wagon to town?", "pence a journey"),
    ("en", "liu", "How much for an escort?", "pence a journey"),
])
def test_an_escort_is_taken_on_with_its_price(lang: str, npc: str, asked: str, want: str) -> None:
    said = _town(lang).say("p", npc, asked).text
    assert want in said and ("文" if lang == "zh" else "pence") in said, said
    assert "留意" not in said and "ask around" not in said.lower(), said


def test_a_bare_price_after_the_request_is_the_escorts() -> None:
    town = _town("zh")
    town.say("p", "zhao", "能帮我押一趟镖去县城吗？")
    assert "押镖" in town.say("p", "zhao", "多少钱？").text


@pytest.mark.parametrize("lang,sells,asked,want", [
    ("zh", [{"ware": "押镖", "price": 500, "per": "趟"}], "能帮我押一趟镖去县城吗？", "这趟镖我们接了。押镖一趟500文"),
    ("en", [{"ware": "escort", "price": 60, "per": "journey"}], "Could you escort my wagon to town?", "60 pence a journey"),
    ("en", [{"ware": "reading", "price": 5, "per": "session"}], "Could you give me a reading?", "I can do that for you. "),
    ("zh", [{"ware": "看风水", "price": 50, "per": "次"}], "能给我看风水吗？", "这活我接了"),
])
def test_a_service_sold_by_the_designer_is_taken_on(lang: str, sells: list[dict[str, object]], asked: str, want: str) -> None:
    said = _town(lang, sells).say("p", "zhao", asked).text
    assert want in said, said


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_one_under_the_head_of_the_trade_sends_the_asker_to_the_head(lang: str) -> None:
    """N-30's first expectation: 石头 (镖师, 赵总镖头 his master) asked to take an escort says 押镖得总镖头点头，价钱跟他谈;
    one with no tie to a head, and the head himself, price it (above)."""
    zh = lang == "zh"
    town = Town.from_scenario({"scenario": "road", "language": lang, "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
                               "characters": {"zhao": {"name": "赵总镖头" if zh else "Grim",
                                                       "role": "镖局总镖头" if zh else "head of the caravan guards"},
                                              "shitou": {"name": "石头" if zh else "Stone", "role": "镖师" if zh else "caravan guard"},
                                              "p": {"name": "过路客" if zh else "Sam", "player": True}},
                               "relationships": [{"from": "zhao", "to": "shitou", "kind": "mentor", "strength": 0.8}]})
    said = town.say("p", "shitou", "能帮我押一趟镖去县城吗？" if zh else "Could you escort my wagon to town?").text
    assert ("赵总镖头点头" in said) if zh else ("for Grim to take on" in said), said
    said = town.say("p", "zhao", "押一趟镖到县城要多少银子？" if zh else "How much for an escort?").text
    assert ("文" if zh else "pence") in said, said
