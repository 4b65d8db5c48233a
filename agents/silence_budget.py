"""A silence budget: token buckets per place and per conversation, so a crowd is not a wall of chatter.

Every line an NPC says costs a token from the bucket of the place it is in *and* from the bucket of
the conversation it belongs to; buckets refill with simulated time up to a capacity. A busy square
therefore lets a burst of talk through and then settles to a slow trickle, however many NPCs stand
in it. Replies to someone who addressed an NPC are never refused by the budget (the gate lets them
through), but they still drain it, which is exactly what keeps bystanders quiet while a player is
talking to someone.

Time is always passed in (a ``datetime`` from the world clock); nothing here reads the wall clock.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from pydantic import BaseModel, ConfigDict, Field

Scope = Literal["place", "conversation"]


class BudgetParams(BaseModel):
    """Size of a bucket (a burst) and how fast it refills (a sustained rate), per simulated minute."""

    model_config = ConfigDict(frozen=True)

    capacity: float = Field(gt=0)
    refill_per_minute: float = Field(ge=0)


# A place tolerates a burst of six lines, then about one a minute across everyone standing there.
PLACE_BUDGET = BudgetParams(capacity=6.0, refill_per_minute=1.0)
# One conversation: three lines in a burst, then two a minute, a normal back-and-forth pace.
CONVERSATION_BUDGET = BudgetParams(capacity=3.0, refill_per_minute=2.0)
DEFAULT_PARAMS: dict[Scope, BudgetParams] = {
    "place": PLACE_BUDGET,
    "conversation": CONVERSATION_BUDGET,
}
LINE_COST = 1.0  # one spoken line


def refill_tokens(
    tokens: ArrayLike, elapsed_s: ArrayLike, capacity: ArrayLike, refill_per_minute: ArrayLike
) -> float | np.ndarray:
    """Tokens after ``elapsed_s`` simulated seconds of refill, capped at capacity (scalars or arrays).

    One formula for a single bucket and for all buckets of a town in one tick, so the two never drift.
    """
    dt = np.asarray(elapsed_s, dtype=float)
    if np.any(dt < 0) or np.any(np.isnan(dt)):
        raise ValueError("elapsed_s must be >= 0: time never runs backwards")
    out = np.minimum(
        np.asarray(capacity, dtype=float),
        np.asarray(tokens, dtype=float) + np.asarray(refill_per_minute, dtype=float) * dt / 60.0,
    )
    return float(out) if out.ndim == 0 else out


class Bucket(BaseModel):
    """One token bucket: its level as of ``updated_at``; read it with :func:`level` at a later time."""

    model_config = ConfigDict(frozen=True)

    scope: Scope
    key: str
    params: BudgetParams
    tokens: float = Field(ge=0)
    updated_at: datetime

    @classmethod
    def full(cls, scope: Scope, key: str, now: datetime, params: BudgetParams | None = None) -> Bucket:
        """A fresh bucket: a place nobody has spoken in yet starts with its whole burst available."""
        p = params or DEFAULT_PARAMS[scope]
        return cls(scope=scope, key=key, params=p, tokens=p.capacity, updated_at=now)


def _elapsed_s(bucket: Bucket, now: datetime) -> float:
    dt = (now - bucket.updated_at).total_seconds()
    if dt < 0:
        raise ValueError(
            f"time ran backwards for bucket {bucket.scope}:{bucket.key} "
            f"({now.isoformat()} < {bucket.updated_at.isoformat()})"
        )
    return dt


def refill(bucket: Bucket, now: datetime) -> Bucket:
    """The bucket as it stands at ``now`` (refilled, capped)."""
    tokens = refill_tokens(
        bucket.tokens, _elapsed_s(bucket, now), bucket.params.capacity, bucket.params.refill_per_minute
    )
    return bucket.model_copy(update={"tokens": float(tokens), "updated_at": now})


def level(bucket: Bucket, now: datetime) -> float:
    """Tokens available at ``now``."""
    return refill(bucket, now).tokens


def can_speak(bucket: Bucket, now: datetime, cost: float = LINE_COST) -> bool:
    """Whether one more line fits in this bucket at ``now``."""
    return level(bucket, now) >= cost


def spend(bucket: Bucket, now: datetime, cost: float = LINE_COST, *, force: bool = False) -> Bucket:
    """The bucket after one line at ``now``.

    Without ``force`` an overdraft raises: unprompted talk must ask :func:`can_speak` first. With
    ``force`` (a reply to someone who addressed the NPC) the line always goes out and the bucket
    bottoms out at zero, so the room stays quiet a little longer instead of the reply being dropped.
    """
    if cost < 0:
        raise ValueError("cost must be >= 0")
    current = refill(bucket, now)
    if current.tokens < cost and not force:
        raise ValueError(
            f"silence budget {bucket.scope}:{bucket.key} has {current.tokens:.2f} < {cost} tokens"
        )
    return current.model_copy(update={"tokens": max(0.0, current.tokens - cost)})


class SilenceBudget(BaseModel):
    """The buckets of a whole run, keyed ``scope:key``; created full on first use.

    A thin mutable holder over the pure functions above, serialisable with the run's state.
    """

    buckets: dict[str, Bucket] = Field(default_factory=dict)
    place_params: BudgetParams = PLACE_BUDGET
    conversation_params: BudgetParams = CONVERSATION_BUDGET

    def bucket(self, scope: Scope, key: str, now: datetime) -> Bucket:
        """The bucket for ``scope:key`` (a full one if never used); does not store it."""
        found = self.buckets.get(f"{scope}:{key}")
        if found is not None:
            return found
        params = self.place_params if scope == "place" else self.conversation_params
        return Bucket.full(scope, key, now, params)

    def _involved(self, place: str | None, conversation: str | None, now: datetime) -> list[Bucket]:
        out = []
        if place is not None:
            out.append(self.bucket("place", place, now))
        if conversation is not None:
            out.append(self.bucket("conversation", conversation, now))
        return out

    def remaining(self, place: str | None, conversation: str | None, now: datetime) -> float:
        """The tightest of the place and conversation budgets at ``now`` (what the gate reads).

        With neither a place nor a conversation there is no crowd to protect: one full line is
        reported, so the gate is not blocked by a budget that does not exist.
        """
        buckets = self._involved(place, conversation, now)
        if not buckets:
            return LINE_COST
        return min(level(b, now) for b in buckets)

    def can_speak(
        self, place: str | None, conversation: str | None, now: datetime, cost: float = LINE_COST
    ) -> bool:
        """Whether a line fits in every bucket it would draw on."""
        return self.remaining(place, conversation, now) >= cost

    def spend(
        self,
        place: str | None,
        conversation: str | None,
        now: datetime,
        cost: float = LINE_COST,
        *,
        force: bool = False,
    ) -> float:
        """Charge one line to the place and the conversation; returns what remains (the tightest).

        All-or-nothing: if any bucket would be overdrawn (and not ``force``), nothing is charged.
        """
        buckets = self._involved(place, conversation, now)
        spent = [spend(b, now, cost, force=force) for b in buckets]  # raises before any write
        for b in spent:
            self.buckets[f"{b.scope}:{b.key}"] = b
        return min((b.tokens for b in spent), default=LINE_COST)
