"""`np.unique` for int keys by sorting: the same values (and inverse), without its hashing.

numpy 2.4's `np.unique` hashes wide int64 keys (~1.1 s per 1M of them); a stable sort and a mask
of where each run of equal keys starts give the same sorted values several times faster (the
edge columns' keys come in runs already ordered, which numpy's stable sort is fast on).
"""

from __future__ import annotations

import numpy as np


def _firsts(ordered: np.ndarray) -> np.ndarray:
    """Where each run of equal values starts in a sorted array."""
    first = np.empty(len(ordered), dtype=bool)
    first[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return first


def sorted_unique(keys: np.ndarray) -> np.ndarray:
    """`np.unique(keys)` for a 1-D int array: its distinct values, sorted, in its dtype."""
    if len(keys) < 2:
        return np.array(keys, dtype=keys.dtype)
    ordered = np.sort(keys, kind="stable")
    return ordered[_firsts(ordered)]


def sorted_unique_inverse(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`np.unique(keys, return_inverse=True)` for a 1-D int array: the distinct values, sorted,
    and for each key the index of its value among them (intp, as numpy gives it)."""
    if len(keys) < 2:
        return np.array(keys, dtype=keys.dtype), np.zeros(len(keys), dtype=np.intp)
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    first = _firsts(ordered)
    inverse = np.empty(len(keys), dtype=np.intp)
    inverse[order] = np.cumsum(first) - 1
    return ordered[first], inverse
