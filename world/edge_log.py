"""The edge change log: every change to every edge, append-only, in columns.

A town of 10k NPCs holds ~500k edges and as many changes at its first tick; kept as one pydantic
`EdgeChange` (and `Cause`) per change that was ~1 GB and most of the build time. Here a change is
one row of numpy columns (edge row, its place in that edge's history, tick, time, before, after,
cause kind, cause id, reason), strings and datetimes interned once; each row points at the same
edge's previous change, so an edge's history is a walk back from its last row. `EdgeChange`
objects are built only when someone reads a history (`why`, the dialogue path, reports).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from datetime import datetime
from typing import Generic, TypeVar

import numpy as np

T = TypeVar("T", bound=Hashable)

NONE = -1  # a code meaning "no value" (a cause without an id, an edge never dormant)



def reserve_columns(owner: object, names: Iterable[str], n: int, need: int) -> None:
    """Grow the owner's column arrays (doubling) so `need` rows fit, keeping the first `n`."""
    cap = len(getattr(owner, next(iter(names))))
    if need <= cap:
        return
    while cap < need:
        cap *= 2
    for name in names:
        old = getattr(owner, name)
        new = np.zeros(cap, dtype=old.dtype)
        new[:n] = old[:n]
        setattr(owner, name, new)

class Interned(Generic[T]):
    """Values stored once, referred to by an int code (reasons repeat across thousands of edges)."""

    def __init__(self) -> None:
        self.values: list[T] = []
        self._code: dict[T, int] = {}

    def __len__(self) -> int:
        return len(self.values)

    def code(self, value: T) -> int:
        c = self._code.get(value)
        if c is None:
            c = self._code[value] = len(self.values)
            self.values.append(value)
        return c

    def known(self, value: T) -> int | None:
        """The value's code if it was interned already, else None (nothing is added)."""
        return self._code.get(value)

    def codes(self, values: Iterable[T]) -> np.ndarray:
        code = self.code
        return np.fromiter((code(v) for v in values), dtype=np.int32)


class TimeTable(Interned[datetime]):
    """Interned datetimes (a world has one per tick), with each one's seconds since the first, for
    array passes that need elapsed time (tension fading) without building a datetime per row."""

    def __init__(self) -> None:
        super().__init__()
        self.seconds = np.zeros(64, dtype=np.float64)

    def code(self, value: datetime) -> int:
        n = len(self.values)
        c = super().code(value)
        if c == n:  # new
            if c == len(self.seconds):
                self.seconds = np.concatenate([self.seconds, np.zeros(len(self.seconds))])
            self.seconds[c] = (value - self.values[0]).total_seconds()
        return c

    def seconds_of(self, value: datetime) -> float:
        return (value - self.values[0]).total_seconds() if self.values else 0.0


_COLUMNS = {"edge": np.int32, "seq": np.int32, "tick": np.int32, "time": np.int32, "before": np.float64,
            "after": np.float64, "cause_kind": np.int32, "cause_id": np.int32, "reason": np.int32,
            "prev": np.int32}


_CAUSE_FIELDS = frozenset(("kind", "id"))
_CHANGE_FIELDS = frozenset(("tick", "time", "before", "after", "cause", "reason"))


def _bare(cls: type, values: dict, fields: frozenset, private: dict | None):  # noqa: ANN202
    """A pydantic model holding `values` (all its fields, already valid), made as model_construct does."""
    m = cls.__new__(cls)
    object.__setattr__(m, "__dict__", values)
    object.__setattr__(m, "__pydantic_fields_set__", set(fields))
    object.__setattr__(m, "__pydantic_extra__", None)
    object.__setattr__(m, "__pydantic_private__", private)
    return m


class EdgeLog:
    """Append-only columns of edge changes; `n` rows so far, capacity grown by doubling."""

    def __init__(self, times: TimeTable, texts: Interned[str]) -> None:
        self.times, self.texts = times, texts  # shared with the edge columns
        self.n = 0
        self.version = 0  # bumped when a row is rewritten in place (erasure), so cached views refresh
        for name, dtype in _COLUMNS.items():
            setattr(self, name, np.zeros(1024, dtype=dtype))

    def _reserve(self, extra: int) -> None:
        reserve_columns(self, _COLUMNS, self.n, self.n + extra)

    def append(self, edge: int, seq: int, tick: int, time: int, before: float, after: float, cause_kind: int,
               cause_id: int, reason: int, prev: int) -> int:
        r = self.n
        if r >= len(self.edge):  # (checked here: a telling appends a few rows, each once)
            self._reserve(1)
        self.edge[r], self.seq[r], self.tick[r], self.time[r] = edge, seq, tick, time
        self.before[r], self.after[r] = before, after
        self.cause_kind[r], self.cause_id[r], self.reason[r], self.prev[r] = cause_kind, cause_id, reason, prev
        self.n += 1
        return r

    def append_many(self, **cols: np.ndarray | int | float) -> np.ndarray:
        """Append one row per element of the array columns (scalars broadcast); returns the rows."""
        size = max(np.size(v) for v in cols.values())
        self._reserve(size)
        rows = np.arange(self.n, self.n + size, dtype=np.int64)
        for name in _COLUMNS:
            getattr(self, name)[self.n: self.n + size] = cols.get(name, NONE if name == "prev" else 0)
        self.n += size
        return rows

    def rows_of(self, last: int) -> list[int]:
        """An edge's change rows, oldest first, from its last row back along `prev`."""
        out = []
        prev = self.prev
        while last >= 0:
            out.append(last)
            last = int(prev[last])
        out.reverse()
        return out

    def change(self, row: int):  # noqa: ANN201  (an EdgeChange; imported late, it lives beside Edge)
        """The row as an `EdgeChange` (built as pydantic's model_construct would, without its per-field
        loop: a history read builds one per change, and the dialogue path reads many)."""
        from townsfolk.world.relationships import Cause, EdgeChange

        texts = self.texts.values
        cid = int(self.cause_id[row])
        cause = _bare(Cause, {"kind": texts[int(self.cause_kind[row])], "id": None if cid == NONE else texts[cid]},
                      _CAUSE_FIELDS, None)
        return _bare(EdgeChange, {"tick": int(self.tick[row]), "time": self.times.values[int(self.time[row])],
                                  "before": float(self.before[row]), "after": float(self.after[row]),
                                  "cause": cause, "reason": texts[int(self.reason[row])]},
                     _CHANGE_FIELDS, {"_row": row})

    def rewrite(self, row: int, *, reason: str | None = None, cause_kind: str | None = None,
                cause_id: str | None | bool = False) -> None:
        """Change a row's words or cause in place (only erasure does: a forgotten player's name goes);
        `cause_id=False` keeps the id."""
        if reason is not None:
            self.reason[row] = self.texts.code(reason)
        if cause_kind is not None:
            self.cause_kind[row] = self.texts.code(cause_kind)
        if cause_id is not False:
            self.cause_id[row] = NONE if cause_id is None else self.texts.code(str(cause_id))
        self.version += 1
