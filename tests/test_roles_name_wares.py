"""English roles that name their wares are sold from (agents/trade_goods.py), and "What do you sell?" is
answered with them, en and zh: "sells pies at the fair", "pie man", "cheesemonger" and "ironmonger" had no
wares ("How much for the pie?" -> "I haven't heard anything about that."), "What do you sell?" got "I'm the
pie seller, for my sins.", "A pie, please." was declined, and a role said as a doing was put as a noun ("I'm
the sells pies at the fair here.")."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.trade_goods import own_trade, role_doing

ROLES = {"a": "sells pies at the fair", "b": "pie seller", "c": "fishmonger", "d": "sells hot chestnuts and cider",
         "e": "pie man", "f": "cheesemonger", "g": "ironmonger", "h": "sells eels on the quay"}
ASKED = {"a": "pie", "b": "pie", "c": "fish", "d": "chestnuts", "e": "pie", "f": "cheese", "g": "nails", "h": "eels"}
EN = {"scenario": "Fair", "language": "en", "seed": 3, "start": "2026-10-14T10:00", "tick": "1h",
      "characters": {**{k: {"name": "N" + k.upper() + "ell", "role": r} for k, r in ROLES.items()},
                     "jun": {"name": "Jun", "player": True}}}
ZH = {"scenario": "集", "language": "zh", "seed": 3, "start": "2026-10-14T10:00", "tick": "1h",
      "characters": {"a": {"name": "老甲", "role": "卖热汤面和馒头的"}, "b": {"name": "老乙", "role": "织网的"},
                     "jun": {"name": "阿远", "player": True}}}


@pytest.fixture(scope="module")
def en() -> Town:
    return Town.from_scenario(EN)


def test_the_wares_a_role_names() -> None:
    class C:
        sells: list = []  # noqa: RUF012

        def __init__(self, role: str) -> None:
            self.role = role

    named = {r: [w.name_en for w in own_trade(C(r), False).wares] for r in ROLES.values()}  # type: ignore[union-attr, arg-type]
    assert named["sells pies at the fair"] == ["pies"] and named["sells hot chestnuts and cider"] == ["hot chestnuts", "cider"]
    assert named["pie man"] == ["a pie"] and named["cheesemonger"] == ["cheese"]  # by the pound, not "a cheese" each
    assert own_trade(C("watchman"), False) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("npc", sorted(ROLES))
def test_asked_the_price_of_what_the_role_names(en: Town, npc: str) -> None:
    said = en.say("jun", npc, f"How much for the {ASKED[npc]}?").text
    assert "pence" in said, (ROLES[npc], said)


def test_what_do_you_sell_is_the_wares(en: Town) -> None:
    for npc, word in (("a", "Pies"), ("b", "pies"), ("c", "fish"), ("d", "chestnuts")):
        said = en.say("jun", npc, "What do you sell?").text
        assert word in said and "pence" in said and "for my sins" not in said, said


def test_a_ware_please_is_served(en: Town) -> None:
    said = en.say("jun", "b", "A pie, please.").text
    assert "pence" in said, said


def test_a_role_said_as_a_doing() -> None:
    assert role_doing("sells pies at the fair") == "sell pies at the fair"
    assert role_doing("catches eels") == "catch eels" and role_doing("pie seller") is None
    town = Town.from_scenario(EN)
    for q in ("What do you do?", "Who are you?"):
        said = town.say("jun", "a", q).text
        assert "I sell pies at the fair" in said and "the sells" not in said, said


def test_zh_what_do_you_sell() -> None:
    town = Town.from_scenario(ZH)
    said = town.say("jun", "a", "你这儿卖什么？").text
    assert "热汤面" in said and "馒头" in said and "文" in said, said
    said = town.say("jun", "b", "你卖些啥？").text
    assert "网" in said and "文" in said, said
