"""A zh world's `names.given` of two-character given names are whole names (issue 10, N2 finding 5): they
were joined two at a time (沈仲舒清和, 林怀瑾怀瑾); single characters are still paired."""

from __future__ import annotations

import numpy as np

from townsfolk.sim.worldgen_names import draw_names

POOL = ["子衿", "明远", "清和", "怀瑾", "景行", "伯安", "仲舒"]


def test_two_character_given_names_are_not_joined() -> None:
    names = draw_names(np.random.default_rng(3), ["苏", "林", "程"] * 100, "zh", given=POOL)
    for name in names:
        given = name[1:].rstrip("0123456789")
        assert given in POOL, name


def test_single_characters_are_still_paired() -> None:
    names = draw_names(np.random.default_rng(3), ["苏"] * 200, "zh", given=list("文华明德"))
    assert any(len(n.rstrip("0123456789")) == 3 for n in names)
