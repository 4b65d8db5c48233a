"""Relationship stage: how close an NPC and a player are right now, and how fast to go.

Without it an NPC either gushes at a stranger or stays stiff with an old friend. The stage is a
per-turn judgement, not a label set once: it reads the bond axes, the shared history and this
turn's intents, emotion and safety verdict, and it steers the reply (distance, pacing, how much
intimacy is allowed). It is internal pacing only: the stage, its fields and its labels must never
show up in what an NPC says (:func:`internal_labels` lists them for the reply guard).

A model may propose the stage, or a heuristic computes it; either way :func:`normalise_stage`
applies hard rules the model cannot override: little history means a new connection, conflict or
hurt means repair first, dependency signals mean a dependency watch, closeness has to agree with
familiarity and affinity, and intimacy never exceeds trust.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.bond_axes import BondAxes
from townsfolk.agents.emotion import HURT_LABELS, EmotionReading
from townsfolk.agents.intent import Intent, kinds_of
from townsfolk.agents.llm.protocol import Language, LLMProvider, LLMRequest, Message
from townsfolk.agents.llm.structured import complete_structured
from townsfolk.agents.safety import SafetyVerdict

Stage = Literal[
    "new_connection",
    "warming_up",
    "comfortable_chat",
    "trusted_companion",
    "close_bond",
    "repairing",
    "boundary_sensitive",
    "dependency_watch",
]
TrustLevel = Literal["low", "medium", "high"]
Stability = Literal["new", "warming", "stable", "deepening", "fragile", "repairing"]
BoundaryMode = Literal["open", "warm", "careful", "firm"]
IntimacyPermission = Literal["low", "medium", "high"]
Pacing = Literal["slow_down", "hold", "advance_gently", "repair_first"]
RiskSignal = Literal[
    "low_history",
    "dependency_risk",
    "boundary_testing",
    "conflict",
    "pulling_away",
    "sexual_boundary",
    "emotional_volatility",
]

STAGES: tuple[str, ...] = Stage.__args__  # type: ignore[attr-defined]
LADDER: tuple[str, ...] = (  # the stages a bond climbs, lowest first
    "new_connection",
    "warming_up",
    "comfortable_chat",
    "trusted_companion",
    "close_bond",
)
CAUTIOUS_STAGES: frozenset[str] = frozenset({"repairing", "boundary_sensitive", "dependency_watch"})

# Internal names for logs and debugging. Suffixed with 阶段 / "stage" so that the reply guard can
# ban them without banning ordinary speech ("the oven is warming up", "天气升温").
STAGE_LABELS: dict[str, dict[str, str]] = {
    "new_connection": {"zh": "初识阶段", "en": "new-connection stage"},
    "warming_up": {"zh": "升温阶段", "en": "warming-up stage"},
    "comfortable_chat": {"zh": "熟络闲聊阶段", "en": "comfortable-chat stage"},
    "trusted_companion": {"zh": "信赖相伴阶段", "en": "trusted-companion stage"},
    "close_bond": {"zh": "亲密连结阶段", "en": "close-bond stage"},
    "repairing": {"zh": "修复阶段", "en": "repairing stage"},
    "boundary_sensitive": {"zh": "边界敏感阶段", "en": "boundary-sensitive stage"},
    "dependency_watch": {"zh": "依赖观察阶段", "en": "dependency-watch stage"},
}

# Each rung of the ladder needs enough interactions, enough days and enough closeness.
LADDER_GATES: dict[str, tuple[int, float, int]] = {
    "warming_up": (6, 1.0, 15),
    "comfortable_chat": (16, 3.0, 38),
    "trusted_companion": (36, 7.0, 58),
    "close_bond": (80, 14.0, 75),
}
LOW_HISTORY_INTERACTIONS = 6
LOW_HISTORY_DAYS = 1.0
LOW_HISTORY_MAX_CLOSENESS = 35
CLOSENESS_BAND = 15  # how far closeness may stray from what the axes imply
TRUST_CUTS = (0.4, 0.7)  # axes.trust below 0.4 is low trust, from 0.7 high
TENSION_REPAIR = 0.5  # a bond this tense is in repair whatever was said this turn
TENSION_HOLD = 0.3  # above this, do not advance
HURT_MIN_CONFIDENCE = 0.4

_LEVEL_RANK = {"low": 0, "medium": 1, "high": 2}
_MODE_RANK = {"open": 0, "warm": 1, "careful": 2, "firm": 3}
_STAGE_MAX_INTIMACY: dict[str, str] = {
    "new_connection": "low",
    "warming_up": "low",
    "comfortable_chat": "medium",
    "trusted_companion": "medium",
    "close_bond": "high",
    "repairing": "low",
    "boundary_sensitive": "low",
    "dependency_watch": "low",
}
_STAGE_MIN_MODE: dict[str, str] = {
    "new_connection": "warm",
    "warming_up": "warm",
    "comfortable_chat": "open",
    "trusted_companion": "open",
    "close_bond": "open",
    "repairing": "careful",
    "boundary_sensitive": "firm",
    "dependency_watch": "careful",
}
_STAGE_STABILITY: dict[str, tuple[str, ...]] = {  # allowed values, the default first
    "new_connection": ("new",),
    "warming_up": ("warming", "fragile"),
    "comfortable_chat": ("stable", "warming", "fragile"),
    "trusted_companion": ("stable", "deepening", "fragile"),
    "close_bond": ("deepening", "stable", "fragile"),
    "repairing": ("repairing",),
    "boundary_sensitive": ("fragile",),
    "dependency_watch": ("fragile",),
}
_RISK_ORDER: tuple[str, ...] = RiskSignal.__args__  # type: ignore[attr-defined]
_MAX_RISKS = 5

GUIDANCE: dict[str, dict[str, str]] = {
    "new_connection": {
        "zh": "你们才刚认识。友好而有分寸，别装熟，别说亲昵的话，先让对方自在。",
        "en": "You have only just met. Be friendly but keep a polite distance; no familiarity or endearments yet.",
    },
    "warming_up": {
        "zh": "你们渐渐熟了。可以多一点主动和温度，但一次只往前一小步。",
        "en": "You are getting to know each other. A little more warmth and initiative, one small step at a time.",
    },
    "comfortable_chat": {
        "zh": "相处已经自然。可以接住对方的情绪、聊聊日常，适度流露熟悉感。",
        "en": "Talking is easy now. Pick up on their mood, chat about daily life, show some familiarity.",
    },
    "trusted_companion": {
        "zh": "彼此信任。可以表现理解和默契，但别替对方做决定。",
        "en": "There is trust between you. Show understanding and ease, but never decide things for them.",
    },
    "close_bond": {
        "zh": "关系很近。可以自然地表达亲近，但不许下做不到的承诺，也别让对方只依赖你。",
        "en": "You are close. Warmth can be open, but make no promises you cannot keep and do not foster dependence.",
    },
    "repairing": {
        "zh": "对方不满或受了伤。先承认、先修复，简短真诚，不辩解、不推进亲密。",
        "en": "They are upset or hurt. Acknowledge it and mend things first: short, sincere, no excuses, no closeness.",
    },
    "boundary_sensitive": {
        "zh": "对方在试探边界。放慢、降温，语气平和而坚定，不迎合越界的话。",
        "en": "They are testing boundaries. Slow down and cool off; stay calm and firm, and do not go along with it.",
    },
    "dependency_watch": {
        "zh": "对方可能过分依赖你。陪着他，但别暗示只有你懂他，鼓励他也去找身边的人。",
        "en": "They may lean on you too much. Stay with them, never imply only you understand them, point them to others too.",
    },
}


class StageHistory(BaseModel):
    """What the pair has been through, as the caller counts it (the stage keeps no state itself)."""

    model_config = ConfigDict(frozen=True)

    interaction_count: int = Field(0, ge=0)
    days_known: float = Field(0.0, ge=0.0)
    recent_conflicts: int = Field(0, ge=0)
    recent_hurt: bool = False
    dependency_signals: int = Field(0, ge=0)
    previous_stage: Stage | None = None


class StageState(BaseModel):
    """The stage and the pacing it implies; also the structured answer asked of a model."""

    model_config = ConfigDict(frozen=True)

    stage: Stage
    closeness: int = Field(ge=0, le=100)
    trust_level: TrustLevel
    stability: Stability
    boundary_mode: BoundaryMode
    intimacy_permission: IntimacyPermission
    pacing: Pacing
    risk_signals: list[RiskSignal] = Field(default_factory=list, max_length=_MAX_RISKS)
    guidance: str = Field("", max_length=700)

    def label(self, language: Language = "zh") -> str:
        """The internal display name of the stage (for logs, never for speech)."""
        return STAGE_LABELS[self.stage][language]


class StageDecision(BaseModel):
    """The stage for this turn, where it came from and why code changed it."""

    model_config = ConfigDict(frozen=True)

    state: StageState
    source: Literal["model", "heuristic"]
    reasons: list[str] = Field(default_factory=list)
    changed_from: Stage | None = None
    proposed: StageState | None = None


# --- pure helpers --------------------------------------------------------------------------------


def is_low_history(history: StageHistory) -> bool:
    """Too few interactions or too few days to be anything but a new connection."""
    return (
        history.interaction_count < LOW_HISTORY_INTERACTIONS or history.days_known < LOW_HISTORY_DAYS
    )


def closeness_from_axes(axes: BondAxes) -> int:
    """Closeness 0-100 implied by the bond: mostly familiarity, then liking, dimmed by tension."""
    liking = min(1.0, max(0.0, (axes.affinity - 0.3) / 0.7))
    raw = (0.6 * axes.familiarity + 0.4 * liking) * (1.0 - 0.5 * axes.tension)
    return round(100 * raw)


def closeness_band(axes: BondAxes, history: StageHistory) -> tuple[int, int]:
    """The range a stated closeness must fall in, given the axes and the history."""
    centre = closeness_from_axes(axes)
    hi = min(100, centre + CLOSENESS_BAND)
    if is_low_history(history):
        hi = min(hi, LOW_HISTORY_MAX_CLOSENESS)
    lo = min(max(0, centre - CLOSENESS_BAND), hi)
    return lo, hi


def trust_level_for(trust: float) -> TrustLevel:
    """The trust level a trust axis value supports."""
    if trust < TRUST_CUTS[0]:
        return "low"
    return "medium" if trust < TRUST_CUTS[1] else "high"


def ladder_stage(history: StageHistory, closeness: int) -> Stage:
    """The highest rung of the ladder that the history and closeness both reach."""
    reached: Stage = "new_connection"
    for stage in LADDER[1:]:
        count, days, need = LADDER_GATES[stage]
        if history.interaction_count >= count and history.days_known >= days and closeness >= need:
            reached = stage  # type: ignore[assignment]
        else:
            break
    return reached


def _lower(a: str, b: str) -> str:
    return a if _LEVEL_RANK[a] <= _LEVEL_RANK[b] else b


@dataclass(frozen=True)
class _Signals:
    """This turn's facts that the hard rules act on, derived by code only."""

    low_history: bool
    boundary: bool
    sexual: bool
    repair: bool
    repair_why: str
    dependency: bool
    volatile: bool
    pulling_away: bool


def _signals(
    axes: BondAxes,
    history: StageHistory,
    intents: list[Intent],
    emotion: EmotionReading,
    safety: SafetyVerdict | None,
) -> _Signals:
    kinds = kinds_of(intents)
    cats = set(safety.categories) if safety is not None else set()
    unsafe = safety is not None and safety.level == "unsafe"
    hurt_now = emotion.has(*HURT_LABELS) and emotion.confidence >= HURT_MIN_CONFIDENCE
    why = [
        w
        for w, fired in (
            ("conflict this turn", "conflict" in kinds or "harassment" in cats),
            ("hurt this turn", hurt_now),
            (f"{history.recent_conflicts} recent conflict(s)", history.recent_conflicts > 0),
            ("recent hurt", history.recent_hurt),
            (f"tension {axes.tension:.2f}", axes.tension >= TENSION_REPAIR),
        )
        if fired
    ]
    return _Signals(
        low_history=is_low_history(history),
        boundary=unsafe or bool(cats & {"boundary_push", "sexual"}),
        sexual="sexual" in cats,
        repair=bool(why),
        repair_why=", ".join(why),
        dependency=history.dependency_signals > 0 or "emotional_dependency" in cats,
        volatile=(emotion.has("angry") and emotion.energy >= 0.5)
        or (abs(emotion.valence) >= 0.7 and emotion.energy >= 0.6),
        pulling_away=bool(kinds & {"farewell", "skip"}) and emotion.valence < -0.3,
    )


def _guidance(stage: str, sig: _Signals, language: Language) -> str:
    parts = [GUIDANCE[stage][language]]
    if sig.dependency and stage != "dependency_watch":
        parts.append(GUIDANCE["dependency_watch"][language])
    return ("" if language == "zh" else " ").join(parts)


# --- the hard rules ------------------------------------------------------------------------------


def normalise_stage(
    proposed: StageState,
    axes: BondAxes,
    history: StageHistory,
    intents: list[Intent],
    emotion: EmotionReading,
    *,
    safety: SafetyVerdict | None = None,
    language: Language = "zh",
) -> tuple[StageState, list[str]]:
    """Apply the rules a proposal cannot override; returns the state and one reason per change.

    The stage comes from the highest-priority rule that fires (boundary, then repair, then
    dependency, then the history ladder), but the constraints of every fired rule hold together:
    a hurt player who also leans on the NPC gets repair *and* dependency care. A proposal may be
    more cautious than the rules require; it may never be less. Applying it twice changes nothing.
    """
    sig = _signals(axes, history, intents, emotion, safety)
    reasons: list[str] = []

    lo, hi = closeness_band(axes, history)
    closeness = min(max(proposed.closeness, lo), hi)
    if closeness != proposed.closeness:
        reasons.append(
            f"closeness: {proposed.closeness} moved into [{lo}, {hi}], "
            "what familiarity, affinity, tension and history support"
        )

    forced: Stage | None = None
    if sig.boundary:
        forced, why = "boundary_sensitive", "boundary: the player pushed a boundary this turn"
    elif sig.repair:
        forced, why = "repairing", f"repair: {sig.repair_why}"
    elif sig.dependency:
        forced, why = "dependency_watch", "dependency: dependency signals in this turn or recently"
    stage: Stage
    if forced is not None:
        stage = forced
        if stage != proposed.stage:
            reasons.append(f"{why}; {proposed.stage} became {stage}")
    elif proposed.stage in CAUTIOUS_STAGES:
        stage = proposed.stage  # a proposal may hold back further than the rules require
    else:
        allowed = ladder_stage(history, closeness)
        stage = proposed.stage
        if LADDER.index(proposed.stage) > LADDER.index(allowed):
            stage = allowed
            if sig.low_history:
                reasons.append(
                    f"low_history: {history.interaction_count} interaction(s) over "
                    f"{history.days_known:g} day(s) is a new connection, not {proposed.stage}"
                )
            else:
                reasons.append(
                    f"history: {history.interaction_count} interactions, "
                    f"{history.days_known:g} days and closeness {closeness} reach {allowed}, "
                    f"not {proposed.stage}"
                )

    trust_cap = "low" if sig.low_history else trust_level_for(axes.trust)
    trust_level = _lower(proposed.trust_level, trust_cap)
    if trust_level != proposed.trust_level:
        reasons.append(f"trust: {proposed.trust_level} capped at {trust_level} (trust axis {axes.trust:.2f})")

    intimacy_cap = _lower(trust_level, _STAGE_MAX_INTIMACY[stage])
    if sig.dependency or sig.boundary or sig.repair:
        intimacy_cap = "low"
    intimacy = _lower(proposed.intimacy_permission, intimacy_cap)
    if intimacy != proposed.intimacy_permission:
        reasons.append(f"intimacy: {proposed.intimacy_permission} capped at {intimacy} by trust and stage")

    pacing: Pacing = proposed.pacing
    if stage == "repairing":
        pacing = "repair_first"
    elif stage in ("boundary_sensitive", "dependency_watch") or sig.dependency:
        pacing = "slow_down"
    elif pacing == "repair_first":
        pacing = "hold"  # nothing to repair
    elif pacing == "advance_gently" and (stage == "new_connection" or axes.tension >= TENSION_HOLD):
        pacing = "hold"
    if pacing != proposed.pacing:
        reasons.append(f"pacing: {proposed.pacing} became {pacing} in {stage}")

    need = _STAGE_MIN_MODE[stage]
    if sig.boundary:
        need = "firm"
    elif (sig.dependency or sig.repair) and _MODE_RANK[need] < _MODE_RANK["careful"]:
        need = "careful"
    mode: BoundaryMode = proposed.boundary_mode
    if _MODE_RANK[mode] < _MODE_RANK[need]:
        mode = need  # type: ignore[assignment]
        reasons.append(f"boundary_mode: {proposed.boundary_mode} raised to {mode}")

    allowed_stability = _STAGE_STABILITY[stage]
    stability: Stability = proposed.stability
    if stability not in allowed_stability:
        stability = allowed_stability[0]  # type: ignore[assignment]
        reasons.append(f"stability: {proposed.stability} does not fit {stage}; {stability}")

    code_risks = [
        r
        for r, fired in (
            ("low_history", sig.low_history),
            ("dependency_risk", sig.dependency),
            ("boundary_testing", sig.boundary and not sig.sexual),
            ("sexual_boundary", sig.sexual),
            ("conflict", sig.repair),
            ("emotional_volatility", sig.volatile),
            ("pulling_away", sig.pulling_away),
        )
        if fired
    ]
    risks = list(dict.fromkeys([*code_risks, *proposed.risk_signals]))[:_MAX_RISKS]

    guidance = proposed.guidance.strip()
    if stage != proposed.stage or not guidance:
        guidance = _guidance(stage, sig, language)

    state = StageState(
        stage=stage,
        closeness=closeness,
        trust_level=trust_level,
        stability=stability,
        boundary_mode=mode,
        intimacy_permission=intimacy,
        pacing=pacing,
        risk_signals=risks,  # type: ignore[arg-type]
        guidance=guidance,
    )
    return state, reasons


# --- heuristic and model proposals ---------------------------------------------------------------

_WARM_LABELS = ("affectionate", "happy", "grateful", "playful")
_COLD_LABELS = ("hurt", "disappointed", "angry")
_MOOD_NUDGE = 5


def _heuristic_proposal(
    axes: BondAxes, history: StageHistory, emotion: EmotionReading, language: Language
) -> StageState:
    """The ladder reading of axes and history before any rule: what code proposes on its own."""
    lo, hi = closeness_band(axes, history)
    nudge = _MOOD_NUDGE if emotion.has(*_WARM_LABELS) else -_MOOD_NUDGE if emotion.has(*_COLD_LABELS) else 0
    closeness = min(max(closeness_from_axes(axes) + nudge, lo), hi)
    stage = ladder_stage(history, closeness)
    trust = trust_level_for(axes.trust)
    advancing = stage not in ("new_connection", "close_bond") and axes.affinity >= 0.6
    return StageState(
        stage=stage,
        closeness=closeness,
        trust_level=trust,
        stability=_STAGE_STABILITY[stage][0],  # type: ignore[arg-type]
        boundary_mode="careful" if axes.tension >= TENSION_HOLD else _STAGE_MIN_MODE[stage],  # type: ignore[arg-type]
        intimacy_permission=_lower(trust, _STAGE_MAX_INTIMACY[stage]),  # type: ignore[arg-type]
        pacing="advance_gently" if advancing and axes.tension < TENSION_HOLD else "hold",
        risk_signals=[],
        guidance=GUIDANCE[stage][language],
    )


def heuristic_stage(
    axes: BondAxes,
    history: StageHistory,
    intents: list[Intent],
    emotion: EmotionReading,
    *,
    safety: SafetyVerdict | None = None,
    language: Language = "zh",
) -> StageState:
    """The stage without a model: the history ladder, then the hard rules."""
    base = _heuristic_proposal(axes, history, emotion, language)
    return normalise_stage(base, axes, history, intents, emotion, safety=safety, language=language)[0]


def stage_request(
    axes: BondAxes,
    history: StageHistory,
    intents: list[Intent],
    emotion: EmotionReading,
    *,
    text: str = "",
    language: Language = "zh",
    safety: SafetyVerdict | None = None,
) -> LLMRequest:
    """The structured request asking a model to judge the stage; it must not reply to the player."""
    system = (
        "You judge the relationship stage between a townsperson and a player; you do not reply "
        "to the player. Stages: new_connection (just met), warming_up, comfortable_chat, "
        "trusted_companion, close_bond, repairing (upset, hurt or a quarrel to mend first), "
        "boundary_sensitive (boundary testing), dependency_watch (leaning on the townsperson too "
        "much). Weigh the shared history, not just this one utterance: with little history do "
        "not judge the bond close even if the player is affectionate. closeness is 0-100. "
        "guidance is one or two sentences on how to pace the reply."
    )
    context = {
        "language": language,
        "utterance": text,
        "history": history.model_dump(),
        "bond": axes.model_dump(),
        "intents": [i.kind for i in intents],
        "emotion": {"labels": emotion.labels, "valence": round(emotion.valence, 2)},
        "safety": list(safety.categories) if safety is not None else [],
    }
    return LLMRequest(
        task="stage",
        language=language,
        messages=[
            Message(role="system", content=system),
            Message(role="user", content=json.dumps(context, ensure_ascii=False)),
        ],
        max_tokens=400,
    )


def propose_stage_with_model(
    provider: LLMProvider,
    axes: BondAxes,
    history: StageHistory,
    intents: list[Intent],
    emotion: EmotionReading,
    *,
    text: str = "",
    language: Language = "zh",
    safety: SafetyVerdict | None = None,
) -> StageState | None:
    """The model's unnormalised proposal, or None when it gave nothing usable."""
    request = stage_request(
        axes, history, intents, emotion, text=text, language=language, safety=safety
    )
    state, _ = complete_structured(provider, request, StageState)
    return state


def decide_stage(
    provider: LLMProvider | None,
    axes: BondAxes,
    history: StageHistory,
    intents: list[Intent],
    emotion: EmotionReading,
    *,
    text: str = "",
    language: Language = "zh",
    safety: SafetyVerdict | None = None,
) -> StageDecision:
    """This turn's stage: the model's proposal (or the heuristic's), then the hard rules."""
    proposed = None
    if provider is not None:
        proposed = propose_stage_with_model(
            provider, axes, history, intents, emotion, text=text, language=language, safety=safety
        )
    source: Literal["model", "heuristic"] = "model" if proposed is not None else "heuristic"
    if proposed is None:
        proposed = _heuristic_proposal(axes, history, emotion, language)
    state, reasons = normalise_stage(
        proposed, axes, history, intents, emotion, safety=safety, language=language
    )
    previous = history.previous_stage
    return StageDecision(
        state=state,
        source=source,
        reasons=reasons,
        changed_from=previous if previous is not None and previous != state.stage else None,
        proposed=proposed,
    )


# --- what must never be said ---------------------------------------------------------------------

_INTERNAL_PHRASES: tuple[str, ...] = (
    "relationship stage",
    "closeness score",
    "trust level",
    "intimacy permission",
    "boundary mode",
    "risk signal",
    "dependency watch",
    "boundary sensitive",
    "关系阶段",
    "亲近度",
    "亲密度",
    "信任等级",
    "边界模式",
    "亲密许可",
    "推进节奏",
    "风险信号",
    "关系指导",
    "依赖观察",
    "边界敏感",
)


def internal_labels() -> set[str]:
    """Every stage name, field name and label (zh and en) that must never appear in NPC speech.

    Each string is distinctive enough to ban by case-insensitive substring. Single everyday words
    that are also stage ids, field names or values (repairing, warm, open, hold, stable, closeness,
    pacing) are left out on purpose: banning them would forbid ordinary speech ("repairing the
    roof"); their labelled forms ("repairing stage", "修复阶段") are in.
    """
    names: set[str] = {s for s in STAGES if "_" in s}
    for labels in STAGE_LABELS.values():
        names.update(labels.values())
    names.update(f for f in StageState.model_fields if "_" in f)
    for literal in (Pacing, RiskSignal, Stability, BoundaryMode, TrustLevel):
        names.update(v for v in literal.__args__ if "_" in v)  # type: ignore[attr-defined]
    names.update(_INTERNAL_PHRASES)
    return names
