"""A greeting before "What do you print here?" is greeted back before the wares (newcomer N-20: a stranger
asking a shopkeeper about his trade got "Evening! Come in. I'll tell you what I know." and a confession; with
the wares answered, the greeting was dropped). Said by the world's clock, as every trade answer is."""

from __future__ import annotations

import pytest

from townsfolk import Town


@pytest.mark.parametrize("lang,asked,greeting", [("en", "Good morning, Gus. What do you print here?", "Morning!"),
                                                 ("zh", "你好，刘伯。你这儿卖什么？", "早啊！")])
def test_the_wares_are_greeted(lang: str, asked: str, greeting: str) -> None:
    zh = lang == "zh"
    town = Town.from_scenario({"scenario": "shop", "language": lang, "seed": 5, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "gus": {"name": "刘伯" if zh else "Gus", "role": "丝商" if zh else "master printer",
                                           **({} if zh else {"sells": [{"ware": "handbill", "price": 2, "per": "hundred"}]})},
                                   "kit": {"name": "沈郎" if zh else "Kit", "player": True}}})
    town.advance(1)
    said = town.say("kit", "gus", asked).text
    assert said.startswith(greeting) and ("生丝" in said or "Handbills" in said), said
