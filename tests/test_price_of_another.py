"""A price asked of someone else's work is theirs to say: the farmer asked "How much does the vet charge?"
quoted his own eggs (newcomer N-31). Now he sends the asker to the vet by name, or says he couldn't say;
his own price is still his to give ("How much do you charge for eggs?", 你家鸡蛋多少钱？)."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    town = Town.from_scenario({"scenario": "farm", "language": lang, "seed": 5, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "owen": {"name": "老农" if zh else "Owen", "role": "农夫" if zh else "farmer"},
                                   "hal": {"name": "王大夫" if zh else "Hal", "role": "郎中" if zh else "country vet"},
                                   "bea": {"name": "铁姑" if zh else "Bea", "role": "铁匠" if zh else "blacksmith and farrier"},
                                   "kit": {"name": "沈郎" if zh else "Kit", "player": True}}})
    town.advance(1)
    return town


@pytest.mark.parametrize("lang,asked,name", [
    ("en", "How much does the vet charge?", "Hal"), ("en", "How much does Hal charge?", "Hal"),
    ("en", "How much does the smith charge for a horseshoe?", "Bea"),
    ("zh", "大夫看病多少钱？", "王大夫"), ("zh", "王大夫看病收多少钱？", "王大夫"), ("zh", "铁匠打一把锄头多少钱？", "铁姑"),
])
def test_anothers_price_is_theirs_to_say(lang: str, asked: str, name: str) -> None:
    said = _town(lang).say("kit", "owen", asked).text
    assert name in said and "eggs" not in said and "鸡蛋" not in said, said


@pytest.mark.parametrize("lang,asked,want", [("en", "How much do you charge for eggs?", "eggs"), ("zh", "你家鸡蛋多少钱？", "鸡蛋")])
def test_my_own_price_is_still_mine(lang: str, asked: str, want: str) -> None:
    said = _town(lang).say("kit", "owen", asked).text
    assert want in said.lower() and ("pence" in said or "文" in said), said  # "Eggs? ..." leads with the ware
