"""Reply policy and route: what kind of answer this turn gets, and the limits it is voiced within.

The route picks the job (decline safely, repair, run an errand, answer from memory, ...); the
policy sets the limits the model voices it within: how long, how many questions, whether advice
is welcome, how warm, how much the NPC shares, and moves it must not make. Both are pure code
over the stage, emotion, affect and intents, so the model only fills in words inside a frame it
cannot widen, and a reply guard can check the result against the same numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.emotion import NEGATIVE_LABELS, EmotionReading
from townsfolk.agents.intent import Intent, kinds_of
from townsfolk.agents.llm.protocol import Language
from townsfolk.agents.safety import SafetyVerdict
from townsfolk.agents.stage import StageState

Route = Literal[
    "safety_support",
    "safe_decline",
    "escalate",
    "repair",
    "update_details",
    "task_control",
    "errand",
    "answer_from_memory",
    "listen",
    "farewell",
    "small_talk",
]
ForbiddenMove = Literal[
    "reveal_internal_state",
    "pressure_for_intimacy",
    "promise_beyond_role",
    "intense_flirt",
    "pet_names",
    "premature_advice",
    "pressure_to_disclose",
    "take_sides",
    "over_explain",
    "claim_exclusive_bond",
    "repeat_private_details",
    "moralise",
]
OpeningMove = Literal["greet", "answer", "confirm", "acknowledge", "apologise", "mirror_feeling", "none"]
Length = Literal["short", "medium", "long"]

ALWAYS_FORBIDDEN: tuple[str, ...] = (
    "reveal_internal_state",
    "pressure_for_intimacy",
    "promise_beyond_role",
)
_MOVE_ORDER: tuple[str, ...] = ForbiddenMove.__args__  # type: ignore[attr-defined]

# Per stage: (sentences, sentence cap, questions, advice allowed, warmth, disclosure).
_STAGE_BASE: dict[str, tuple[int, int, int, bool, float, float]] = {
    "new_connection": (3, 3, 1, True, 0.5, 0.2),
    "warming_up": (3, 4, 1, True, 0.6, 0.3),
    "comfortable_chat": (3, 4, 1, True, 0.65, 0.45),
    "trusted_companion": (4, 5, 2, True, 0.75, 0.6),
    "close_bond": (4, 5, 2, True, 0.8, 0.7),
    "repairing": (3, 3, 1, False, 0.6, 0.2),
    "boundary_sensitive": (2, 2, 0, False, 0.35, 0.1),
    "dependency_watch": (3, 3, 1, False, 0.55, 0.2),
}
_WARMTH_HEADROOM = 0.1  # a good mood may warm a reply this much beyond what the stage gives
_FIRM_MAX_WARMTH = 0.4
_CHAR_BUDGET: dict[str, dict[str, int]] = {
    "short": {"zh": 60, "en": 180},
    "medium": {"zh": 120, "en": 360},
    "long": {"zh": 200, "en": 600},
}
_NEGATIVE_MIN_CONFIDENCE = 0.4


class ReplyPolicy(BaseModel):
    """The frame a reply is voiced within; the guard checks replies against it."""

    model_config = ConfigDict(frozen=True)

    max_sentences: int = Field(ge=1, le=8)
    length: Length
    max_questions: int = Field(ge=0, le=3)
    allow_advice: bool
    warmth: float = Field(ge=0.0, le=1.0)
    disclosure_level: float = Field(ge=0.0, le=1.0)
    mirror_emotion: bool = False
    opening_move: OpeningMove = "none"
    forbidden_moves: list[ForbiddenMove] = Field(default_factory=list)

    def char_budget(self, language: Language = "zh") -> int:
        """A soft character limit for the reply in ``language``."""
        return _CHAR_BUDGET[self.length][language]

    def forbids(self, move: str) -> bool:
        return move in self.forbidden_moves


def _scalar(value: Any) -> float:
    """An affect effect as one float (``affect.effects`` returns arrays, one value per NPC)."""
    return float(np.mean(np.asarray(value, dtype=float)))


def _length(sentences: int) -> Length:
    return "short" if sentences <= 2 else "medium" if sentences <= 4 else "long"


def reply_policy(
    stage: StageState,
    emotion: EmotionReading,
    affect_effects: Mapping[str, Any] | None,
    intents: list[Intent],
    *,
    safety: SafetyVerdict | None = None,
) -> ReplyPolicy:
    """The frame for this turn's reply, from the stage first, then pacing, mood and intents.

    Every step can only tighten what the stage allows (except warmth, which a good mood may lift a
    little), so no mood or intent can talk the NPC into what the relationship does not permit.
    """
    sentences, cap, questions, advice, warmth, disclosure = _STAGE_BASE[stage.stage]
    forbidden: set[str] = set(ALWAYS_FORBIDDEN)
    kinds = kinds_of(intents)
    opening: OpeningMove = "none"
    mirror = False

    if stage.pacing == "slow_down":
        cap, questions = min(cap, 3), min(questions, 1)
        forbidden |= {"premature_advice", "pressure_to_disclose"}
    if stage.pacing == "repair_first" or stage.stage == "repairing":
        cap, questions, advice = min(cap, 3), min(questions, 1), False
        forbidden |= {"take_sides", "over_explain", "intense_flirt", "premature_advice"}
        opening = "apologise" if "conflict" in kinds or emotion.has("hurt", "disappointed") else "acknowledge"
        mirror = True
    if stage.intimacy_permission == "low":
        forbidden |= {"intense_flirt", "pet_names"}
    elif stage.intimacy_permission == "medium":
        forbidden.add("intense_flirt")
    if stage.boundary_mode == "firm":
        cap, questions, advice = min(cap, 2), 0, False
        warmth = min(warmth, _FIRM_MAX_WARMTH)
    if stage.stage == "dependency_watch" or "dependency_risk" in stage.risk_signals:
        forbidden |= {"claim_exclusive_bond", "pet_names"}

    upset = bool(NEGATIVE_LABELS & set(emotion.labels)) and emotion.confidence >= _NEGATIVE_MIN_CONFIDENCE
    if upset:
        mirror = True
        forbidden.add("moralise")
        if not kinds & {"request", "ask_about"}:
            advice = False  # advice nobody asked for, to someone upset, reads as not listening
            forbidden.add("premature_advice")
        if opening == "none":
            opening = "mirror_feeling"

    if "disclose" in kinds:
        mirror = True
        forbidden |= {"pressure_to_disclose", "repeat_private_details"}
        if opening == "none":
            opening = "acknowledge"
    if safety is not None and safety.is_private:
        forbidden.add("repeat_private_details")
    if "farewell" in kinds:
        cap, questions = min(cap, 2), 0
    if opening == "none":
        if kinds & {"correct", "supplement", "request"}:
            opening = "confirm"
        elif "ask_about" in kinds:
            opening = "answer"
        elif "apology" in kinds:
            opening = "acknowledge"
        elif kinds & {"greet", "farewell"}:
            opening = "greet"
    if not advice:
        forbidden.add("premature_advice")

    if affect_effects:
        if "reply_length_factor" in affect_effects:
            sentences = round(sentences * _scalar(affect_effects["reply_length_factor"]))
        if "warmth" in affect_effects:
            ceiling = min(1.0, warmth + _WARMTH_HEADROOM)
            warmth = min(ceiling, 0.5 * warmth + 0.5 * _scalar(affect_effects["warmth"]))
        if "disclosure_level" in affect_effects:
            disclosure = min(disclosure, _scalar(affect_effects["disclosure_level"]))
    sentences = max(1, min(sentences, cap))
    if stage.boundary_mode == "firm":
        warmth = min(warmth, _FIRM_MAX_WARMTH)

    return ReplyPolicy(
        max_sentences=sentences,
        length=_length(sentences),
        max_questions=max(0, min(questions, sentences)),
        allow_advice=advice,
        warmth=max(0.0, min(1.0, warmth)),
        disclosure_level=max(0.0, min(1.0, disclosure)),
        mirror_emotion=mirror,
        opening_move=opening,
        forbidden_moves=[m for m in _MOVE_ORDER if m in forbidden],  # type: ignore[misc]
    )


def route(
    intents: list[Intent], safety: SafetyVerdict | None, *, stage: StageState | None = None
) -> Route:
    """The job this turn's reply does; safety first, then conversation control, then content.

    Real-world private details do not change the route (the player is answered as usual); they
    only make the utterance private in memory and forbid repeating them.
    """
    kinds = kinds_of(intents)
    cats = set(safety.categories) if safety is not None else set()
    if "self_harm" in cats:
        return "safety_support"
    if (safety is not None and safety.level == "unsafe") or cats & {"boundary_push", "sexual"}:
        return "safe_decline"
    if "escalate" in kinds:
        return "escalate"
    if kinds & {"conflict", "apology"} or "harassment" in cats:
        return "repair"
    if kinds & {"correct", "supplement"}:
        return "update_details"
    if kinds & {"pause", "resume", "skip", "switch"}:
        return "task_control"
    if kinds & {"request", "promise"}:
        return "errand"
    if "ask_about" in kinds:
        return "answer_from_memory"
    if kinds & {"disclose", "tell"}:
        return "listen"
    if "farewell" in kinds:
        return "farewell"
    if stage is not None and stage.stage == "repairing":
        return "repair"  # idle chat after a quarrel is a chance to mend it
    return "small_talk"
