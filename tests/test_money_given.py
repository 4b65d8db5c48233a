"""Money handed to someone is a giving, not a theft: "Lin slipped Ida a silver coin" read by meaning as a
theft (the theft example "She slipped a loaf under her shawl..." shares its verb), "handed Ida ten coins" as a
debt, and 往小艾手里塞了一把铜钱 as a theft. Given money is a gift; money paid for something, or paid back, is no
gift and no wrong (memory/reading_cases.py). Read the way a world reads them (names as pronouns for the meaning),
with the default embedder and the lexical one."""

from __future__ import annotations

import pytest

from tests.reading_cast import EMBEDDERS, language_of, name_indexes
from townsfolk import Town
from townsfolk.memory.predicate_reader import read

NAMES = {"zh": ("老林", "小艾", "阿秀"), "en": ("Lin", "Ida", "Wren")}
GIVEN = [
    "Lin slipped Ida a silver coin",
    "Lin slipped Ida two silver coins when nobody was looking",
    "Lin handed Ida ten coins",
    "Lin gave Ida some money for the winter",
    "Lin pressed a coin into Ida's hand",
    "Lin tossed Wren a penny",
    "林塞给小艾一枚银币",
    "老林往小艾手里塞了一把铜钱",
    "老林偷偷塞给小艾几个铜板",
    "老林递给小艾一串铜钱",
]
NO_WRONG = {"remark", "debt_repaid", "gift", "helpful", "generous"}
PAID = [  # money for something, or money owed: neither a theft nor a debt the giver owes
    ("Lin gave Ida ten coins for the bread", NO_WRONG - {"gift"}),
    ("Lin handed Ida three pennies for the ribbon", NO_WRONG - {"gift"}),
    ("Lin paid Ida for the bread", NO_WRONG - {"gift"}),
    ("老林把欠的钱还给了小艾", {"debt_repaid"}),
]
STILL_WRONG = [
    ("Lin slipped Ida's purse into his pocket", "theft"),
    ("Lin slipped a loaf under his coat and walked off without paying", "theft"),
    ("Lin borrowed ten coins from Ida", "debt"),
    ("Lin took money from Ida's till", "theft"),
]


INDEXES = name_indexes(NAMES)


@pytest.mark.parametrize("embedder", EMBEDDERS)
@pytest.mark.parametrize("text", GIVEN)
def test_money_given_is_a_gift(text: str, embedder: str) -> None:
    reading = read(text, embedder=EMBEDDERS[embedder], names=INDEXES[language_of(text)])
    assert reading.key == "gift" and not reading.negated, (text, reading)


@pytest.mark.parametrize("embedder", EMBEDDERS)
@pytest.mark.parametrize(("text", "allowed"), PAID)
def test_money_paid_is_no_wrong(text: str, allowed: set[str], embedder: str) -> None:
    reading = read(text, embedder=EMBEDDERS[embedder], names=INDEXES[language_of(text)])
    assert reading.key in allowed, (text, reading)


@pytest.mark.parametrize(("text", "key"), STILL_WRONG)
def test_taking_money_is_still_a_wrong(text: str, key: str) -> None:
    reading = read(text, names=INDEXES["en"])
    assert reading.key == key, (text, reading)


def test_a_coin_given_warms_the_one_given_it_and_cools_no_witness() -> None:
    town = Town.from_scenario({
        "scenario": "Coin", "language": "en", "seed": 3, "start": "2026-06-03T08:00", "tick": "1h",
        "characters": {"lin": {"name": "Lin", "role": "baker"}, "ida": {"name": "Ida", "role": "seamstress"},
                       "dot": {"name": "Dot", "role": "washerwoman"}, "p": {"name": "Robin", "player": True}},
        "relationships": [{"from": "ida", "to": "lin", "kind": "neighbour", "strength": 0.5},
                          {"from": "dot", "to": "lin", "kind": "neighbour", "strength": 0.5}],
        "timeline": [{"at": 1, "happen": {"what": "Lin slipped Ida a silver coin", "actor": "lin",
                                          "witnesses": ["dot", "ida"]}}]})
    town.advance(2)
    for holder in ("ida", "dot"):
        edge = town.world.graph.get(holder, "lin", "neighbour")
        assert edge is not None and edge.strength >= 0.5, (holder, edge)
    said = town.say("p", "dot", "What did Lin do?").text
    assert "stole" not in said.lower() and "thief" not in said.lower(), said
