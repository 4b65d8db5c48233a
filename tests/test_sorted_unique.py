"""The sort-based dedupe is np.unique: the same sorted values in the same dtype, the same inverse."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.sim.sorted_unique import sorted_unique, sorted_unique_inverse


@settings(max_examples=120, deadline=None)
@given(keys=st.lists(st.integers(-(2**40), 2**40), max_size=60), dtype=st.sampled_from([np.int64, np.int32]),
       few=st.booleans())
def test_sorted_unique_is_np_unique(keys, dtype, few):
    arr = (np.array(keys, dtype=np.int64) % 7 if few else np.array(keys, dtype=np.int64)).astype(dtype)
    want, want_inverse = np.unique(arr, return_inverse=True)
    got, inverse = sorted_unique_inverse(arr)
    plain = sorted_unique(arr)
    for values in (got, plain):
        assert values.dtype == want.dtype and values.tolist() == want.tolist()
    assert inverse.dtype == want_inverse.dtype and inverse.shape == want_inverse.shape
    assert inverse.tolist() == want_inverse.tolist()


def test_a_big_town_s_wide_keys():
    rng = np.random.default_rng(5)
    keys = np.sort(rng.integers(0, 10**12, 50_000)).repeat(rng.integers(1, 5, 50_000))  # runs, as edge rows come
    keys = np.concatenate([keys, rng.integers(0, 10**12, 1000)])
    want, want_inverse = np.unique(keys, return_inverse=True)
    got, inverse = sorted_unique_inverse(keys)
    assert np.array_equal(got, want) and np.array_equal(inverse, want_inverse)
