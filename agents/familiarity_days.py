"""Interactions per calendar day for each familiarity edge, kept as they happen.

Familiarity is computed from how many interactions a pair had on each day (agents/bond_axes.py)
plus the days a seeded tie stands for. Reading both back from the edge's history on every
interaction made a telling cost O(the pair's history), and with histories in the change log
(world/edge_log.py) each read rebuilt every change as an object. Here the counts are read from the
history once, then moved by the interactions `record_interaction` itself records; an entry is
trusted only while the edge's change count and the log's rewrite version are what it last saw, so
any other writer (mediation, a load, an erasure rewrite) makes the next read start again from the
history: the same counts, the same floats.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from townsfolk.agents.bond_axes import units_from_familiarity
from townsfolk.world.relationships import RelationshipGraph

INTERACTION = "interaction"  # a change whose reason starts with this is one interaction (agents/bonds.py)


@dataclass
class DayCounts:
    """One familiarity edge's interactions by day (ISO date -> count) and its seeded days together."""

    row: int | None
    seen: tuple[int, int]  # (edge change count, log rewrite version) the counts were true for
    base_units: float
    days: Counter[str] = field(default_factory=Counter)

    def with_one_more(self, day: str) -> list[int]:
        """The per-day counts, oldest day first, with one more interaction on `day`."""
        counts = Counter(self.days)
        counts[day] += 1
        return [counts[d] for d in sorted(counts)]


_CACHE: WeakKeyDictionary[RelationshipGraph, dict[int, DayCounts]] = WeakKeyDictionary()


def _seen(graph: RelationshipGraph, row: int) -> tuple[int, int]:
    return int(graph.columns.count[row]), graph.log.version


def day_counts(graph: RelationshipGraph, holder: str, other: str) -> DayCounts:
    """holder's familiarity edge toward other as day counts (empty for a pair with no edge yet)."""
    row = graph.row_of(holder, other, "familiarity")
    if row is None:
        return DayCounts(row=None, seen=(0, 0), base_units=0.0)
    rows = _CACHE.setdefault(graph, {})
    cached = rows.get(row)
    if cached is not None and cached.seen == _seen(graph, row):
        return cached
    history = graph.view(row).history
    days: Counter[str] = Counter(c.time.date().isoformat() for c in history if c.reason.startswith(INTERACTION))
    base = 0.0
    if history and history[0].cause.kind == "seed":
        base = float(units_from_familiarity(max(c.after for c in history if c.cause.kind == "seed")))
    rows[row] = counts = DayCounts(row=row, seen=_seen(graph, row), base_units=base, days=days)
    return counts


def note_interaction(graph: RelationshipGraph, counts: DayCounts, day: str, *, seeded: bool) -> None:
    """After record_interaction wrote one interaction change on this edge: count it, so the entry
    stays true. A new edge (two changes at once) or a seed-caused change is read afresh next time."""
    if counts.row is None:
        return
    now = _seen(graph, counts.row)
    if seeded or now != (counts.seen[0] + 1, counts.seen[1]):
        _CACHE.get(graph, {}).pop(counts.row, None)
        return
    counts.days[day] += 1
    counts.seen = now
