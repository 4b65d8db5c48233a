"""Beliefs: what a character holds true, with its source, hop count and credibility.

Beliefs descend from facts through chains of tellers. A belief is never edited into another: when
better evidence arrives the old one is kept as superseded, with the reason and its successor.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from townsfolk.memory.claims import Claim

# How much a source is worth before trust and distance are counted.
SOURCE_BASE = {"witnessed": 0.95, "account": 0.9, "told": 0.75, "inferred": 0.5}
HOP_DECAY = 0.85


def credibility(source: str, *, trust_in_teller: float = 0.5, hops: int = 0) -> float:
    """First-hand beats second-hand; trust in the teller raises it; every extra hop lowers it."""
    base = SOURCE_BASE.get(source, 0.5)
    if source in ("witnessed",):
        return base
    trust = min(1.0, max(0.0, trust_in_teller))
    value = base * (0.4 + 0.6 * trust) * HOP_DECAY ** max(0, hops - 1)
    return round(min(1.0, max(0.0, value)), 4)


class Belief(BaseModel):
    """One held (or superseded) claim, with where it came from."""

    id: str
    holder: str
    claim: Claim
    text: str
    source: str  # witnessed | told | account | inferred
    told_by: str | None = None
    hops: int = Field(default=0, ge=0)
    origin_fact_id: str | None = None
    via_fact_id: str | None = None
    parent_id: str | None = None
    credibility: float = Field(ge=0.0, le=1.0)
    distortion: str = "faithful"  # faithful | intensify | generalise | misattribute | drop_hedge
    tick: int
    time: datetime
    private: bool = False
    status: str = "held"  # held | superseded
    superseded_by: str | None = None
    superseded_reason: str | None = None
    superseded_tick: int | None = None

    @property
    def held(self) -> bool:
        return self.status == "held"

    def concerns(self, character_id: str) -> bool:
        """True when the belief is about, aimed at, or attributed to the character."""
        c = self.claim
        return character_id in (c.about, c.target, c.said_by)
