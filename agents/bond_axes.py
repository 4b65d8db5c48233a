"""Four axes of a directed bond: familiarity, trust, affinity, tension.

One "affection score" cannot tell an old rival from a new friend. Each directed pair (A's view of B)
therefore carries four numbers, each capped on its own in [0, 1]:

- familiarity: how much A has *been around* B, derived from interaction timestamps bucketed by day,
  so many short chats on different days count for more than one long afternoon (no model call);
- trust: grows when B confides sensitive things or keeps promises, drops hard on broken promises;
- affinity: the running valence of interactions (0.5 is neutral, below is dislike);
- tension: recent conflict; it fades with time so NPCs do not hold grudges forever.

All updates are pure and accept scalars or numpy arrays (one call for every pair), and every update
is a bounded step toward 0 or 1, so no sequence of events can push an axis outside [0, 1].
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike
from pydantic import BaseModel, ConfigDict, Field

DAY_SECONDS = 86_400.0

SAME_DAY_DECAY = 0.5  # the 2nd interaction of a day counts half, the 3rd a quarter, ...
FAMILIARITY_HALF_UNITS = 14.0  # 14 full "days together" make a pair half-familiar
TENSION_HALF_LIFE_S = 3 * DAY_SECONDS  # a quarrel has half faded after three days

# Signed trust rates: the fraction of the remaining distance (to 1 when positive, to 0 when
# negative) one event covers at weight 1. Losing trust is faster than earning it.
TRUST_RATES: dict[str, float] = {
    "disclosure": 0.03,  # an ordinary personal remark
    "sensitive_disclosure": 0.10,  # confided something sensitive: a strong signal of trust
    "promise_kept": 0.08,
    "promise_broken": -0.25,
    "betrayal": -0.5,
    "wrong_seen": -0.3,  # saw them do a wrong (steal, cheat, lie), weighted by how grave it was
}
AFFINITY_RATE = 0.1  # one fully positive (valence +1) interaction covers 10% of the gap to 1


def _out(x: np.ndarray) -> float | np.ndarray:
    return float(x) if np.ndim(x) == 0 else x


def _unit(x: ArrayLike, name: str) -> np.ndarray:
    arr = np.asarray(x, dtype=float)
    if np.any(np.isnan(arr)):
        raise ValueError(f"{name} must not be NaN")
    return np.clip(arr, 0.0, 1.0)


class BondAxes(BaseModel):
    """A's view of B on the four axes; each value is validated to lie in [0, 1].

    Defaults describe a stranger: never met, a little benefit of the doubt, neutral liking, calm.
    """

    model_config = ConfigDict(frozen=True)

    familiarity: float = Field(0.0, ge=0.0, le=1.0)
    trust: float = Field(0.3, ge=0.0, le=1.0)
    affinity: float = Field(0.5, ge=0.0, le=1.0)
    tension: float = Field(0.0, ge=0.0, le=1.0)

    def as_array(self) -> np.ndarray:
        """(familiarity, trust, affinity, tension) as a length-4 array."""
        return np.array([self.familiarity, self.trust, self.affinity, self.tension])

    @classmethod
    def from_array(cls, values: ArrayLike) -> BondAxes:
        """Build from a length-4 array in the order of :meth:`as_array` (values clipped to [0, 1])."""
        f, t, a, x = np.clip(np.asarray(values, dtype=float), 0.0, 1.0)
        return cls(familiarity=f, trust=t, affinity=a, tension=x)

    def after(
        self,
        *,
        trust_event: str | None = None,
        valence: float | None = None,
        conflict: float = 0.0,
        dt_seconds: float = 0.0,
        weight: float = 1.0,
    ) -> BondAxes:
        """A new bond after ``dt_seconds`` of calm and then one interaction (a convenience)."""
        trust = self.trust if trust_event is None else update_trust(self.trust, trust_event, weight)
        affinity = (
            self.affinity if valence is None else update_affinity(self.affinity, valence, weight)
        )
        tension = add_tension(fade_tension(self.tension, dt_seconds), conflict)
        return self.model_copy(update={"trust": trust, "affinity": affinity, "tension": tension})


def day_units(
    interactions_per_day: ArrayLike, same_day_decay: float = SAME_DAY_DECAY
) -> np.ndarray:
    """Familiarity units earned per day: 1 for the first interaction, then a geometric tail.

    n interactions on one day give (1 - r**n) / (1 - r) units, which is 1 for n = 1 and never
    reaches 1 / (1 - r): talking all afternoon is not the same as seeing each other every day.
    """
    n = np.asarray(interactions_per_day, dtype=float)
    if np.any(n < 0):
        raise ValueError("interaction counts must be >= 0")
    if not 0.0 <= same_day_decay < 1.0:
        raise ValueError("same_day_decay must be in [0, 1)")
    return (1.0 - np.power(same_day_decay, n)) / (1.0 - same_day_decay)


def units_from_familiarity(familiarity: ArrayLike, half_units: float = FAMILIARITY_HALF_UNITS) -> float | np.ndarray:
    """The days together a familiarity stands for: the inverse of the saturation curve.

    A tie a scenario starts with implies a history; counting continues from these units.
    """
    f = np.clip(np.asarray(familiarity, dtype=float), 0.0, 1.0 - 1e-9)
    return _out(-half_units * np.log2(1.0 - f))


def familiarity_from_days(
    interactions_per_day: ArrayLike,
    same_day_decay: float = SAME_DAY_DECAY,
    half_units: float = FAMILIARITY_HALF_UNITS,
    base_units: ArrayLike = 0.0,
) -> float | np.ndarray:
    """Familiarity in [0, 1) from interaction counts per calendar day (last axis = days).

    A 1-D input gives one float; a 2-D (pairs, days) input gives one value per pair. Units summed
    over days saturate as ``1 - 0.5 ** (units / half_units)``: the first weeks of contact matter
    most, and familiarity never quite reaches 1. ``base_units`` is the history counted before
    (e.g. :func:`units_from_familiarity` of a seeded tie), so counting continues, never resets.
    """
    if half_units <= 0:
        raise ValueError("half_units must be > 0")
    units = day_units(interactions_per_day, same_day_decay).sum(axis=-1) + np.asarray(base_units, dtype=float)
    return _out(1.0 - np.exp2(-units / half_units))


def interactions_per_day(
    timestamps_seconds: ArrayLike, day_start_offset_s: float = 0.0
) -> np.ndarray:
    """Bucket interaction timestamps (seconds on the world clock) into counts per calendar day.

    ``day_start_offset_s`` shifts where a day begins (e.g. a town whose day rolls over at 4 am).
    Days without interactions are omitted: they contribute nothing to familiarity anyway.
    """
    t = np.asarray(timestamps_seconds, dtype=float).ravel()
    if t.size == 0:
        return np.zeros(0)
    days = np.floor((t - day_start_offset_s) / DAY_SECONDS)
    return np.unique(days, return_counts=True)[1].astype(float)


def familiarity_from_timestamps(
    timestamps_seconds: ArrayLike,
    day_start_offset_s: float = 0.0,
    same_day_decay: float = SAME_DAY_DECAY,
    half_units: float = FAMILIARITY_HALF_UNITS,
) -> float:
    """Familiarity straight from the interaction log, with no extra state to keep in sync."""
    counts = interactions_per_day(timestamps_seconds, day_start_offset_s)
    return float(familiarity_from_days(counts, same_day_decay, half_units))


def update_trust(
    trust: ArrayLike, event_kind: str | Sequence[str], weight: ArrayLike = 1.0
) -> float | np.ndarray:
    """Trust after an event (see ``TRUST_RATES`` for kinds); scalars or one kind per pair.

    Positive events close a fraction of the gap to 1, negative ones a fraction of the gap to 0,
    so trust never leaves [0, 1] and a long-trusted friend is not wiped out by one slip (unless it
    is a betrayal). ``weight`` in [0, 1] scales the event (e.g. how sensitive the disclosure was).
    """
    kinds = [event_kind] if isinstance(event_kind, str) else list(event_kind)
    unknown = sorted({k for k in kinds if k not in TRUST_RATES})
    if unknown:
        raise ValueError(f"unknown trust event kind(s) {unknown}; known: {sorted(TRUST_RATES)}")
    rates = np.array([TRUST_RATES[k] for k in kinds])
    if isinstance(event_kind, str):
        rates = rates[0]
    t = _unit(trust, "trust")
    step = np.clip(rates * _unit(weight, "weight"), -1.0, 1.0)
    return _out(np.where(step >= 0, t + step * (1.0 - t), t + step * t))


def update_affinity(
    affinity: ArrayLike, valence: ArrayLike, weight: ArrayLike = 1.0, rate: float = AFFINITY_RATE
) -> float | np.ndarray:
    """Affinity after an interaction of ``valence`` in [-1, 1]: pleasant moves it up, unpleasant down.

    The step is ``rate * weight * |valence|`` of the gap toward 1 (or toward 0), so affinity moves
    like a slow running average of how interactions feel and stays in [0, 1].
    """
    a = _unit(affinity, "affinity")
    v = np.clip(np.asarray(valence, dtype=float), -1.0, 1.0)
    step = np.clip(rate * _unit(weight, "weight") * np.abs(v), 0.0, 1.0)
    return _out(np.where(v >= 0, a + step * (1.0 - a), a - step * a))


def add_tension(tension: ArrayLike, amount: ArrayLike) -> float | np.ndarray:
    """Tension after a conflict of size ``amount`` in [0, 1]; saturates below 1 instead of clipping.

    ``t + amount * (1 - t)``: a second quarrel on top of a fresh one still adds, but less.
    """
    t = _unit(tension, "tension")
    return _out(t + _unit(amount, "amount") * (1.0 - t))


def fade_tension(
    tension: ArrayLike, dt_seconds: ArrayLike, half_life: float = TENSION_HALF_LIFE_S
) -> float | np.ndarray:
    """Tension after ``dt_seconds`` with no new conflict: exponential fade toward 0.

    Grudges soften on their own; how fast is one number (``half_life``, seconds). Works on scalars
    or arrays, so :func:`fade_tension_array` is the same function under an array-only contract.
    """
    if half_life <= 0:
        raise ValueError("half_life must be > 0")
    dt = np.asarray(dt_seconds, dtype=float)
    if np.any(dt < 0):
        raise ValueError("dt_seconds must be >= 0")
    return _out(_unit(tension, "tension") * np.exp2(-dt / half_life))


def fade_tension_array(
    tension: ArrayLike, dt_seconds: ArrayLike, half_life: float = TENSION_HALF_LIFE_S
) -> np.ndarray:
    """Fade every pair's tension at once (tension (E,), dt scalar or (E,)); always an array."""
    return np.atleast_1d(np.asarray(fade_tension(tension, dt_seconds, half_life), dtype=float))
