"""The dirty marks of a graph's edges found eight flags a word (world/relationships.py
`marked_rows`): the rows `np.flatnonzero` finds, for any length, any marks, any alignment."""

from __future__ import annotations

import numpy as np
import pytest

from townsfolk.world.relationships import marked_rows


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 63, 64, 65, 1000, 4099, 100_003])
@pytest.mark.parametrize("offset", [0, 3])
def test_the_marked_rows_are_the_rows_flatnonzero_finds(n, offset):
    rng = np.random.default_rng(n + offset)
    for marks in (0, 1, 2, 9, n // 3, n):
        flags = np.zeros(n + offset + 5, dtype=bool)[offset:offset + n]  # (a view, maybe unaligned)
        if n and marks:
            flags[rng.choice(n, min(marks, n), replace=False)] = True
        if n:
            flags[-1] = bool(marks % 2)  # the last flag, in the tail past the whole words
        found = marked_rows(flags)
        assert found.tolist() == np.flatnonzero(flags).tolist() and found.dtype == np.intp


def test_a_graph_takes_its_dirty_rows_once():
    from tests.test_scale_engine import small_town

    world = small_town(30, seed=1)[0].world
    world.graph.take_dirty_rows()
    cols = world.graph.columns
    cols.dirty[[1, 17, cols.n - 1]] = True
    assert sorted(world.graph.take_dirty_rows(by_name=False).tolist()) == [1, 17, cols.n - 1]
    assert world.graph.take_dirty_rows().tolist() == [] and not cols.dirty[:cols.n].any()
