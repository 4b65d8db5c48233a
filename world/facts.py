"""What objectively happened. Append-only: beliefs may differ from facts, but never change them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Fact(BaseModel):
    """One thing that happened: who did or said what, to whom, about whom, where and when."""

    model_config = ConfigDict(frozen=True)

    id: str
    tick: int
    time: datetime
    kind: str  # happen | say | meet | ask | reply | mediate | retell | game_event ...
    actor: str | None = None
    to: tuple[str, ...] = ()
    about: str | None = None
    text: str = ""
    place: str | None = None
    witnesses: tuple[str, ...] = ()
    valence: float = 0.0
    private: bool = False
    meta: dict[str, Any] = Field(default_factory=dict)

    @property
    def participants(self) -> tuple[str, ...]:
        people = ([self.actor] if self.actor else []) + list(self.to) + list(self.witnesses)
        return tuple(dict.fromkeys(people))


class FactStore:
    """The world's record of truth; facts are only ever appended, never edited."""

    def __init__(self) -> None:
        self._facts: dict[str, Fact] = {}
        self._unsaved: list[str] = []
        self.redacted: set[str] = set()

    def append(self, fact: Fact) -> Fact:
        if fact.id in self._facts:
            raise ValueError(f"fact {fact.id} already recorded; facts are append-only")
        self._facts[fact.id] = fact
        self._unsaved.append(fact.id)
        return fact

    def get(self, fact_id: str) -> Fact:
        try:
            return self._facts[fact_id]
        except KeyError:
            raise KeyError(f"no fact {fact_id!r}") from None

    def __contains__(self, fact_id: object) -> bool:
        return fact_id in self._facts

    def __iter__(self) -> Iterator[Fact]:
        return iter(self._facts.values())

    def __len__(self) -> int:
        return len(self._facts)

    def take_unsaved(self) -> list[Fact]:
        """Facts appended since the last save; the store of record writes them with the tick."""
        out = [self._facts[i] for i in self._unsaved]
        self._unsaved = []
        return out

    def redact(self, fact_id: str, note: str = "[erased]") -> Fact:
        """The one exception to append-only: a player's right to erasure blanks a fact's words.

        Who, when and what kind stay (the world still knows something happened); the text and
        metadata go, so nothing of what was said survives in the store or on disk.
        """
        old = self.get(fact_id)
        new = old.model_copy(update={"text": note, "meta": {"redacted": True}})
        self._facts[fact_id] = new
        self.redacted.add(fact_id)
        return new

    def drop_references(self, ids: set[str]) -> list[str]:
        """Erasure only: remove erased memory ids from facts' metadata (grounding lists, bases)."""
        changed = []
        for fid, fact in list(self._facts.items()):
            meta = {k: ([x for x in v if x not in ids] if isinstance(v, list) else (None if v in ids else v))
                    for k, v in fact.meta.items()}
            if meta != fact.meta:
                self._facts[fid] = fact.model_copy(update={"meta": meta})
                changed.append(fid)
        return changed

    def load(self, facts: list[Fact]) -> None:
        for fact in facts:
            self._facts[fact.id] = fact
