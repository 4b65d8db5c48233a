"""sim/minds_rows.py `_same` tells an array that moved from its first rows (PROBE) and reads the
whole array only when they agree: the answer is the full bit-for-bit comparison's either way."""

from __future__ import annotations

import numpy as np

from townsfolk.sim.minds_rows import PROBE, _same


def test_an_array_is_the_same_only_bit_for_bit_wherever_it_moved():
    base = np.random.default_rng(1).uniform(-1, 1, (10 * PROBE, 3))
    assert _same(base, base.copy())
    for row in (0, PROBE - 1, PROBE, len(base) - 1):  # in the probed head and past it
        moved = base.copy()
        moved[row, 2] = np.nextafter(moved[row, 2], 2.0)
        assert not _same(base, moved), row
    signed = np.zeros((10 * PROBE, 3))
    negative = signed.copy()
    negative[-1, 0] = -0.0
    assert not _same(signed, negative)  # -0.0 is not 0.0
    codes = np.arange(10 * PROBE, dtype=np.int64)
    later = codes.copy()
    later[-1] += 1
    assert _same(codes, codes.copy()) and not _same(codes, later)
    assert not _same(base[:5], base[:6]) and _same(base[:5], base[:5].copy())  # short: compared whole
