"""Cold start: initiative unlocks monotonically and gradually, needing both time and contact."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.cold_start import ColdStartParams, initiative_penalty, unlock_level
from townsfolk.agents.gate import GateInputs, Trigger, level1

FAST = settings(max_examples=100, deadline=None)
days = st.floats(0, 365, allow_nan=False)
counts = st.floats(0, 1000, allow_nan=False)


@FAST
@given(days, counts, days, counts)
def test_unlock_is_monotone_and_bounded(d, n, dd, dn) -> None:
    base = unlock_level(d, n)
    assert 0.0 <= base <= 1.0
    assert unlock_level(d + dd, n) >= base
    assert unlock_level(d, n + dn) >= base
    assert unlock_level(d + dd, n + dn) >= base


@FAST
@given(days, st.integers(0, 1000))
def test_unlock_is_gradual(d, n) -> None:
    """No single extra day or exchange flips an NPC from shy to forward."""
    assert unlock_level(d + 1, n) - unlock_level(d, n) <= 0.25
    assert unlock_level(d, n + 1) - unlock_level(d, n) <= 0.1


def test_both_time_and_contact_are_needed() -> None:
    assert unlock_level(0, 500) == 0.0
    assert unlock_level(30, 0) == 0.0
    assert unlock_level(0.2, 100) < 0.01  # a flood of messages in one afternoon
    assert unlock_level(2, 5) < 0.2
    assert unlock_level(30, 60) > 0.9


def test_arrays_match_scalars_and_bad_input_raises() -> None:
    d = np.array([0.0, 1.0, 7.0, 30.0])
    n = np.array([0.0, 3.0, 20.0, 80.0])
    assert np.allclose(unlock_level(d, n), [unlock_level(a, b) for a, b in zip(d, n, strict=True)])
    with pytest.raises(ValueError):
        unlock_level(-1, 3)
    with pytest.raises(ValueError):
        unlock_level(1, float("nan"))


def test_steeper_params_still_monotone() -> None:
    p = ColdStartParams(half_days=1.0, half_interactions=2.0, steepness=4.0)
    xs = np.linspace(0, 10, 200)
    levels = unlock_level(xs, xs * 3, p)
    assert np.all(np.diff(levels) >= 0)


def test_unlock_raises_and_lowers_the_gate_threshold_smoothly() -> None:
    from datetime import datetime

    t = Trigger(kind="drive_tick", npc="mara", at=datetime(2024, 5, 1), salience=0.8)
    levels = [unlock_level(d, 3 * d) for d in range(0, 31)]
    thresholds = [level1(t, GateInputs(unlock=u)).threshold for u in levels]
    assert all(a >= b for a, b in zip(thresholds, thresholds[1:], strict=False))
    outcomes = [level1(t, GateInputs(unlock=u)).outcome for u in levels]
    assert outcomes[0] == "hold" and outcomes[-1] == "pass"
    assert initiative_penalty(0.0, 0.5) == 0.5 and initiative_penalty(1.0, 0.5) == 0.0
    addressed = Trigger(kind="addressed", npc="mara", at=datetime(2024, 5, 1), from_whom="p")
    assert level1(addressed, GateInputs(unlock=0.0)).outcome == "pass"  # shy, never deaf
