"""Lending is the lender's kindness (`helpful`): "Pell lent me money" read by meaning as a theft by Pell, 他借给我钱
as his unpaid debt, so the one who lent was blamed. A borrower's debt still reads as theirs."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read


@pytest.mark.parametrize("text", ["Pell lent me money", "Pell lent Rowan some money", "Pell lent me her ladder", "他借给我钱",
                                  "春嫂把渔网借给了小虎"])
def test_lending_reads_as_help(text: str) -> None:
    assert read(text).key == "helpful", (text, read(text))


@pytest.mark.parametrize("text, key", [("小虎借了春嫂十两银子没还", "debt_unpaid"), ("小虎借了春嫂的梯子", "borrowed"),
                                       ("Rowan borrowed a ladder from Pell", "borrowed"),
                                       ("Rowan borrowed ten coins from Pell and never paid her back", "debt_unpaid")])
def test_borrowing_still_reads_as_before(text: str, key: str) -> None:
    assert read(text).key == key, (text, read(text))


@pytest.mark.parametrize("text", ["Pell wouldn't lend me a penny", "春嫂没借给我钱"])
def test_no_loan_is_no_help(text: str) -> None:
    assert read(text).key != "helpful", (text, read(text))
