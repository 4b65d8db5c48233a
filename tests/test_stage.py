"""Relationship stage: a model proposes, hard rules decide, and the stage never reaches speech."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.bond_axes import BondAxes
from townsfolk.agents.emotion import NEUTRAL, EmotionReading, read_emotion
from townsfolk.agents.intent import detect_intents
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.agents.safety import check_safety
from townsfolk.agents.stage import (
    GUIDANCE,
    STAGE_LABELS,
    STAGES,
    StageHistory,
    StageState,
    closeness_band,
    decide_stage,
    heuristic_stage,
    internal_labels,
    normalise_stage,
    trust_level_for,
)

FAST = settings(max_examples=120, deadline=None)
RANK = {"low": 0, "medium": 1, "high": 2}

OLD_FRIENDS = BondAxes(familiarity=0.9, trust=0.9, affinity=0.95, tension=0.0)
LONG_HISTORY = StageHistory(interaction_count=120, days_known=40)


def close_bond(**update) -> StageState:
    """What an over-eager model proposes: the closest stage with everything open."""
    state = StageState(
        stage="close_bond",
        closeness=95,
        trust_level="high",
        stability="deepening",
        boundary_mode="open",
        intimacy_permission="high",
        pacing="advance_gently",
        risk_signals=[],
        guidance="Be affectionate.",
    )
    return state.model_copy(update=update)


def scripted(state: StageState) -> ScriptedProvider:
    return ScriptedProvider([state.model_dump_json()])


def test_model_says_close_bond_after_one_interaction_becomes_new_connection() -> None:
    text = "亲爱的，好想你"
    decision = decide_stage(
        scripted(close_bond()),
        OLD_FRIENDS,
        StageHistory(interaction_count=1, days_known=0.0),
        detect_intents(text),
        read_emotion(text),
        text=text,
    )
    state = decision.state
    assert decision.source == "model"
    assert state.stage == "new_connection"
    assert any(r.startswith("low_history") for r in decision.reasons)
    assert state.closeness <= 35
    assert state.trust_level == "low"
    assert state.intimacy_permission == "low"
    assert state.pacing != "advance_gently"
    assert "low_history" in state.risk_signals
    assert state.guidance != "Be affectionate."


def test_many_interactions_on_one_afternoon_are_still_a_new_connection() -> None:
    decision = decide_stage(
        scripted(close_bond()), OLD_FRIENDS, StageHistory(interaction_count=50, days_known=0.4), [], NEUTRAL
    )
    assert decision.state.stage == "new_connection"


def test_history_caps_the_ladder_below_the_model() -> None:
    axes = BondAxes(familiarity=0.5, trust=0.6, affinity=0.8)
    decision = decide_stage(
        scripted(close_bond()), axes, StageHistory(interaction_count=20, days_known=4), [], NEUTRAL
    )
    assert decision.state.stage in ("warming_up", "comfortable_chat")
    assert any(r.startswith("history") for r in decision.reasons)


@pytest.mark.parametrize("text", ["你根本不在乎我，我很受伤", "I'm so hurt that you forgot about me"])
def test_hurt_this_turn_forces_repairing_whatever_the_model_says(text) -> None:
    decision = decide_stage(
        scripted(close_bond()), OLD_FRIENDS, LONG_HISTORY, detect_intents(text), read_emotion(text), text=text
    )
    assert decision.state.stage == "repairing"
    assert decision.state.pacing == "repair_first"
    assert decision.state.intimacy_permission == "low"
    assert "conflict" in decision.state.risk_signals
    assert any(r.startswith("repair") for r in decision.reasons)


def test_insult_this_turn_forces_repairing() -> None:
    text = "你这个骗子，太过分了"
    state = heuristic_stage(OLD_FRIENDS, LONG_HISTORY, detect_intents(text), read_emotion(text))
    assert state.stage == "repairing"


@pytest.mark.parametrize(
    "history",
    [
        StageHistory(interaction_count=120, days_known=40, recent_hurt=True),
        StageHistory(interaction_count=120, days_known=40, recent_conflicts=2),
    ],
)
def test_recent_hurt_or_conflict_keeps_repairing(history) -> None:
    decision = decide_stage(scripted(close_bond()), OLD_FRIENDS, history, [], NEUTRAL)
    assert decision.state.stage == "repairing"


def test_a_tense_bond_is_in_repair() -> None:
    axes = OLD_FRIENDS.model_copy(update={"tension": 0.8})
    assert heuristic_stage(axes, LONG_HISTORY, [], NEUTRAL).stage == "repairing"


def test_dependency_signals_force_dependency_watch() -> None:
    history = LONG_HISTORY.model_copy(update={"dependency_signals": 2})
    decision = decide_stage(scripted(close_bond()), OLD_FRIENDS, history, [], NEUTRAL)
    state = decision.state
    assert state.stage == "dependency_watch"
    assert "dependency_risk" in state.risk_signals
    assert state.intimacy_permission == "low"
    assert state.pacing == "slow_down"
    assert state.boundary_mode in ("careful", "firm")
    assert any(r.startswith("dependency") for r in decision.reasons)


def test_dependency_said_this_turn_forces_dependency_watch() -> None:
    text = "只有你懂我，我离不开你"
    state = heuristic_stage(
        OLD_FRIENDS, LONG_HISTORY, detect_intents(text), read_emotion(text), safety=check_safety(text)
    )
    assert state.stage == "dependency_watch"


def test_hurt_and_dependency_together_keep_both_constraints() -> None:
    history = LONG_HISTORY.model_copy(update={"dependency_signals": 1, "recent_hurt": True})
    state = heuristic_stage(OLD_FRIENDS, history, [], NEUTRAL, language="en")
    assert state.stage == "repairing"
    assert {"dependency_risk", "conflict"} <= set(state.risk_signals)
    assert GUIDANCE["dependency_watch"]["en"] in state.guidance


def test_boundary_push_is_boundary_sensitive_and_firm() -> None:
    text = "做我女朋友吧"
    decision = decide_stage(
        scripted(close_bond()), OLD_FRIENDS, LONG_HISTORY, detect_intents(text), NEUTRAL,
        safety=check_safety(text),
    )
    assert decision.state.stage == "boundary_sensitive"
    assert decision.state.boundary_mode == "firm"
    assert "boundary_testing" in decision.state.risk_signals


def test_garbage_json_twice_falls_back_to_the_heuristic() -> None:
    provider = ScriptedProvider(["I think they are friends!", '{"stage": "soulmates", "closeness": 300}'])
    history = StageHistory(interaction_count=40, days_known=10)
    decision = decide_stage(provider, OLD_FRIENDS, history, [], NEUTRAL)
    assert decision.source == "heuristic"
    assert decision.state == heuristic_stage(OLD_FRIENDS, history, [], NEUTRAL)
    assert len(provider.requests) == 2
    assert provider.requests[0].task == "stage"


def test_no_provider_uses_the_heuristic() -> None:
    decision = decide_stage(None, OLD_FRIENDS, LONG_HISTORY, [], NEUTRAL)
    assert decision.source == "heuristic"
    assert decision.state.stage == "close_bond"


def test_a_cautious_model_may_hold_back() -> None:
    proposal = close_bond(stage="comfortable_chat", intimacy_permission="medium", stability="stable")
    decision = decide_stage(scripted(proposal), OLD_FRIENDS, LONG_HISTORY, [], NEUTRAL)
    assert decision.state.stage == "comfortable_chat"


def test_changed_from_names_the_previous_stage() -> None:
    history = LONG_HISTORY.model_copy(update={"previous_stage": "close_bond", "recent_hurt": True})
    assert decide_stage(None, OLD_FRIENDS, history, [], NEUTRAL).changed_from == "close_bond"
    same = LONG_HISTORY.model_copy(update={"previous_stage": "close_bond"})
    assert decide_stage(None, OLD_FRIENDS, same, [], NEUTRAL).changed_from is None


# --- properties over random bonds, histories and proposals ---------------------------------------

unit = st.floats(0.0, 1.0, allow_nan=False)
axes_st = st.builds(BondAxes, familiarity=unit, trust=unit, affinity=unit, tension=unit)
history_st = st.builds(
    StageHistory,
    interaction_count=st.integers(0, 200),
    days_known=st.floats(0.0, 60.0, allow_nan=False),
    recent_conflicts=st.integers(0, 2),
    recent_hurt=st.booleans(),
    dependency_signals=st.integers(0, 2),
    previous_stage=st.none() | st.sampled_from(STAGES),
)


def _values(field: str) -> list[str]:
    return list(StageState.model_fields[field].annotation.__args__)


proposal_st = st.builds(
    StageState,
    stage=st.sampled_from(STAGES),
    closeness=st.integers(0, 100),
    trust_level=st.sampled_from(_values("trust_level")),
    stability=st.sampled_from(_values("stability")),
    boundary_mode=st.sampled_from(_values("boundary_mode")),
    intimacy_permission=st.sampled_from(_values("intimacy_permission")),
    pacing=st.sampled_from(_values("pacing")),
    risk_signals=st.lists(st.sampled_from(["conflict", "pulling_away", "boundary_testing"]), max_size=3, unique=True),
    guidance=st.sampled_from(["", "Go slow."]),
)
emotion_st = st.sampled_from(
    [NEUTRAL, read_emotion("我好开心"), read_emotion("你让我很受伤"), EmotionReading(labels=["hurt"], confidence=0.2)]
)
text_st = st.sampled_from(["你好", "你这个骗子", "只有你懂我", "做我女朋友吧", "帮我拿面包", "再见"])


@FAST
@given(axes_st, history_st, proposal_st, emotion_st, text_st)
def test_intimacy_never_exceeds_trust(axes, history, proposal, emotion, text) -> None:
    intents, safety = detect_intents(text), check_safety(text)
    for state in (
        normalise_stage(proposal, axes, history, intents, emotion, safety=safety)[0],
        heuristic_stage(axes, history, intents, emotion, safety=safety),
    ):
        assert RANK[state.intimacy_permission] <= RANK[state.trust_level]
        assert RANK[state.trust_level] <= RANK[trust_level_for(axes.trust)]
        lo, hi = closeness_band(axes, history)
        assert lo <= state.closeness <= hi


@FAST
@given(axes_st, history_st, proposal_st, emotion_st, text_st)
def test_normalising_twice_changes_nothing(axes, history, proposal, emotion, text) -> None:
    intents, safety = detect_intents(text), check_safety(text)
    once, _ = normalise_stage(proposal, axes, history, intents, emotion, safety=safety)
    twice, reasons = normalise_stage(once, axes, history, intents, emotion, safety=safety)
    assert twice == once
    assert reasons == []


@FAST
@given(axes_st, history_st, proposal_st)
def test_low_history_is_never_more_than_a_new_connection(axes, history, proposal) -> None:
    history = history.model_copy(
        update={"interaction_count": min(history.interaction_count, 5), "recent_conflicts": 0,
                "recent_hurt": False, "dependency_signals": 0}
    )
    state, _ = normalise_stage(proposal, axes.model_copy(update={"tension": 0.0}), history, [], NEUTRAL)
    assert state.stage in ("new_connection", "repairing", "boundary_sensitive", "dependency_watch")
    assert state.closeness <= 35


# --- never in speech -----------------------------------------------------------------------------


def test_internal_labels_cover_stage_names_fields_and_labels() -> None:
    labels = internal_labels()
    for stage, names in STAGE_LABELS.items():
        assert names["zh"] in labels and names["en"] in labels
        if "_" in stage:
            assert stage in labels
    assert {"trust_level", "intimacy_permission", "boundary_mode", "risk_signals"} <= labels
    assert {"关系阶段", "亲近度", "relationship stage"} <= labels


def test_internal_labels_leave_ordinary_words_alone() -> None:
    labels = {s.lower() for s in internal_labels()}
    for word in ("warm", "open", "hold", "stable", "repairing", "closeness", "升温", "信任"):
        assert word not in labels


def test_guidance_never_names_the_stage() -> None:
    labels = [s.lower() for s in internal_labels()]
    for texts in GUIDANCE.values():
        for text in texts.values():
            assert not [s for s in labels if s in text.lower()]
