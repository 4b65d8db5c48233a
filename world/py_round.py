"""Python's `round(x, ndigits)` over a whole array, float for float.

`np.round` scales, rounds and scales back, so near a half it can land one unit of the last decimal
away from Python's correctly rounded `round`; engine values are rounded the Python way, and a bulk
build (seed_bonds_all: four bond edges per tie, 4M values at 100k NPCs) that called `round` per
value spent about a second doing it. Here the scaled value is rounded by numpy wherever it is far
from a half (then the integer is the one Python's exact decimal rounding picks, and dividing it by
10**ndigits is correctly rounded, as Python's conversion back is); the few near a half, and any
too large to scale exactly, are handed to `round` itself.
"""

from __future__ import annotations

import numpy as np

MARGIN = 1e-6  # how close to a half (in units of the last kept decimal) counts as near: far above the product's error
EXACT = 2.0**32  # below this the product's error (under 2**-21) is far inside MARGIN


def round_like_python(values: np.ndarray, ndigits: int) -> np.ndarray:
    """`np.array([round(float(v), ndigits) for v in values])`, the same float64s, without the loop."""
    if not 0 <= ndigits <= 15:
        raise ValueError(f"ndigits must be in 0..15, got {ndigits}")
    x = np.asarray(values, dtype=np.float64).reshape(-1)
    scale = float(10**ndigits)
    with np.errstate(invalid="ignore", over="ignore"):  # inf and NaN: doubtful below, done by round
        scaled = x * scale
        out = np.rint(scaled) / scale
        frac = np.abs(scaled - np.floor(scaled))
    doubtful = ~(np.abs(frac - 0.5) > MARGIN) | ~(np.abs(scaled) < EXACT)  # NaN and inf are doubtful too
    for i in np.flatnonzero(doubtful).tolist():
        out[i] = round(float(x[i]), ndigits)
    return out.reshape(np.shape(values))
