"""A ware that is not mine is said so, with what I do sell or who sells it, and a loan is yes or no by trust
(newcomer N-19): Silas (grocer) asked "How much are your apples?" said "No idea, sorry. Nobody's told me."
though he answers "What do you sell?" with salt, sugar and oil; asked "Could you lend me a shilling till
Friday?" he said "Leave it with me; I'll ask around." (a loan read as a favour to find). en and zh."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str, farmer: bool = False) -> Town:
    zh = lang == "zh"
    cast: dict[str, dict[str, object]] = {"silas": {"name": "钱掌柜" if zh else "Silas", "role": "杂货铺掌柜" if zh else "grocer"},
                                          "p": {"name": "过路客" if zh else "Rowan", "player": True}}
    if farmer:
        cast["colm"] = {"name": "王伯" if zh else "Colm", "role": "卖鸡蛋的" if zh else "farmer"}
    return Town.from_scenario({"scenario": "lane", "language": lang, "seed": 11, "start": "2026-09-07T07:00", "tick": "1h",
                               "characters": cast})


@pytest.mark.parametrize("lang,asked,want", [("en", "How much are your apples?", "salt"), ("zh", "鸡蛋怎么卖？", "盐")])
def test_a_ware_i_do_not_keep_is_said_with_what_i_sell(lang: str, asked: str, want: str) -> None:
    said = _town(lang).say("p", "silas", asked).text
    assert want in said and ("apples" in said or "鸡蛋" in said), said
    assert "No idea" not in said and "说不上" not in said, said


@pytest.mark.parametrize("lang,asked,who", [("en", "How much are your eggs?", "Colm"), ("zh", "鸡蛋怎么卖？", "王伯")])
def test_a_ware_i_do_not_keep_is_sent_to_who_sells_it(lang: str, asked: str, who: str) -> None:
    said = _town(lang, farmer=True).say("p", "silas", asked).text
    assert who in said, said


@pytest.mark.parametrize("lang,asked", [("en", "Could you lend me a shilling till Friday?"), ("zh", "能借我五十文吗？")])
def test_a_loan_to_a_stranger_is_refused_not_asked_around_for(lang: str, asked: str) -> None:
    said = _town(lang).say("p", "silas", asked).text
    assert said in {line for key in ("lend_stranger",) for line in _phrases(lang)[key]}, said


def _phrases(lang: str) -> dict[str, list[str]]:
    from townsfolk.agents.everyday import PHRASES

    return PHRASES[lang]
