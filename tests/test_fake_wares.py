"""Selling fakes is a cheat (`dishonest`, fraud against buyers): 卖假药 and "sells fake medicine" read as nothing
at all, "passed off chalk as flour" by meaning as carelessness. Not when it is denied, nor a fair sale."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read


@pytest.mark.parametrize("text", ["老周卖假药", "老周在集上卖假药", "老周卖的是假药", "老周卖给王婆假药", "老周卖假货", "老周以次充好",
                                  "Tom sells fake medicine", "Tom sold fake remedies", "Tom peddles quack cures at the fair",
                                  "Tom passed off chalk as flour", "Tom passed the chalk off as flour", "Tom watered the milk",
                                  "Tom sold Orla wet sand"])
def test_selling_fakes_reads_as_a_cheat(text: str) -> None:
    reading = read(text)
    assert (reading.key, reading.negated) == ("dishonest", False), (text, reading)


@pytest.mark.parametrize("text", ["老周从不卖假药", "老周没卖假药", "卖鱼的假装没看见", "Tom doesn't sell fake medicine",
                                  "Tom never sold fake remedies", "Tom passed the salt", "Tom sells medicine",
                                  "The baker sells fresh bread", "Tom passed off as a gentleman"])
def test_what_must_not_read_as_a_cheat(text: str) -> None:
    reading = read(text)
    assert reading.key != "dishonest" or reading.negated, (text, reading)
