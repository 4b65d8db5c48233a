"""world/py_round.py: the array rounding is Python's round, float for float (bit for bit)."""

from __future__ import annotations

import numpy as np
import pytest

from townsfolk.world.py_round import round_like_python


def _python(values: np.ndarray, ndigits: int) -> np.ndarray:
    return np.array([round(float(v), ndigits) for v in values.reshape(-1)], dtype=np.float64)


@pytest.mark.parametrize("ndigits", [0, 2, 4, 6])
def test_same_bits_as_round_on_random_and_near_half_values(ndigits: int) -> None:
    rng = np.random.default_rng(3)
    scale = 10.0**ndigits
    halves = (rng.integers(-10**6, 10**6, 20000) + 0.5) / scale  # near a half after scaling: the hard cases
    nudged = np.nextafter(halves, np.inf), np.nextafter(halves, -np.inf)
    values = np.concatenate([rng.random(20000), rng.normal(0, 50, 20000), halves, *nudged,
                             [0.0, -0.0, 1.0, -1.0, 0.5, 2.5, 1e12, -1e15, 1e300, np.inf, -np.inf, np.nan]])
    got, want = round_like_python(values, ndigits), _python(values, ndigits)
    assert np.array_equal(got, want, equal_nan=True)
    finite = np.isfinite(want)
    assert got[finite].view(np.int64).tolist() == want[finite].view(np.int64).tolist()  # signs of zero too


def test_bond_formula_values_round_as_seed_bonds_rounds() -> None:
    """The values seed_bonds_all rounds (0.2 + 0.6 * s * w and the like, s a 2-decimal strength)."""
    s = np.round(0.3 + 0.6 * np.random.default_rng(7).random(50000), 2)
    values = np.minimum(1.0, np.concatenate([0.2 + 0.6 * s * 0.7, 0.3 + 0.5 * s * 0.55, 0.5 + 0.4 * s * 0.6, 0.4 * s]))
    assert round_like_python(values, 4).view(np.int64).tolist() == _python(values, 4).view(np.int64).tolist()


def test_shape_kept_and_bad_ndigits_refused() -> None:
    assert round_like_python(np.array([[0.12345, 0.5]]), 2).shape == (1, 2)
    with pytest.raises(ValueError, match="ndigits"):
        round_like_python(np.zeros(2), 16)
