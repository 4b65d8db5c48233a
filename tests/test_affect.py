"""Affect: bounded, convergent, negativity-biased, repetition-weary, group-scoped, vectorised."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.affect import (
    AffectEffects,
    AffectField,
    AffectParams,
    apply_stimulus,
    effects,
    group_fast_target,
    relax,
    relax_slow,
)

P = AffectParams()
FAST = settings(max_examples=60, deadline=None)

unit = st.floats(-1.0, 1.0, allow_nan=False)
vec = st.tuples(unit, unit, unit).map(np.array)
big = st.floats(-5.0, 5.0, allow_nan=False)
stim = st.tuples(big, big, big).map(np.array)
seconds = st.floats(0.0, 30 * 86_400.0, allow_nan=False)
seeds = st.integers(0, 2**32 - 1)


def rows(v: np.ndarray) -> np.ndarray:
    return v.reshape(1, 3)


@FAST
@given(vec, vec, stim, st.integers(0, 10), seconds)
def test_affect_always_stays_in_bounds(x, target, s, repeats, dt):
    pushed = apply_stimulus(rows(x), rows(s), repeats)
    assert np.all(np.abs(pushed) <= 1.0)
    assert np.all(np.abs(relax(pushed, rows(target), dt)) <= 1.0)
    assert np.all(np.abs(relax_slow(pushed, dt)) <= 1.0)


@FAST
@given(vec, vec, st.lists(st.floats(0.0, 3600.0), min_size=1, max_size=12))
def test_fast_layer_moves_steadily_toward_the_slow_one(x, target, steps):
    state, previous = rows(x), np.linalg.norm(x - target)
    for dt in steps:
        state = relax(state, rows(target), dt)
        distance = np.linalg.norm(state[0] - target)
        assert distance <= previous + 1e-12
        previous = distance
    many_half_lives = 60 * P.fast_negative_half_life_s
    assert np.allclose(relax(rows(x), rows(target), many_half_lives), rows(target), atol=1e-9)


@FAST
@given(vec, st.lists(st.floats(0.0, 5 * 86_400.0), min_size=1, max_size=8))
def test_slow_layer_fades_to_neutral(x, steps):
    state, previous = rows(x), np.abs(x)
    for dt in steps:
        state = relax_slow(state, dt)
        assert np.all(np.abs(state[0]) <= previous + 1e-12)
        previous = np.abs(state[0])
    assert np.allclose(relax_slow(rows(x), 60 * P.slow_negative_half_life_s), 0.0, atol=1e-9)


@FAST
@given(vec, vec, st.floats(0.0, 7200.0), st.floats(0.0, 7200.0))
def test_relaxation_has_no_resets(x, target, t1, t2):
    """Two short waits land where one long wait does: time is continuous, nothing snaps back."""
    two_steps = relax(relax(rows(x), rows(target), t1), rows(target), t2)
    assert np.allclose(two_steps, relax(rows(x), rows(target), t1 + t2), atol=1e-12)


@FAST
@given(st.floats(0.05, 1.0), st.floats(1.0, 10 * 86_400.0))
def test_bad_mood_lingers_longer_than_good_mood(magnitude, dt):
    pos, neg = np.array([[magnitude, 0, 0]]), np.array([[-magnitude, 0, 0]])
    neutral = np.zeros((1, 3))
    fast_pos, fast_neg = relax(pos, neutral, dt)[0, 0], relax(neg, neutral, dt)[0, 0]
    assert abs(fast_neg) >= abs(fast_pos)
    slow_pos, slow_neg = relax_slow(pos, dt)[0, 0], relax_slow(neg, dt)[0, 0]
    assert abs(slow_neg) >= abs(slow_pos)
    if abs(fast_pos) > 1e-6:  # both still measurable: the gap is real, not rounding
        assert abs(fast_neg) > abs(fast_pos)


@FAST
@given(vec, st.floats(0.05, 1.0), st.integers(0, 2))
def test_the_same_compliment_wears_thin(x, size, axis):
    s = np.zeros((1, 3))
    s[0, axis] = size
    state = rows(x) * 0.5  # leave room to move
    moves = []
    for repeat in range(6):
        new = apply_stimulus(state, s, repeat)
        moves.append(new[0, axis] - state[0, axis])
        state = new
    for earlier, later in zip(moves, moves[1:], strict=False):
        assert later < earlier or later == earlier == 0.0  # only equal once pinned at the bound
    same_start = [apply_stimulus(rows(x), s, r)[0, axis] - x[axis] for r in range(4)]
    assert all(b <= a for a, b in zip(same_start, same_start[1:], strict=False))


@FAST
@given(st.floats(0.5, 0.99), st.floats(0.01, 1.0), st.integers(0, 2), st.booleans())
def test_pushing_further_near_a_bound_moves_less(level, size, axis, negative):
    sign = -1.0 if negative else 1.0
    s = np.zeros((1, 3))
    s[0, axis] = sign * size
    near = np.zeros((1, 3))
    near[0, axis] = sign * level
    moved_near = abs(apply_stimulus(near, s)[0, axis] - near[0, axis])
    moved_middle = abs(apply_stimulus(np.zeros((1, 3)), s)[0, axis])
    assert moved_near < moved_middle
    back = apply_stimulus(near, -s)[0, axis] - near[0, axis]  # toward 0: not resisted
    assert back == pytest.approx(-sign * size)


@FAST
@given(seeds, st.integers(2, 20))
def test_group_member_reads_only_the_groups_slow_layer(seed, n):
    rng = np.random.default_rng(seed)
    ids = [f"npc{i}" for i in range(n)]
    field = AffectField(ids, group_ids=["teahouse"])
    field.fast[:] = rng.uniform(-1, 1, (n, 3))
    members = ids[: n // 2 + 1]
    field.converse(members[0], ids[-1])  # private history with someone...
    field.stimulate([members[0]], [[-1.0, -1.0, -1.0]])  # ...that went badly
    field.join(members, "teahouse")
    field.group_slow[0] = rng.uniform(-1, 1, 3)
    target = field.targets()[field.rows(members)]
    assert np.allclose(target, group_fast_target(field.group_slow[0], len(members)))

    before, group_before = field.fast.copy(), field.group_slow.copy()
    field.tick(120.0)
    baseline = field.fast[field.rows(members)].copy()
    field.fast, field.group_slow = before.copy(), group_before.copy()
    field.pair_slow = rng.uniform(-1, 1, field.pair_slow.shape)  # private feelings change
    field.tick(120.0)
    assert np.allclose(field.fast[field.rows(members)], baseline)


@FAST
@given(seeds)
def test_updating_a_thousand_npcs_at_once_equals_one_by_one(seed):
    rng = np.random.default_rng(seed)
    n = 1000
    fast = rng.uniform(-1, 1, (n, 3))
    slow = rng.uniform(-1, 1, (n, 3))
    s = rng.uniform(-2, 2, (n, 3))
    repeats = rng.integers(0, 5, n)
    dt = rng.uniform(0, 4000, n)

    relaxed = relax(fast, slow, dt)
    faded = relax_slow(slow, dt)
    pushed = apply_stimulus(fast, s, repeats)
    knobs = effects(fast)
    for i in range(0, n, 37):  # a spread of rows; every one must match the scalar path
        assert np.allclose(relaxed[i], relax(fast[i : i + 1], slow[i : i + 1], float(dt[i]))[0])
        assert np.allclose(faded[i], relax_slow(slow[i : i + 1], float(dt[i]))[0])
        assert np.allclose(
            pushed[i], apply_stimulus(fast[i : i + 1], s[i : i + 1], int(repeats[i]))[0]
        )
        one = effects(fast[i : i + 1])
        assert all(np.isclose(knobs[k][i], one[k][0]) for k in knobs)


@FAST
@given(seeds)
def test_field_tick_updates_everyone_like_the_pure_functions(seed):
    rng = np.random.default_rng(seed)
    ids = [f"n{i}" for i in range(30)]
    field = AffectField(ids)
    field.converse("n0", "n1")
    field.join(["n2", "n3", "n4"], "market")
    field.stimulate(ids, rng.uniform(-1, 1, (30, 3)), rng.integers(0, 3, 30))
    targets = field.targets()
    expected_fast = relax(field.fast, targets, 300.0)
    expected_pairs = relax_slow(field.pair_slow, 300.0)
    field.tick(300.0)
    assert np.allclose(field.fast, expected_fast)
    assert np.allclose(field.pair_slow, expected_pairs)
    assert np.all(targets[5:] == 0.0)  # idle NPCs relax to neutral


def test_a_pleasant_chat_leaves_a_trace_toward_that_person_only():
    field = AffectField(["aqing", "xiaoliang", "regular"])
    field.converse("aqing", "xiaoliang")
    field.stimulate(["aqing"], [[0.8, 0.4, 0.0]])
    assert field.slow_toward("aqing", "xiaoliang")[0] > 0
    assert np.all(field.slow_toward("aqing", "regular") == 0)
    assert np.all(field.slow_toward("xiaoliang", "aqing") == 0)
    for _ in range(36):  # three hours of 5-minute ticks: the flush is gone, the warmth is not
        field.tick(300.0)
    assert field.fast[0, 0] == pytest.approx(field.slow_toward("aqing", "xiaoliang")[0], abs=1e-3)
    assert field.slow_toward("aqing", "xiaoliang")[0] > 0


@FAST
@given(vec, unit, unit, st.integers(0, 2))
def test_effects_are_bounded_and_point_the_obvious_way(x, a, b, axis):
    low, high = rows(x).copy(), rows(x).copy()
    low[0, axis], high[0, axis] = min(a, b), max(a, b)
    lo, hi = effects(low), effects(high)
    for name, (bottom, top) in AffectEffects().ranges().items():
        for out in (lo, hi):
            assert bottom - 1e-12 <= out[name][0] <= top + 1e-12
    # raising any axis never raises the gate threshold (more mood, easier to speak)
    assert hi["gate_threshold_offset"][0] <= lo["gate_threshold_offset"][0]
    if axis == 0:  # higher valence -> warmer, more open, lingers more
        assert hi["warmth"][0] >= lo["warmth"][0]
        assert hi["disclosure_level"][0] >= lo["disclosure_level"][0]
        assert hi["linger_probability"][0] >= lo["linger_probability"][0]
    if axis == 1:  # more energy -> longer replies, lingers more
        assert hi["reply_length_factor"][0] >= lo["reply_length_factor"][0]
        assert hi["linger_probability"][0] >= lo["linger_probability"][0]
    if axis == 2:  # dominance governs taking the floor, not opening up
        assert hi["disclosure_level"][0] == lo["disclosure_level"][0]


def test_disclosure_is_capped_by_trust():
    cheerful = np.array([[1.0, 0.5, 0.0], [1.0, 0.5, 0.0]])
    out = effects(cheerful, trust=np.array([0.2, 1.0]))
    assert out["disclosure_level"][0] == pytest.approx(0.2)
    assert out["disclosure_level"][1] == pytest.approx(1.0)


def test_params_refuse_an_inverted_negativity_bias():
    with pytest.raises(ValueError):
        AffectParams(fast_half_life_s=600, fast_negative_half_life_s=60)
    with pytest.raises(ValueError):
        relax(np.zeros((1, 3)), np.zeros((1, 3)), -1.0)
