"""The world as it truly is: characters, relationships, facts, one clock and one seeded rng."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import numpy as np

from townsfolk.world.bare import bare
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.facts import Fact, FactStore
from townsfolk.world.relation_kinds import BUILTIN_KINDS, RelationKind
from townsfolk.world.relationships import RelationshipGraph

_MAYBE_STR = (str, type(None))
_PLAIN_FACT = {"actor": _MAYBE_STR, "about": _MAYBE_STR, "place": _MAYBE_STR, "text": (str,), "valence": (float,),
               "private": (bool,), "to": (tuple,), "witnesses": (tuple,), "meta": (dict,)}


def _plain(fields: dict[str, Any]) -> bool:
    """Whether a fact's fields are already what validation would make of them."""
    for key, value in fields.items():
        types = _PLAIN_FACT.get(key)
        if types is None or type(value) not in types:
            return False
        if key in ("to", "witnesses", "meta") and not all(type(x) is str for x in value):
            return False
    return True


class Cast(dict):
    """The characters by id; counts its changes so views over it (the names) know when to rebuild."""

    version = 0

    def __setitem__(self, key: str, value: Character) -> None:
        super().__setitem__(key, value)
        self.version += 1

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        self.version += 1

    def pop(self, *args: Any) -> Any:
        self.version += 1
        return super().pop(*args)

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self.version += 1

    def clear(self) -> None:
        super().clear()
        self.version += 1


class World:
    """Everything objective about a run. Deterministic: ids are counters, randomness is `rng`."""

    def __init__(self, *, clock: SimClock, seed: int, language: str = "zh", title: str = "") -> None:
        self.clock = clock
        self.seed = seed
        self.language = language
        self.title = title
        self.rng: np.random.Generator = np.random.default_rng(seed)
        self.characters: dict[str, Character] = Cast()
        self._names: tuple[int, dict[str, str]] = (-1, {})
        self._players: tuple[int, frozenset[str]] = (-1, frozenset())
        self.graph = RelationshipGraph()
        self.facts = FactStore()
        self.counters: dict[str, int] = {}
        self.relation_kinds: dict[str, RelationKind] = dict(BUILTIN_KINDS)  # plus a scenario's own (kinds_for)

    # --- identity ---------------------------------------------------------------------------
    def new_id(self, prefix: str) -> str:
        """Sequential, replayable ids such as f1, e12, b3 (no uuids: runs must replay byte for byte)."""
        n = self.counters.get(prefix, 0) + 1
        self.counters[prefix] = n
        return f"{prefix}{n}"

    def add_character(self, character: Character) -> Character:
        if character.id in self.characters:
            raise ValueError(f"character {character.id!r} already exists")
        self.characters[character.id] = character
        self.graph.add_character(character.id)
        return character

    def relation_kind(self, kind: str) -> RelationKind | None:
        """What a tie of this kind means here (None for a bond axis or an unknown kind)."""
        return self.relation_kinds.get(kind)

    def warm_tie(self, kind: str) -> bool:
        """Whether a tie of this kind carries goodwill here (a trusted teller; cooled by bad news)."""
        k = self.relation_kinds.get(kind)
        return k is not None and k.warm

    def character(self, character_id: str) -> Character:
        try:
            return self.characters[character_id]
        except KeyError:
            raise KeyError(f"unknown character {character_id!r}") from None

    def names(self) -> dict[str, str]:
        """Every character's name by id, built once per change of the cast (a telling used to build
        it afresh, a pass over all characters each time). Shared: read it, do not change it."""
        version = self.characters.version  # type: ignore[attr-defined]
        if self._names[0] != version:
            self._names = (version, {cid: c.name for cid, c in self.characters.items()})
        return self._names[1]

    def players(self) -> frozenset[str]:
        """The players' ids, found once per change of the cast (as `names`): a tick's tellings ask of
        both sides whether they are players, and a character's attribute costs several of a set's."""
        version = self.characters.version  # type: ignore[attr-defined]
        if self._players[0] != version:
            self._players = (version, frozenset(cid for cid, c in self.characters.items() if c.is_player))
        return self._players[1]

    def name(self, character_id: str | None) -> str:
        if character_id is None:
            return ""
        c = self.characters.get(character_id)
        return c.name if c else character_id

    @property
    def now(self) -> datetime:
        return self.clock.now

    @property
    def tick(self) -> int:
        return self.clock.tick

    # --- truth ------------------------------------------------------------------------------
    def record(self, kind: str, **fields: Any) -> Fact:
        """Append a fact at the current tick. Fields of their own types (the engine's, a telling's)
        are not validated again; anything else (a list for `to`, an int valence) goes through pydantic."""
        values = {"id": self.new_id("f"), "tick": self.tick, "time": self.now, "kind": kind, **fields}
        if type(values["tick"]) is int and type(kind) is str and _plain(fields):
            if "meta" in values:
                values["meta"] = dict(values["meta"])  # as validation copies it
            fact = bare(Fact, values)
        else:
            fact = Fact(**values)
        return self.facts.append(fact)

    # --- rng state, so a run resumed from disk continues exactly -----------------------------
    def rng_state(self) -> dict[str, Any]:
        return self.rng.bit_generator.state

    def set_rng_state(self, state: dict[str, Any]) -> None:
        self.rng.bit_generator.state = state
