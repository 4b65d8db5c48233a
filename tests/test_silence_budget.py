"""Silence budget: token buckets that drain with talk and refill with simulated time."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.gate import GateInputs, Trigger, level1
from townsfolk.agents.silence_budget import (
    Bucket,
    BudgetParams,
    SilenceBudget,
    can_speak,
    level,
    refill,
    refill_tokens,
    spend,
)

T0 = datetime(2024, 5, 1, 9, 0, 0)
P = BudgetParams(capacity=3.0, refill_per_minute=2.0)


def secs(s: float) -> datetime:
    return T0 + timedelta(seconds=s)


def test_a_bucket_drains_and_refills_with_simulated_time() -> None:
    b = Bucket.full("conversation", "c1", T0, P)
    for _ in range(3):
        assert can_speak(b, T0)
        b = spend(b, T0)
    assert not can_speak(b, T0)
    assert level(b, secs(15)) == pytest.approx(0.5)
    assert not can_speak(b, secs(15))
    assert can_speak(b, secs(30))  # 2 per minute: one line back after 30 s
    assert level(b, secs(3600)) == pytest.approx(3.0)  # capped at capacity


def test_overdraft_raises_unless_forced_and_force_bottoms_out_at_zero() -> None:
    b = Bucket(scope="place", key="square", params=P, tokens=0.2, updated_at=T0)
    with pytest.raises(ValueError, match="square"):
        spend(b, T0)
    forced = spend(b, T0, force=True)
    assert forced.tokens == 0.0
    assert b.tokens == 0.2  # buckets are values; nothing is mutated


def test_time_never_runs_backwards() -> None:
    b = Bucket.full("place", "square", secs(60), P)
    with pytest.raises(ValueError, match="backwards"):
        refill(b, T0)


@settings(max_examples=60, deadline=None)
@given(
    st.floats(0, 3),
    st.lists(st.floats(0, 600), min_size=1, max_size=5),
)
def test_refill_in_steps_equals_refill_at_once_until_full(tokens, steps) -> None:
    b = Bucket(scope="place", key="p", params=P, tokens=tokens, updated_at=T0)
    stepped, t = b, T0
    for dt in steps:
        t = t + timedelta(seconds=dt)
        stepped = refill(stepped, t)
    once = refill(b, t)
    assert stepped.tokens == pytest.approx(once.tokens)
    assert 0.0 <= once.tokens <= P.capacity


def test_vectorised_refill_matches_scalar() -> None:
    tokens = np.array([0.0, 1.0, 2.9])
    elapsed = np.array([10.0, 45.0, 120.0])
    out = refill_tokens(tokens, elapsed, 3.0, 2.0)
    assert np.allclose(out, [refill_tokens(a, e, 3.0, 2.0) for a, e in zip(tokens, elapsed, strict=True)])
    with pytest.raises(ValueError):
        refill_tokens(1.0, -1.0, 3.0, 2.0)


def test_place_and_conversation_both_pay_and_the_tightest_wins() -> None:
    budget = SilenceBudget()
    assert budget.remaining("square", "c1", T0) == budget.conversation_params.capacity
    for _ in range(3):
        budget.spend("square", "c1", T0)
    assert not budget.can_speak("square", "c1", T0)  # conversation empty
    assert budget.can_speak("square", "c2", T0)  # another conversation, same square
    left = budget.remaining("square", None, T0)
    assert left == budget.place_params.capacity - 3
    with pytest.raises(ValueError):
        budget.spend("square", "c1", T0)
    assert budget.remaining("square", None, T0) == left  # all-or-nothing: the place was not charged
    assert budget.remaining(None, None, T0) == 1.0  # no crowd, no budget to protect
    again = SilenceBudget.model_validate_json(budget.model_dump_json())
    assert again == budget


def test_a_crowded_square_is_not_a_wall_of_chatter() -> None:
    """Thirty NPCs each wanting to speak every ten seconds for ten minutes."""
    budget = SilenceBudget()
    spoken = 0
    for step in range(60):
        now = secs(10 * step)
        for npc in range(30):
            if budget.can_speak("square", f"c{npc % 5}", now):
                budget.spend("square", f"c{npc % 5}", now)
                spoken += 1
    minutes = 10 * 59 / 60
    p = budget.place_params
    assert spoken <= p.capacity + p.refill_per_minute * minutes + 1
    assert spoken >= p.refill_per_minute * minutes  # quiet, not mute


def test_gate_reads_the_budget_addressed_still_answered() -> None:
    budget = SilenceBudget()
    for _ in range(6):
        budget.spend("square", None, T0)
    remaining = budget.remaining("square", "c1", T0)
    assert remaining == 0.0
    chatter = Trigger(kind="nearby_event", npc="mara", at=T0, place="square", salience=1.0)
    asked = Trigger(kind="addressed", npc="mara", at=T0, place="square", from_whom="player")
    inputs = GateInputs(budget_tokens=remaining)
    assert level1(chatter, inputs).outcome == "hold"
    assert level1(asked, inputs).outcome == "pass"
    budget.spend("square", "c1", T0, force=True)  # the reply still drains the square
    assert budget.remaining("square", None, T0) == 0.0
