"""How well an NPC still holds a memory, and when it may let go.

Forgetting is how memory stays small and human: an NPC that recalls every greeting from a year ago
is both expensive and uncanny. Retention is a number in [0, 1] that decays with age like a
forgetting curve whose *half-life* (stability) grows with importance, emotional intensity and each
recall (spaced repetition), and is multiplied for protected memories: strong emotion or big
consequences (level 1), and key events the player took part in (level 2), because forgetting what
the player did for someone breaks the player's trust in the world.

Summaries that are never used lose weight, and impressions fade without contact, drifting from
"very close" to "met before". All functions are pure and vectorised over numpy arrays.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike
from pydantic import BaseModel, ConfigDict, Field, model_validator

DAY_SECONDS = 86_400.0

UNPROTECTED, PROTECTED, PLAYER_KEY = 0, 1, 2


class RetentionParams(BaseModel):
    """Knobs of forgetting; durations are seconds unless the name says days."""

    model_config = ConfigDict(frozen=True)

    base_half_life_s: float = Field(2 * DAY_SECONDS, gt=0)  # a trivial, calm event: ~2 days
    importance_gain: float = Field(4.0, ge=0)  # importance 1 makes it last 5x longer
    emotion_gain: float = Field(3.0, ge=0)  # |emotion| 1 makes it last 4x longer
    recall_growth: float = Field(2.0, ge=1)  # each recall doubles stability (spaced repetition)
    max_recalls: int = Field(20, ge=0)  # beyond this, recalls add nothing (and nothing overflows)
    protected_multiplier: float = Field(10.0, ge=1)  # help or betrayal: ~10x longer
    player_key_multiplier: float = Field(50.0, ge=1)  # what the player did: ~50x longer
    forget_threshold: float = Field(0.1, ge=0, le=1)

    # protection rule
    protect_importance: float = Field(0.8, ge=0, le=1)  # "big consequence"
    protect_emotion: float = Field(0.7, ge=0, le=1)  # "strong emotion"
    player_key_importance: float = Field(0.5, ge=0, le=1)  # player + this -> key event
    player_key_emotion: float = Field(0.5, ge=0, le=1)

    # summaries: unused ones lose weight
    summary_half_life_s: float = Field(30 * DAY_SECONDS, gt=0)
    summary_use_gain: float = Field(1.0, ge=0)  # each use lengthens the half-life by 100%

    # impressions: stable, but fade after a while without contact
    impression_grace_days: float = Field(14.0, ge=0)
    impression_half_life_days: float = Field(120.0, gt=0)

    @model_validator(mode="after")
    def _protection_ordered(self) -> RetentionParams:
        if self.player_key_multiplier < self.protected_multiplier:
            raise ValueError("player-key memories must be protected at least as much as level 1")
        return self


DEFAULT_PARAMS = RetentionParams()


def _out(x: np.ndarray) -> float | np.ndarray:
    return float(x) if np.ndim(x) == 0 else x


def stability_seconds(
    importance: ArrayLike,
    emotion: ArrayLike,
    recalls: ArrayLike = 0,
    protected_level: ArrayLike = UNPROTECTED,
    params: RetentionParams = DEFAULT_PARAMS,
) -> float | np.ndarray:
    """The half-life (seconds) of a memory: how long until its retention halves.

    Exposed on its own so "why does she still remember that?" can be answered with a duration.
    ``importance`` in [0, 1]; ``emotion`` is valence-like in [-1, 1] and only its intensity counts.
    """
    imp = np.clip(np.asarray(importance, dtype=float), 0.0, 1.0)
    emo = np.clip(np.abs(np.asarray(emotion, dtype=float)), 0.0, 1.0)
    rec = np.asarray(recalls, dtype=float)
    if np.any(rec < 0):
        raise ValueError("recalls must be >= 0")
    level = np.asarray(protected_level)
    if not np.all(np.isin(level, (UNPROTECTED, PROTECTED, PLAYER_KEY))):
        raise ValueError("protected_level must be 0, 1 or 2")
    multipliers = np.array([1.0, params.protected_multiplier, params.player_key_multiplier])
    half_life = (
        params.base_half_life_s
        * (1.0 + params.importance_gain * imp)
        * (1.0 + params.emotion_gain * emo)
        * np.power(params.recall_growth, np.minimum(rec, params.max_recalls))
        * multipliers[level.astype(np.int64)]
    )
    return _out(half_life)


def retention(
    age_seconds: ArrayLike,
    importance: ArrayLike,
    emotion: ArrayLike,
    recalls: ArrayLike = 0,
    protected_level: ArrayLike = UNPROTECTED,
    params: RetentionParams = DEFAULT_PARAMS,
) -> float | np.ndarray:
    """Retention in [0, 1] of a memory ``age_seconds`` old (since formed or last recalled).

    ``0.5 ** (age / half_life)`` with the half-life from :func:`stability_seconds`: it never rises
    with age alone, and rises with importance, emotional intensity, recalls and protection.
    Arguments broadcast, so a whole memory store is scored in one call.
    """
    age = np.asarray(age_seconds, dtype=float)
    if np.any(age < 0):
        raise ValueError("age_seconds must be >= 0")
    half_life = stability_seconds(importance, emotion, recalls, protected_level, params)
    return _out(np.clip(np.exp2(-age / half_life), 0.0, 1.0))


def protection_level(
    importance: ArrayLike,
    emotion: ArrayLike,
    player_involved: ArrayLike,
    params: RetentionParams = DEFAULT_PARAMS,
) -> int | np.ndarray:
    """Which protection a memory earns when it is written: 0 none, 1 protected, 2 player key.

    Level 1: a big consequence (importance >= ``protect_importance``) or strong emotion
    (|emotion| >= ``protect_emotion``), like an act of help or a betrayal. Level 2: the player took
    part and it mattered (importance >= ``player_key_importance`` or |emotion| >=
    ``player_key_emotion``); a trivial exchange with the player earns nothing extra.
    """
    imp = np.asarray(importance, dtype=float)
    emo = np.abs(np.asarray(emotion, dtype=float))
    player = np.asarray(player_involved, dtype=bool)
    key = player & ((imp >= params.player_key_importance) | (emo >= params.player_key_emotion))
    protected = (imp >= params.protect_importance) | (emo >= params.protect_emotion)
    level = np.where(key, PLAYER_KEY, np.where(protected, PROTECTED, UNPROTECTED))
    return int(level) if level.ndim == 0 else level.astype(np.int64)


def should_forget(retention_value: ArrayLike, threshold: float | None = None) -> bool | np.ndarray:
    """True where retention has fallen below ``threshold`` (default: the params' forget threshold).

    Forgetting here means the event may be archived or dropped, normally after a summary has
    absorbed it; the caller decides, this only says "it has faded enough".
    """
    limit = DEFAULT_PARAMS.forget_threshold if threshold is None else threshold
    below = np.asarray(retention_value, dtype=float) < limit
    return bool(below) if below.ndim == 0 else below


def summary_weight(
    age_since_last_use_seconds: ArrayLike,
    uses: ArrayLike,
    params: RetentionParams = DEFAULT_PARAMS,
) -> float | np.ndarray:
    """Weight in [0, 1] of a summary: fades while unused, each use makes it fade more slowly.

    Summaries that nothing ever cites should stop crowding the prompt; ones that keep being useful
    stay. Half-life is ``summary_half_life_s * (1 + summary_use_gain * uses)``.
    """
    age = np.asarray(age_since_last_use_seconds, dtype=float)
    n = np.asarray(uses, dtype=float)
    if np.any(age < 0) or np.any(n < 0):
        raise ValueError("age and uses must be >= 0")
    half_life = params.summary_half_life_s * (1.0 + params.summary_use_gain * n)
    return _out(np.exp2(-age / half_life))


def impression_fade(
    confidence: ArrayLike,
    days_without_contact: ArrayLike,
    params: RetentionParams = DEFAULT_PARAMS,
) -> float | np.ndarray:
    """An impression's strength (confidence or closeness, in [0, 1]) after days with no contact.

    Impressions are the most stable layer: nothing fades during a grace period, then the strength
    halves every ``impression_half_life_days``. It never reaches 0, so someone once known drifts
    to "met before" (see :func:`familiarity_label`), never back to "stranger".
    """
    c = np.clip(np.asarray(confidence, dtype=float), 0.0, 1.0)
    days = np.asarray(days_without_contact, dtype=float)
    if np.any(days < 0):
        raise ValueError("days_without_contact must be >= 0")
    over = np.maximum(days - params.impression_grace_days, 0.0)
    return _out(c * np.exp2(-over / params.impression_half_life_days))


FAMILIARITY_LABELS: dict[str, tuple[str, str, str, str]] = {
    # (very close, acquainted, met before, stranger)
    "zh": ("很熟", "熟人", "见过", "陌生人"),
    "en": ("very close", "acquainted", "met before", "stranger"),
}
VERY_CLOSE_AT = 0.7
ACQUAINTED_AT = 0.35


def familiarity_label(closeness: ArrayLike, language: str = "zh") -> str | np.ndarray:
    """Words for how well an NPC knows someone: closeness >= 0.7 very close, >= 0.35 acquainted,
    any contact at all met before, exactly 0 stranger. Used in prompts instead of raw numbers.
    """
    if language not in FAMILIARITY_LABELS:
        raise ValueError(f"language must be one of {sorted(FAMILIARITY_LABELS)}")
    very, known, met, stranger = FAMILIARITY_LABELS[language]
    c = np.asarray(closeness, dtype=float)
    labels = np.select(
        [c >= VERY_CLOSE_AT, c >= ACQUAINTED_AT, c > 0.0], [very, known, met], default=stranger
    )
    return str(labels) if labels.ndim == 0 else labels
