"""Bond axes: each stays in [0, 1]; daily contact beats one long day; grudges fade; trust is earned."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from townsfolk.agents.bond_axes import (
    DAY_SECONDS,
    TENSION_HALF_LIFE_S,
    TRUST_RATES,
    BondAxes,
    add_tension,
    day_units,
    fade_tension,
    fade_tension_array,
    familiarity_from_days,
    familiarity_from_timestamps,
    interactions_per_day,
    update_affinity,
    update_trust,
)

FAST = settings(max_examples=60, deadline=None)
unit = st.floats(0.0, 1.0, allow_nan=False)
kinds = st.sampled_from(sorted(TRUST_RATES))
event = st.one_of(
    st.tuples(st.just("trust"), kinds, unit),
    st.tuples(st.just("affinity"), st.floats(-1.0, 1.0), unit),
    st.tuples(st.just("conflict"), unit, unit),
    st.tuples(st.just("wait"), st.floats(0.0, 30 * DAY_SECONDS), unit),
)


@FAST
@given(unit, unit, unit, unit, st.lists(event, max_size=40))
def test_every_axis_stays_between_zero_and_one(f, t, a, x, events):
    bond = BondAxes(familiarity=f, trust=t, affinity=a, tension=x)
    for what, arg, weight in events:
        if what == "trust":
            bond = bond.after(trust_event=arg, weight=weight)
        elif what == "affinity":
            bond = bond.after(valence=arg, weight=weight)
        elif what == "conflict":
            bond = bond.after(conflict=arg * weight)
        else:
            bond = bond.after(dt_seconds=arg)
        assert np.all((bond.as_array() >= 0.0) & (bond.as_array() <= 1.0))
    assert BondAxes.model_validate(bond.model_dump()) == bond  # still passes validation


def test_axes_are_capped_on_their_own():
    with pytest.raises(ValidationError):
        BondAxes(tension=1.5)
    with pytest.raises(ValidationError):
        BondAxes(trust=-0.1)
    assert BondAxes.from_array([2.0, -1.0, 0.5, 9.0]).as_array().tolist() == [1.0, 0.0, 0.5, 1.0]


@FAST
@given(st.integers(2, 12))
def test_several_chats_in_one_day_count_less_than_the_same_chats_on_separate_days(n):
    one_day = familiarity_from_days(np.array([n]))
    separate = familiarity_from_days(np.ones(n))
    assert one_day < separate
    assert 0.0 <= one_day <= 1.0 and 0.0 <= separate <= 1.0


def test_five_interactions_on_one_day_versus_five_days():
    same_day = familiarity_from_timestamps(np.arange(5) * 600.0)  # five chats, one afternoon
    five_days = familiarity_from_timestamps(np.arange(5) * DAY_SECONDS)  # one chat a day
    assert same_day < five_days
    assert interactions_per_day(np.arange(5) * 600.0).tolist() == [5.0]
    # a day's first interaction always counts in full; extra ones that day add ever less
    assert day_units(np.array([1.0, 2.0, 3.0])).tolist() == [1.0, 1.5, 1.75]


@FAST
@given(st.lists(st.integers(0, 20), min_size=1, max_size=60), st.integers(0, 59))
def test_familiarity_grows_with_contact_and_stays_below_one(days, extra_day):
    counts = np.array(days, dtype=float)
    base = familiarity_from_days(counts)
    more = counts.copy()
    more[extra_day % len(more)] += 1
    assert 0.0 <= base < 1.0
    assert familiarity_from_days(more) > base


def test_familiarity_is_vectorised_over_pairs():
    table = np.array([[5, 0, 0, 0, 0], [1, 1, 1, 1, 1], [0, 0, 0, 0, 0]], dtype=float)
    per_pair = familiarity_from_days(table)
    assert per_pair.shape == (3,)
    assert per_pair[0] < per_pair[1] and per_pair[2] == 0.0
    assert per_pair[1] == pytest.approx(familiarity_from_days(table[1]))


@FAST
@given(unit, st.lists(st.floats(1.0, 5 * DAY_SECONDS), min_size=1, max_size=20))
def test_tension_fades_monotonically_toward_zero(start, waits):
    tension, previous = start, start
    for dt in waits:
        tension = fade_tension(tension, dt)
        assert 0.0 <= tension <= previous
        previous = tension
    assert fade_tension(start, 40 * TENSION_HALF_LIFE_S) < 1e-9


def test_a_quarrel_is_half_forgotten_after_one_half_life_and_adding_conflict_saturates():
    assert fade_tension(0.8, TENSION_HALF_LIFE_S) == pytest.approx(0.4)
    t = 0.0
    for _ in range(50):
        t = add_tension(t, 0.5)
        assert t <= 1.0
    assert add_tension(0.9, 0.5) > 0.9


@FAST
@given(st.lists(unit, min_size=1, max_size=200), st.floats(0.0, 10 * DAY_SECONDS))
def test_fading_every_pair_at_once_matches_one_at_a_time(values, dt):
    tension = np.array(values)
    together = fade_tension_array(tension, dt)
    assert together.shape == tension.shape
    assert np.allclose(together, [fade_tension(v, dt) for v in values])


@FAST
@given(unit, st.integers(1, 10))
def test_trust_rises_with_disclosures_and_kept_promises(start, times):
    for kind in ("disclosure", "sensitive_disclosure", "promise_kept"):
        t = start
        for _ in range(times):
            new = update_trust(t, kind)
            assert t <= new <= 1.0
            t = new
        if start < 0.99:
            assert t > start
    assert update_trust(start, "sensitive_disclosure") >= update_trust(start, "disclosure")


@FAST
@given(st.floats(0.01, 1.0), st.floats(0.3, 1.0))
def test_broken_promises_cost_more_trust_than_kept_ones_earn(start, established):
    broken = update_trust(start, "promise_broken")
    assert 0.0 <= broken < start
    kept_then_broken = update_trust(update_trust(established, "promise_kept"), "promise_broken")
    assert kept_then_broken < established


def test_trust_updates_many_pairs_at_once_and_rejects_unknown_events():
    out = update_trust(np.array([0.5, 0.5, 0.5]), ["promise_kept", "promise_broken", "disclosure"])
    assert out[0] > 0.5 > out[1] and out[2] > 0.5
    with pytest.raises(ValueError):
        update_trust(0.5, "bribe")


@FAST
@given(unit, st.floats(0.01, 1.0), unit)
def test_pleasant_interactions_raise_affinity_and_unpleasant_lower_it(start, valence, weight):
    up, down = update_affinity(start, valence, weight), update_affinity(start, -valence, weight)
    assert 0.0 <= down <= start <= up <= 1.0
