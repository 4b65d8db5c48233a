"""Cold start: initiative is unlocked gradually for a new NPC or a new acquaintance.

A newcomer who chats up everyone on day one reads as pushy, and one who suddenly turns talkative on
day seven reads as broken. So the unlock level is one smooth, monotone number in [0, 1] that needs
*both* time (days known) and contact (interactions): a hundred messages in one afternoon do not make
an old friend, and a month of never speaking does not either. The gate turns (1 - unlock) into a
higher threshold for speaking unprompted; being addressed is never affected (a newcomer still
answers when spoken to: cold start shows in initiative only, never as ignoring people).

Pure, no clock: callers pass days and counts, as scalars or numpy arrays (one call for a village).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike
from pydantic import BaseModel, ConfigDict, Field


class ColdStartParams(BaseModel):
    """Where each half of the unlock reaches its midpoint, and how S-shaped the curve is.

    Each half is a Hill curve ``x**k / (x**k + half**k)``: flat at first (the first hour and the
    first message barely count), steepest around ``half``, then saturating. ``steepness`` k >= 1
    keeps the curve monotone; k = 2 is gentle enough that no single extra day or message moves the
    level by more than about a fifth.
    """

    model_config = ConfigDict(frozen=True)

    half_days: float = Field(3.0, gt=0)  # three days in, time alone gives half the unlock
    half_interactions: float = Field(8.0, gt=0)  # eight exchanges in, contact gives half
    steepness: float = Field(2.0, ge=1.0)


DEFAULT_PARAMS = ColdStartParams()


def _hill(x: np.ndarray, half: float, k: float) -> np.ndarray:
    xk = np.power(x, k)
    return xk / (xk + half**k)


def unlock_level(
    days_known: ArrayLike, interactions: ArrayLike, params: ColdStartParams = DEFAULT_PARAMS
) -> float | np.ndarray:
    """Initiative unlocked, in [0, 1): the product of a time curve and a contact curve.

    Non-decreasing in both arguments, 0 when either is 0. Scalars give a float; arrays broadcast
    and give an array.
    """
    d = np.asarray(days_known, dtype=float)
    n = np.asarray(interactions, dtype=float)
    if np.any(np.isnan(d)) or np.any(np.isnan(n)):
        raise ValueError("days_known and interactions must not be NaN")
    if np.any(d < 0) or np.any(n < 0):
        raise ValueError("days_known and interactions must be >= 0")
    k = params.steepness
    out = np.clip(_hill(d, params.half_days, k) * _hill(n, params.half_interactions, k), 0.0, 1.0)
    return float(out) if out.ndim == 0 else out


def initiative_penalty(unlock: ArrayLike, span: float) -> float | np.ndarray:
    """How much a cold start raises the threshold for unprompted speech: ``span * (1 - unlock)``."""
    u = np.clip(np.asarray(unlock, dtype=float), 0.0, 1.0)
    out = span * (1.0 - u)
    return float(out) if np.ndim(out) == 0 else out
