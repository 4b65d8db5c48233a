"""A scripted `say` that reports a third person's view of the listener is kept as that view, en and zh: Colm
telling Wynn "Ida says you are lazy" (about: ida) was held as "Colm says Ida is lazy", so Wynn, asked of Ida,
said "According to Colm, Ida is lazy": blame on the wrong person. Now it is Ida's view of Wynn, told by Colm."""

from __future__ import annotations

import pytest

from townsfolk import Town

CAST = {"en": {"a": {"name": "Ida"}, "b": {"name": "Wynn"}, "c": {"name": "Colm"}, "p": {"name": "Sam", "player": True}},
        "zh": {"a": {"name": "阿青"}, "b": {"name": "小梁"}, "c": {"name": "老顾客"}, "p": {"name": "旅人", "player": True}}}
WORDS = {"en": "Ida says you are lazy", "zh": "阿青说你不靠谱"}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("about", ["a", "b", None])
def test_a_reported_view_is_the_view_of_whom_it_reports(lang: str, about: str | None) -> None:
    say = {"speaker": "c", "to": "b", "text": WORDS[lang], **({"about": about} if about else {})}
    town = Town.from_scenario({"scenario": "x", "language": lang, "seed": 1, "start": "2026-05-11T07:00", "tick": "1h",
                               "characters": CAST[lang], "timeline": [{"at": 1, "say": say}]})
    town.play_tick(1)
    [belief] = town.memory.beliefs_of("b")
    assert (belief.claim.about, belief.claim.target, belief.told_by) == ("a", "b", "c"), belief.claim
    said = town.say("p", "b", "What do you think of Ida?" if lang == "en" else "你怎么看阿青").text
    assert ("Ida thinks I am lazy" in said) if lang == "en" else ("阿青嫌我不靠谱" in said), said
