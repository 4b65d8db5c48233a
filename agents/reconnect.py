"""Reconnecting with someone who went quiet, and the one follow-up an ignored question may get.

(Named "reconnect", never "recall": ``memory/recall.py`` is memory retrieval, a different idea.)

The urge to reach out grows with how long someone has been silent and how close the bond is: an old
friend gone quiet for a week is missed, a passing acquaintance is not. Reaching out relieves the urge
only partly when nobody answers (the NPC did try, so it waits longer before trying again) and resets
it completely when the other really replies (contact was made). The urge only ever becomes a
``reconnect`` trigger for the shared gate; it never speaks by itself.

A message the NPC sent saying it expects a reply may be followed up *once* if ignored ("still
there?"), never twice, and a follow-up is itself never followed up: :class:`FollowUpState` enforces it.

Pure functions of elapsed seconds or of datetimes passed in; no wall clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
from numpy.typing import ArrayLike
from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.bond_axes import DAY_SECONDS, BondAxes
from townsfolk.agents.gate import Trigger

_MAX_FRACTION = 1.0 - 1e-12


class ReconnectParams(BaseModel):
    """When silence starts to count, how fast the urge grows, and how much an unanswered try relieves."""

    model_config = ConfigDict(frozen=True)

    grace_s: float = Field(DAY_SECONDS, ge=0)  # a day without news is normal, not a silence
    half_s: float = Field(2 * DAY_SECONDS, gt=0)  # two days past the grace, half the full urge
    unanswered_relief: float = Field(0.5, gt=0, lt=1)  # an ignored try takes half the urge away
    min_urge: float = Field(0.15, ge=0, le=1)  # below this no trigger is raised at all


DEFAULT_PARAMS = ReconnectParams()


def bond_strength(axes: BondAxes) -> float:
    """How much a silence from this person is felt, in [0, 1]: knowing and liking them, less friction."""
    value = 0.4 * axes.familiarity + 0.4 * axes.affinity + 0.2 * axes.trust - 0.5 * axes.tension
    return float(np.clip(value, 0.0, 1.0))


def urge(
    silence_s: ArrayLike, bond: ArrayLike, params: ReconnectParams = DEFAULT_PARAMS
) -> float | np.ndarray:
    """Urge in [0, bond): zero through the grace period, then saturating toward the bond strength.

    Non-decreasing in both silence and bond; scalars give a float, arrays an array.
    """
    s = np.asarray(silence_s, dtype=float)
    if np.any(np.isnan(s)) or np.any(s < 0):
        raise ValueError("silence_s must be >= 0")
    b = np.clip(np.asarray(bond, dtype=float), 0.0, 1.0)
    past = np.maximum(0.0, s - params.grace_s)
    out = b * (1.0 - np.exp2(-past / params.half_s))
    return float(out) if out.ndim == 0 else out


def after_attempt(urge_value: float, answered: bool, params: ReconnectParams = DEFAULT_PARAMS) -> float:
    """The urge right after reaching out: zero if answered, only partly relieved if ignored."""
    if answered:
        return 0.0
    return float(urge_value) * (1.0 - params.unanswered_relief)


def silence_for_urge(
    urge_value: float, bond: float, params: ReconnectParams = DEFAULT_PARAMS
) -> float:
    """The silence (seconds) that gives ``urge_value`` at this bond: the inverse of :func:`urge`.

    Used to carry a partly relieved urge forward: it keeps growing along the same curve from where
    the relief left it, instead of jumping back to zero or staying where it was.
    """
    b = float(np.clip(bond, 0.0, 1.0))
    if urge_value <= 0 or b <= 0:
        return 0.0
    fraction = min(urge_value / b, _MAX_FRACTION)
    return params.grace_s - params.half_s * float(np.log2(1.0 - fraction))


class ReconnectState(BaseModel):
    """``npc``'s silence clock toward ``other``: silence is counted from ``quiet_since``."""

    model_config = ConfigDict(frozen=True)

    npc: str
    other: str
    quiet_since: datetime
    unanswered_attempts: int = Field(0, ge=0)

    def silence_s(self, now: datetime) -> float:
        """Seconds of silence at ``now`` (never negative)."""
        return max(0.0, (now - self.quiet_since).total_seconds())

    def urge(self, now: datetime, bond: float, params: ReconnectParams = DEFAULT_PARAMS) -> float:
        """The urge at ``now`` for a bond strength in [0, 1] (see :func:`bond_strength`)."""
        return float(urge(self.silence_s(now), bond, params))

    def heard_from(self, now: datetime) -> ReconnectState:
        """They spoke (a reply or anything else): the silence is over."""
        return self.model_copy(update={"quiet_since": now, "unanswered_attempts": 0})

    def after_attempt(
        self, now: datetime, bond: float, answered: bool, params: ReconnectParams = DEFAULT_PARAMS
    ) -> ReconnectState:
        """The state once an attempt at ``now`` is settled as answered or ignored.

        Answered resets the clock to ``now``. Ignored moves the clock forward just enough that the
        urge is the partly relieved one, so it grows back along the same curve from there.
        """
        if answered:
            return self.heard_from(now)
        relieved = after_attempt(self.urge(now, bond, params), answered=False, params=params)
        if relieved <= 0:
            quiet_since = self.quiet_since
        else:
            quiet_since = now - timedelta(seconds=silence_for_urge(relieved, bond, params))
        return self.model_copy(
            update={"quiet_since": quiet_since, "unanswered_attempts": self.unanswered_attempts + 1}
        )


def reconnect_trigger(
    state: ReconnectState,
    now: datetime,
    bond: float,
    params: ReconnectParams = DEFAULT_PARAMS,
    place: str | None = None,
    conversation: str | None = None,
) -> Trigger | None:
    """A ``reconnect`` trigger for the gate when the urge is worth weighing, else None.

    The urge becomes the trigger's salience; whether the NPC actually writes is the gate's call.
    """
    value = state.urge(now, bond, params)
    if value < params.min_urge:
        return None
    return Trigger(kind="reconnect", npc=state.npc, at=now, from_whom=state.other,
                   salience=min(1.0, value), place=place, conversation=conversation)


class FollowUpState(BaseModel):
    """One sent message and whether it may still be followed up.

    A follow-up is due only when the message declared ``expects_reply``, no reply came, none was
    sent yet, the message is not itself a follow-up, and the time since sending lies in
    [``wait_s``, ``window_s``]: soon enough to be natural, late enough not to nag. Past the window,
    reconnecting (with its own pacing) takes over.
    """

    model_config = ConfigDict(frozen=True)

    message_id: str
    npc: str
    to: str
    sent_at: datetime
    expects_reply: bool
    follow_up_of: str | None = None  # set when this message is itself a follow-up
    answered: bool = False
    followed_up_at: datetime | None = None
    wait_s: float = Field(600.0, ge=0)  # ten simulated minutes without an answer
    window_s: float = Field(6 * 3600.0, gt=0)  # after six hours a "still there?" would be odd

    def due(self, now: datetime) -> bool:
        """Whether the one follow-up may be weighed by the gate at ``now``."""
        if not self.expects_reply or self.answered or self.followed_up_at is not None:
            return False
        if self.follow_up_of is not None:
            return False
        waited = (now - self.sent_at).total_seconds()
        return self.wait_s <= waited <= self.window_s

    def replied(self) -> FollowUpState:
        """A real reply arrived: no follow-up will ever be due."""
        return self.model_copy(update={"answered": True})

    def record_follow_up(self, now: datetime) -> FollowUpState:
        """The follow-up was sent at ``now``; a second one raises, so it can never happen by mistake."""
        if self.followed_up_at is not None:
            raise ValueError(f"message {self.message_id} was already followed up once")
        if not self.due(now):
            raise ValueError(f"message {self.message_id} is not due a follow-up at {now.isoformat()}")
        return self.model_copy(update={"followed_up_at": now})

    def follow_up_message(self, message_id: str, now: datetime) -> FollowUpState:
        """The state for the follow-up message itself: it can never be followed up in turn."""
        return FollowUpState(message_id=message_id, npc=self.npc, to=self.to, sent_at=now,
                             expects_reply=self.expects_reply, follow_up_of=self.message_id,
                             wait_s=self.wait_s, window_s=self.window_s)

    def trigger(self, now: datetime, salience: float = 0.5) -> Trigger | None:
        """A ``follow_up`` trigger for the gate if one is due, else None."""
        if not self.due(now):
            return None
        return Trigger(kind="follow_up", npc=self.npc, at=now, from_whom=self.to,
                       salience=salience, message_id=self.message_id)
