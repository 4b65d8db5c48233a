"""Reconnect: the urge grows with silence and bond; ignored tries relieve partly; one follow-up only."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.bond_axes import DAY_SECONDS, BondAxes
from townsfolk.agents.gate import GateInputs, decide
from townsfolk.agents.reconnect import (
    DEFAULT_PARAMS,
    FollowUpState,
    ReconnectState,
    after_attempt,
    bond_strength,
    reconnect_trigger,
    silence_for_urge,
    urge,
)

T0 = datetime(2024, 5, 1, 9, 0, 0)
FAST = settings(max_examples=100, deadline=None)
silences = st.floats(0, 60 * DAY_SECONDS, allow_nan=False)
bonds = st.floats(0, 1, allow_nan=False)


def days(n: float) -> datetime:
    return T0 + timedelta(days=n)


@FAST
@given(silences, silences, bonds, bonds)
def test_urge_grows_with_silence_and_bond(s, ds, b, db) -> None:
    u = urge(s, b)
    assert 0.0 <= u <= b
    assert urge(s + ds, b) >= u
    assert urge(s, min(1.0, b + db)) >= u


def test_no_urge_during_the_grace_period() -> None:
    assert urge(0.5 * DAY_SECONDS, 1.0) == 0.0
    assert urge(5 * DAY_SECONDS, 0.9) > urge(5 * DAY_SECONDS, 0.3) > 0


def test_after_attempt_unanswered_partly_answered_resets() -> None:
    assert after_attempt(0.6, answered=True) == 0.0
    relieved = after_attempt(0.6, answered=False)
    assert 0.0 < relieved < 0.6


@FAST
@given(st.floats(0.01, 0.99), st.floats(0.05, 1.0))
def test_silence_for_urge_inverts_urge(fraction, b) -> None:
    u = fraction * b
    assert urge(silence_for_urge(u, b), b) == pytest.approx(u, abs=1e-9)


def test_state_unanswered_relieves_partly_then_grows_back() -> None:
    bond = 0.8
    state = ReconnectState(npc="mara", other="wen", quiet_since=T0)
    now = days(5)
    before = state.urge(now, bond)
    ignored = state.after_attempt(now, bond, answered=False)
    right_after = ignored.urge(now, bond)
    assert right_after == pytest.approx(before * (1 - DEFAULT_PARAMS.unanswered_relief))
    assert 0 < right_after < before
    assert ignored.unanswered_attempts == 1
    assert ignored.urge(days(6), bond) > right_after  # it keeps growing from there


def test_state_answered_resets_fully() -> None:
    bond = 0.8
    state = ReconnectState(npc="mara", other="wen", quiet_since=T0)
    answered = state.after_attempt(days(5), bond, answered=True)
    assert answered.urge(days(5), bond) == 0.0
    assert answered.urge(days(5.5), bond) == 0.0  # a fresh grace period
    assert answered.unanswered_attempts == 0


def test_bond_strength_from_axes() -> None:
    friend = BondAxes(familiarity=0.8, trust=0.7, affinity=0.9)
    stranger = BondAxes()
    feuding = BondAxes(familiarity=0.8, trust=0.2, affinity=0.3, tension=0.9)
    assert bond_strength(friend) > bond_strength(stranger) > bond_strength(feuding)
    assert 0.0 <= bond_strength(feuding) <= bond_strength(friend) <= 1.0


def test_reconnect_goes_through_the_shared_gate() -> None:
    friend = BondAxes(familiarity=0.8, trust=0.7, affinity=0.9)
    state = ReconnectState(npc="mara", other="wen", quiet_since=T0)
    assert reconnect_trigger(state, days(1), bond_strength(friend)) is None
    trigger = reconnect_trigger(state, days(6), bond_strength(friend))
    assert trigger is not None and trigger.kind == "reconnect" and trigger.from_whom == "wen"
    assert trigger.salience == pytest.approx(state.urge(days(6), bond_strength(friend)))
    decision = decide(None, trigger, GateInputs(bonds={"wen": friend}))
    assert decision.outcome == "speak" and decision.addressed == ["wen"]
    assert decision.context_mode == "light"


# --- one follow-up, never more -----------------------------------------------------------------


def sent(expects_reply: bool = True) -> FollowUpState:
    return FollowUpState(message_id="m1", npc="mara", to="player", sent_at=T0,
                         expects_reply=expects_reply)


def test_follow_up_is_due_only_after_waiting_and_only_once() -> None:
    s = sent()
    assert not s.due(T0 + timedelta(minutes=2))
    later = T0 + timedelta(minutes=15)
    assert s.due(later)
    trigger = s.trigger(later)
    assert trigger is not None and trigger.kind == "follow_up" and trigger.message_id == "m1"
    done = s.record_follow_up(later)
    assert not done.due(later + timedelta(minutes=30))
    assert done.trigger(later + timedelta(minutes=30)) is None
    with pytest.raises(ValueError, match="already followed up"):
        done.record_follow_up(later + timedelta(minutes=30))


def test_follow_up_never_for_casual_answered_stale_or_follow_up_messages() -> None:
    later = T0 + timedelta(minutes=15)
    assert not sent(expects_reply=False).due(later)
    with pytest.raises(ValueError):
        sent(expects_reply=False).record_follow_up(later)
    assert not sent().replied().due(later)
    assert not sent().due(T0 + timedelta(days=1))  # too late: reconnecting takes over
    follow = sent().follow_up_message("m2", later)
    assert follow.follow_up_of == "m1"
    assert not follow.due(later + timedelta(hours=1))


def test_follow_up_state_round_trips() -> None:
    s = sent().record_follow_up(T0 + timedelta(minutes=20))
    assert FollowUpState.model_validate_json(s.model_dump_json()) == s
