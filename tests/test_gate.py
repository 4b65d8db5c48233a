"""The two-level gate: one trigger path, cheap level 1 (scalar and vectorised), level 2 with fallback."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.affect import effects
from townsfolk.agents.bond_axes import BondAxes
from townsfolk.agents.gate import (
    DEFER,
    HOLD,
    KIND_CODES,
    KINDS,
    OUTCOME_CODES,
    PASS,
    R_ADDRESSED,
    R_BUDGET_EXHAUSTED,
    R_COLD_START,
    R_PLAYER_SPEAKING,
    R_RATE_LIMITED,
    AffectReading,
    Candidate,
    GateDecision,
    GateInputs,
    Trigger,
    best_bond_pull,
    bond_pull,
    context_mode,
    decide,
    level1,
    level1_batch,
    level1_outcomes,
    level2,
    seconds_since_spoke,
)
from townsfolk.agents.llm.protocol import GroundingItem, LLMResponse
from townsfolk.agents.llm.scripted import ScriptedProvider

T0 = datetime(2024, 5, 1, 9, 0, 0)
FAST = settings(max_examples=80, deadline=None)
FRIEND = BondAxes(familiarity=0.8, trust=0.7, affinity=0.9, tension=0.0)
RIVAL = BondAxes(familiarity=0.6, trust=0.1, affinity=0.1, tension=0.8)


def trig(kind: str = "drive_tick", salience: float = 0.9, **kw) -> Trigger:
    return Trigger(kind=kind, npc="mara", at=T0, place="square", salience=salience, **kw)  # type: ignore[arg-type]


# --- level 1 -----------------------------------------------------------------------------------


def test_addressed_passes_even_with_an_empty_budget_and_a_cold_start() -> None:
    inputs = GateInputs(budget_tokens=0.0, unlock=0.0, affect=AffectReading.from_state([-1, -1, -1]))
    v = level1(trig("addressed", salience=0.0, from_whom="player"), inputs)
    assert v.outcome == "pass"
    assert R_ADDRESSED in v.reasons


def test_addressed_is_held_when_rate_limited() -> None:
    inputs = GateInputs(last_spoke_at=T0 - timedelta(seconds=2), min_interval_s=5.0)
    v = level1(trig("addressed", from_whom="player"), inputs)
    assert v.outcome == "hold"
    assert R_RATE_LIMITED in v.reasons
    later = GateInputs(last_spoke_at=T0 - timedelta(seconds=6), min_interval_s=5.0)
    assert level1(trig("addressed", from_whom="player"), later).outcome == "pass"


@pytest.mark.parametrize("kind", KINDS)
def test_player_speaking_defers_every_kind(kind: str) -> None:
    v = level1(trig(kind, salience=1.0, from_whom="player"), GateInputs(player_speaking=True))
    assert v.outcome == "defer"
    assert R_PLAYER_SPEAKING in v.reasons


def test_budget_exhausted_holds_unprompted_speech() -> None:
    assert level1(trig(salience=1.0), GateInputs(budget_tokens=1.0)).outcome == "pass"
    v = level1(trig(salience=1.0), GateInputs(budget_tokens=0.4))
    assert v.outcome == "hold"
    assert R_BUDGET_EXHAUSTED in v.reasons


def test_cold_start_lowers_initiative_for_drive_ticks() -> None:
    t = trig(salience=0.8)
    assert level1(t, GateInputs(unlock=1.0)).outcome == "pass"
    cold = level1(t, GateInputs(unlock=0.0))
    assert cold.outcome == "hold"
    assert R_COLD_START in cold.reasons
    thresholds = [level1(t, GateInputs(unlock=u)).threshold for u in np.linspace(0, 1, 11)]
    assert all(a >= b for a, b in zip(thresholds, thresholds[1:], strict=False))


def test_affect_moves_the_threshold() -> None:
    t = trig(salience=0.7)
    bold = GateInputs(affect=AffectReading.from_state([0.5, 0.5, 1.0]))
    meek = GateInputs(affect=AffectReading.from_state([-0.5, -0.5, -1.0]))
    assert level1(t, bold).threshold < level1(t, GateInputs()).threshold < level1(t, meek).threshold
    assert level1(t, bold).outcome == "pass"
    assert level1(t, meek).outcome == "hold"


def test_bond_toward_the_trigger_person_counts() -> None:
    t = trig("nearby_event", salience=0.45, from_whom="wen")
    liked = level1(t, GateInputs(bonds={"wen": FRIEND, "li": RIVAL}))
    disliked = level1(t, GateInputs(bonds={"wen": RIVAL, "li": FRIEND}))
    assert liked.outcome == "pass" and disliked.outcome == "hold"
    assert liked.parts["bond"] > 0 > disliked.parts["bond"]


def test_affect_reading_comes_from_the_one_mood_mapping() -> None:
    state = [0.2, -0.4, 0.6]
    reading = AffectReading.from_state(state)
    assert reading.gate_threshold_offset == pytest.approx(
        float(effects(np.array([state]))["gate_threshold_offset"][0])
    )
    assert (reading.valence, reading.energy, reading.dominance) == pytest.approx((0.2, -0.4, 0.6))


def test_context_mode_splits_events_from_initiative() -> None:
    assert context_mode("addressed") == context_mode("nearby_event") == "full"
    assert {context_mode(k) for k in ("drive_tick", "reconnect", "follow_up")} == {"light"}


# --- level 1, vectorised -----------------------------------------------------------------------

bond_st = st.builds(
    BondAxes,
    familiarity=st.floats(0, 1),
    trust=st.floats(0, 1),
    affinity=st.floats(0, 1),
    tension=st.floats(0, 1),
)
npc_st = st.tuples(
    st.sampled_from(KINDS),
    st.floats(0, 1),  # salience
    st.floats(-1, 1),  # affect state components, mapped through effects
    st.floats(0, 2.5),  # budget tokens
    st.floats(0, 1),  # unlock
    st.booleans(),  # player speaking
    st.one_of(st.none(), st.integers(0, 20_000)),  # ms since last line
    st.floats(0, 10),  # min interval
    st.one_of(st.none(), bond_st),
)


@FAST
@given(st.lists(npc_st, min_size=1, max_size=40))
def test_level1_batch_equals_level1_per_npc(npcs) -> None:
    triggers, inputs = [], []
    for kind, sal, a, budget, unlock, speaking, since_ms, interval, bond in npcs:
        triggers.append(
            Trigger(kind=kind, npc="n", at=T0, salience=sal, from_whom="x" if bond else None)
        )
        inputs.append(
            GateInputs(
                affect=AffectReading.from_state([a, -a / 2, a]),
                budget_tokens=budget,
                unlock=unlock,
                player_speaking=speaking,
                last_spoke_at=None if since_ms is None else T0 - timedelta(milliseconds=since_ms),
                min_interval_s=interval,
                bonds={} if bond is None else {"x": bond},
            )
        )
    expected = np.array([OUTCOME_CODES[level1(t, i).outcome] for t, i in zip(triggers, inputs, strict=True)])
    args = dict(
        kind=np.array([KIND_CODES[t.kind] for t in triggers]),
        salience=np.array([t.salience for t in triggers]),
        affect_offset=np.array([i.affect.gate_threshold_offset for i in inputs]),
        budget_tokens=np.array([i.budget_tokens for i in inputs]),
        unlock=np.array([i.unlock for i in inputs]),
        player_speaking=np.array([i.player_speaking for i in inputs]),
        since_spoke_s=np.array([seconds_since_spoke(t, i) for t, i in zip(triggers, inputs, strict=True)]),
        min_interval_s=np.array([i.min_interval_s for i in inputs]),
        pull=np.array([best_bond_pull(t, i) for t, i in zip(triggers, inputs, strict=True)]),
    )
    np.testing.assert_array_equal(level1_outcomes(**args), expected)
    np.testing.assert_array_equal(level1_batch(**args), expected == PASS)


def test_level1_batch_for_a_village_drive_tick() -> None:
    rng = np.random.default_rng(7)
    n = 20_000
    axes = np.column_stack([rng.random(n), rng.random(n), rng.random(n), rng.random(n) * 0.3])
    passed = level1_batch(
        "drive_tick",
        salience=rng.random(n),
        affect_offset=rng.uniform(-0.15, 0.15, n),
        budget_tokens=rng.uniform(0, 3, n),
        unlock=rng.random(n),
        player_speaking=rng.random(n) < 0.05,
        since_spoke_s=np.where(rng.random(n) < 0.5, np.inf, rng.uniform(0, 60, n)),
        min_interval_s=5.0,
        pull=bond_pull(axes),
    )
    assert passed.shape == (n,) and passed.dtype == bool
    assert 0 < passed.sum() < n // 2  # most NPCs are rejected before any model call


def test_level1_outcomes_codes_and_bad_kind() -> None:
    out = level1_outcomes("addressed", 0.0, 0.0, 0.0, 0.0, [False, True, False], [np.inf, np.inf, 1.0], 5.0, 0.0)
    np.testing.assert_array_equal(out, [PASS, DEFER, HOLD])
    with pytest.raises(ValueError):
        level1_outcomes(np.array([9]), 0.5, 0, 1, 1, False, np.inf, 5, 0)


# --- level 2 -----------------------------------------------------------------------------------

PEOPLE = [Candidate(id="wen", name="Wen", bond=FRIEND), Candidate(id="li", name="Li", bond=RIVAL)]


def test_level2_addressed_needs_no_model_call() -> None:
    provider = ScriptedProvider([])
    v = level2(provider, trig("addressed", from_whom="player"), "", PEOPLE)
    assert (v.speak, v.to, v.source, v.model_calls) == (True, "player", "rule", 0)
    assert provider.requests == []


def test_level2_offline_heuristic_is_deterministic() -> None:
    v = level2(None, trig(), "quiet morning", PEOPLE)
    assert (v.speak, v.to, v.source) == (True, "wen", "heuristic")
    assert v.fallback_reason == "no provider"
    assert level2(None, trig(), "", list(reversed(PEOPLE))) == v
    nobody_liked = level2(None, trig(), "", [Candidate(id="li", bond=RIVAL)])
    assert nobody_liked.speak is False
    alone = level2(None, trig("drive_tick"), "", [])
    assert alone.speak is False
    room = level2(None, trig("nearby_event", salience=0.9), "a cart overturned", [])
    assert (room.speak, room.to) == (True, None)


def test_level2_uses_the_model_answer() -> None:
    provider = ScriptedProvider(['{"speak": false, "to": null, "why": "they are busy"}'])
    memory = GroundingItem(kind="event", id="e7", text="Wen looked tired")
    v = level2(provider, trig(), "Wen is carrying sacks", PEOPLE, [memory], speaker="Mara")
    assert (v.speak, v.to, v.why, v.source, v.model_calls) == (False, None, "they are busy", "model", 1)
    request = provider.requests[0]
    assert request.task == "gate" and request.speaker == "Mara"
    assert [g.id for g in request.grounding] == ["e7"]
    assert "Wen is carrying sacks" in request.meta["prompt"]
    assert "0.9" not in request.meta["prompt"]  # bonds are described in words, not scores


def test_level2_falls_back_when_the_model_fails_or_invents_someone() -> None:
    failing = ScriptedProvider([LLMResponse(error="timeout", finish_reason="error")])
    v = level2(failing, trig(), "", PEOPLE)
    assert v.source == "heuristic" and "timeout" in (v.fallback_reason or "")
    assert v.model_calls == 1
    inventing = ScriptedProvider(['{"speak": true, "to": "ghost", "why": "hi"}'])
    v = level2(inventing, trig(), "", PEOPLE)
    assert v.source == "heuristic" and "ghost" in (v.fallback_reason or "")
    assert (v.speak, v.to) == (True, "wen")


# --- the whole path and its snapshot -----------------------------------------------------------


def _decisions() -> list[GateDecision]:
    mem = [GroundingItem(kind="summary", id="s3", text="Wen and I baked together")]
    model = ScriptedProvider(['{"speak": true, "to": "wen", "why": "to say good morning"}'])
    return [
        decide(model, trig(), GateInputs(bonds={"wen": FRIEND}), candidates=PEOPLE, memories=mem),
        decide(None, trig(), GateInputs(player_speaking=True), candidates=PEOPLE, memories=mem),
        decide(None, trig(salience=0.1), GateInputs(), candidates=PEOPLE),
        decide(None, trig("addressed", from_whom="player"), GateInputs(budget_tokens=0.0), candidates=PEOPLE),
        decide(ScriptedProvider(['{"speak": false, "why": "not now"}']), trig(), GateInputs(), candidates=PEOPLE),
    ]


def test_decide_snapshots_say_what_happened() -> None:
    spoke, deferred, held, addressed, silent = _decisions()
    assert spoke.outcome == "speak" and spoke.addressed == ["wen"] and spoke.skipped == ["li"]
    assert spoke.memories == ["s3"] and spoke.level2 is not None and spoke.level2.source == "model"
    assert deferred.outcome == "defer" and deferred.level2 is None and deferred.memories == []
    assert held.outcome == "hold" and held.addressed == [] and held.skipped == ["wen", "li"]
    assert addressed.outcome == "speak" and addressed.addressed == ["player"]
    assert addressed.skipped == ["wen", "li"] and addressed.budget_remaining == 0.0
    assert silent.outcome == "silent" and not silent.speak
    assert spoke.context_mode == "light" and addressed.context_mode == "full"
    assert "mara [drive_tick] speak -> wen" in spoke.summary()


def test_snapshots_round_trip_through_json() -> None:
    for decision in _decisions():
        text = decision.model_dump_json()
        data = json.loads(text)
        assert data["record"] == "gate_decision" and data["version"] == 1
        assert GateDecision.model_validate_json(text) == decision
        assert GateDecision.model_validate(json.loads(json.dumps(data))) == decision
