"""Relationship kinds: what a tie of each kind means to the engine, built in or declared by a world.

A designer's world has ties we did not think of (a landlord, a sworn brother, a debt collector).
The engine needs only two numbers per kind to treat one sensibly: how warm it is (it implies
familiarity, trust and liking, makes the other a trusted teller, and is cooled by bad news) and
how cold (it implies tension and dislike). Labels give the kind in words in each language.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

KEY_PATTERN = r"^[a-z][a-z0-9_]*$"


class RelationKind(BaseModel):
    """One kind of tie: its words and the two numbers that give it meaning."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str = Field(pattern=KEY_PATTERN)
    en: str = Field(min_length=1, max_length=60)  # "landlord"
    zh: str = Field(min_length=1, max_length=20)  # "房东"
    warmth: float = Field(default=0.4, ge=0.0, le=1.0)  # 1 family, 0.4 an acquaintance, 0 a rival
    coldness: float = Field(default=0.0, ge=0.0, le=1.0)  # 0.5 a rival, 0.2 a creditor

    @property
    def warm(self) -> bool:
        """Whether the tie carries goodwill: a trusted teller, and bad news about them cools it."""
        return self.warmth > 0.0

    def label(self, language: str) -> str:
        return self.zh if language == "zh" else self.en


def _k(key: str, zh: str, warmth: float, coldness: float = 0.0) -> RelationKind:
    return RelationKind(key=key, en=key, zh=zh, warmth=warmth, coldness=coldness)


BUILTIN_KINDS: dict[str, RelationKind] = {k.key: k for k in (
    _k("family", "亲人", 1.0), _k("romance", "恋人", 1.0), _k("friend", "朋友", 0.9), _k("partner", "合作", 0.8),
    _k("mentor", "师徒", 0.8), _k("neighbour", "邻居", 0.6), _k("colleague", "同事", 0.6),
    _k("customer", "主顾", 0.5), _k("acquaintance", "相识", 0.4),
    _k("rival", "对头", 0.0, 0.5), _k("creditor", "债主", 0.0, 0.2), _k("debtor", "欠债", 0.0, 0.2),
)}  # fmt: skip


def kinds_for(declared: list[RelationKind] | tuple[RelationKind, ...] = ()) -> dict[str, RelationKind]:
    """The built-in kinds plus a world's own (a declared key refines a built-in one)."""
    kinds = dict(BUILTIN_KINDS)
    kinds.update({k.key: k for k in declared})
    return kinds
