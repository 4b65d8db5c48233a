"""A town all in one place (or all idle) relaxes toward one row, filled rather than gathered per
NPC: the same targets, bit for bit, as the per-NPC gather over the group table."""

from __future__ import annotations

import numpy as np
import pytest

from townsfolk.agents.affect import AffectField


def gathered(field: AffectField) -> np.ndarray:
    table = np.concatenate([np.zeros((1, 3)), np.clip(field.group_slow, -1.0, 1.0)])
    out = np.take(table, field.group_of + 1, axis=0)
    in_pair = np.flatnonzero((field.pair_row >= 0) & (field.group_of < 0))
    out[in_pair] = np.clip(field.pair_slow[field.pair_row[in_pair]], -1.0, 1.0)
    return out


@pytest.mark.parametrize("n", [1, 2, 63, 64, 65, 129, 1000, 4097])
def test_one_place_targets_are_the_gathered_targets(n):
    rng = np.random.default_rng(n)
    ids = [f"a{i}" for i in range(n)]
    field = AffectField(ids, group_ids=["inn", "mill"])
    field.group_slow = rng.uniform(-1.5, 1.5, field.group_slow.shape)  # beyond the bounds: clipped
    field.group_slow[0, 1] = -0.0
    for place in ("everyone idle", "mill", "idle again", "one in the inn", "a pair talking"):
        if place == "mill":
            field.join(ids, "mill")
        elif place == "idle again":
            field.leave(ids)
        elif place == "one in the inn":
            field.join(ids[:1], "inn")
        elif place == "a pair talking" and n > 1:
            field.leave(ids)
            field.converse(ids[0], ids[-1])
            field.pair_slow = rng.uniform(-1.5, 1.5, field.pair_slow.shape)
        got, want = field.targets(), gathered(field)
        assert got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes(), place
