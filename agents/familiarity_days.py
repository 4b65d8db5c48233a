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

from dataclasses import dataclass, field

import numpy as np

from townsfolk.agents.bond_axes import (
    FAMILIARITY_HALF_UNITS,
    SAME_DAY_DECAY,
    familiarity_from_days,
)
from townsfolk.world.relationships import RelationshipGraph

INTERACTION = "interaction"  # a change whose reason starts with this is one interaction (agents/bonds.py)
EXACT_UP_TO = 40  # interactions in one day: each day's units are then short binary fractions, summed exactly


@dataclass(slots=True)
class DayCounts:
    """One familiarity edge's interactions by day (ISO date -> count) and its seeded days together
    (slots: a tick's tellings make one per first meeting, and read their fields on every chat)."""

    row: int | None
    seen: tuple[int, int]  # (edge change count, log rewrite version) the counts were true for
    base_units: float
    days: dict[str, int] = field(default_factory=dict)

    def with_one_more(self, day: str) -> list[int]:
        """The per-day counts, oldest day first, with one more interaction on `day`."""
        counts = dict(self.days)
        counts[day] = counts.get(day, 0) + 1
        return [counts[d] for d in sorted(counts)]

    def familiarity_with_one_more(self, day: str) -> float:
        """`familiarity_from_days(self.with_one_more(day), base_units=...)`, the same float without
        numpy's per-call cost: a day's units (1 - r**n) / (1 - r) with r = 1/2 are short binary
        fractions, so their sum is exact in any order; the rest is the same steps as there."""
        days = self.days
        if SAME_DAY_DECAY == 0.5:
            if not days:  # a first meeting: one day of one, (1 - r) / (1 - r) = 1.0
                return _saturated(1.0 + self.base_units)
            if len(days) == 1 and day in days and days[day] < EXACT_UP_TO:  # met again today, the one day
                return _saturated(0.0 + (1.0 - SAME_DAY_DECAY ** (days[day] + 1)) / (1.0 - SAME_DAY_DECAY)
                                  + self.base_units)
        counts = self.with_one_more(day)
        if SAME_DAY_DECAY != 0.5 or max(counts) > EXACT_UP_TO:
            return float(familiarity_from_days(counts, base_units=self.base_units))
        units = 0.0
        for n in counts:
            units += (1.0 - SAME_DAY_DECAY ** n) / (1.0 - SAME_DAY_DECAY)
        return _saturated(units + self.base_units)


# One float in, one float out, through numpy's own exp2 / log2 (so the same bits as before); the
# arguments repeat (a seeded tie's strength has four decimals, a day's units are short fractions),
# so each is worked out once. Cleared when large: a map, not a record.
_SATURATED: dict[float, float] = {}
_UNITS: dict[float, float] = {}
_MEMO_LIMIT = 1 << 16


def _saturated(units: float) -> float:
    """`1 - 2 ** (-units / FAMILIARITY_HALF_UNITS)`, as familiarity_from_days works it out."""
    f = _SATURATED.get(units)
    if f is None:
        if len(_SATURATED) > _MEMO_LIMIT:
            _SATURATED.clear()
        f = _SATURATED[units] = float(1.0 - np.exp2(-units / FAMILIARITY_HALF_UNITS))
    return f


def _units(familiarity: float) -> float:
    """`units_from_familiarity` of one float: the same clip and steps, without the array handling."""
    u = _UNITS.get(familiarity)
    if u is None:
        if len(_UNITS) > _MEMO_LIMIT:
            _UNITS.clear()
        f = min(max(familiarity, 0.0), 1.0 - 1e-9)
        u = _UNITS[familiarity] = float(-FAMILIARITY_HALF_UNITS * np.log2(1.0 - f))
    return u


def _seen(graph: RelationshipGraph, row: int) -> tuple[int, int]:
    return int(graph.columns.count[row]), graph.log.version


def _kept(graph: RelationshipGraph) -> dict[int, DayCounts]:
    kept = graph.derived.get("day_counts")
    if kept is None:
        kept = graph.derived["day_counts"] = {}
    return kept


def day_counts(graph: RelationshipGraph, holder: str, other: str) -> DayCounts:
    """holder's familiarity edge toward other as day counts (empty for a pair with no edge yet)."""
    row = graph.row_of(holder, other, "familiarity")
    if row is None:
        return DayCounts(row=None, seen=(0, 0), base_units=0.0)
    kept = _kept(graph)
    cached = kept.get(row)
    seen = _seen(graph, row)
    if cached is not None and cached.seen == seen:
        return cached
    log = graph.log
    if seen[0] == 1:  # one change (a seeded tie met for the first time, most of a big town's meetings)
        r = int(graph.columns.tail[row])
        kept[row] = counts = _one_change(graph, row, seen, int(log.time[r]), int(log.reason[r]),
                                         int(log.cause_kind[r]), float(log.after[r]))
        return counts
    return _read(graph, row, seen, kept)


def day_counts_of_rows(graph: RelationshipGraph, rows: list[int], counts: list[int]) -> list[DayCounts]:
    """`day_counts` of familiarity edges already found (`rows`, each with its change count), many
    at once: a tick's tellings meet mostly for the first time, and their single changes are read
    from the change log in one gather instead of a few numpy reads each. Each row at most once."""
    kept = _kept(graph)
    version = graph.log.version
    out: list[DayCounts | None] = [None] * len(rows)
    single = []
    for i, (row, n) in enumerate(zip(rows, counts, strict=True)):
        cached = kept.get(row)
        if cached is not None and cached.seen == (n, version):
            out[i] = cached
        elif n == 1:
            single.append(i)
        else:
            out[i] = _read(graph, row, (n, version), kept)
    if single:
        log = graph.log
        texts, times = log.texts.values, log.times.values
        tails = graph.columns.tail[np.array([rows[i] for i in single], dtype=np.int64)]
        # `_one_change` of each, its codes' words looked at once per code (a run's first meetings share
        # a few times, reasons and causes)
        day_at: dict[int, str] = {}
        counted: dict[int, bool] = {}
        seeded: dict[int, bool] = {}
        for i, t, reason, cause, after in zip(single, log.time[tails].tolist(), log.reason[tails].tolist(),
                                              log.cause_kind[tails].tolist(), log.after[tails].tolist(), strict=True):
            one = counted.get(reason)
            if one is None:
                one = counted[reason] = texts[reason].startswith(INTERACTION)
            if one:
                day = day_at.get(t)
                if day is None:
                    day = day_at[t] = times[t].date().isoformat()
                days = {day: 1}
            else:
                days = {}
            seed = seeded.get(cause)
            if seed is None:
                seed = seeded[cause] = texts[cause] == "seed"
            kept[rows[i]] = out[i] = DayCounts(row=rows[i], seen=(1, version),
                                               base_units=_units(after) if seed else 0.0, days=days)
    return out  # type: ignore[return-value]


# a seeded tie's strength -> (its familiarity after one interaction, its units as `_units` gives them)
_FIRST_CHAT: dict[float, tuple[float, float]] = {}


def chat_once_each(graph: RelationshipGraph, rows: list[int], counts: list[int], day: str) -> list[float]:
    """One more interaction on `day` for each familiarity edge (`rows`, each with its change count,
    each at most once): its familiarity after it, as the change records it (`familiarity_with_one_more`
    clipped and rounded to 4 places), and its entry moved past the change about to be written
    (`note_interaction`: counted on its day, true for one change more). `day_counts_of_rows`, the
    familiarity and the note in one pass; a seeded tie met for the first time (most of a town's
    tellings) is one lookup of its seeded strength and its entry made as it stands after the change."""
    kept = _kept(graph)
    version = graph.log.version
    after = [0.0] * len(rows)
    single = []
    for i, (row, n) in enumerate(zip(rows, counts, strict=True)):
        cached = kept.get(row)
        if cached is not None and cached.seen == (n, version):
            after[i] = _one_more(cached, day, n, version)
        elif n == 1:
            single.append(i)
        else:
            after[i] = _one_more(_read(graph, row, (n, version), kept), day, n, version)
    if single:  # `_one_change` of each, read from the change log in one gather, its codes' words once per code
        log = graph.log
        texts, times = log.texts.values, log.times.values
        tails = graph.columns.tail[np.array([rows[i] for i in single], dtype=np.int64)]
        counted: dict[int, bool] = {}
        seeded: dict[int, bool] = {}
        for i, t, reason, cause, strength in zip(single, log.time[tails].tolist(), log.reason[tails].tolist(),
                                                 log.cause_kind[tails].tolist(), log.after[tails].tolist(),
                                                 strict=True):
            one = counted.get(reason)
            if one is None:
                one = counted[reason] = texts[reason].startswith(INTERACTION)
            seed = seeded.get(cause)
            if seed is None:
                seed = seeded[cause] = texts[cause] == "seed"
            row = rows[i]
            if seed and not one:  # no interaction yet: the seeded days alone, one interaction on `day` after
                first = _FIRST_CHAT.get(strength)
                if first is None:
                    if len(_FIRST_CHAT) > _MEMO_LIMIT:
                        _FIRST_CHAT.clear()
                    fresh = DayCounts(None, (0, 0), _units(strength))
                    first = _FIRST_CHAT[strength] = (
                        round(min(1.0, max(0.0, fresh.familiarity_with_one_more(day))), 4), fresh.base_units)
                # (positional: the dataclass's keyword handling was a third of the entry's cost)
                kept[row] = DayCounts(row, (2, version), first[1], {day: 1})
                after[i] = first[0]
                continue
            days = {times[t].date().isoformat(): 1} if one else {}
            kept[row] = counts_of = DayCounts(row=row, seen=(1, version),
                                              base_units=_units(strength) if seed else 0.0, days=days)
            after[i] = _one_more(counts_of, day, 1, version)
    return after


def _one_more(counts: DayCounts, day: str, n: int, version: int) -> float:
    """The familiarity one more interaction on `day` gives (clipped, rounded as the change is), and
    the entry counting it, true for the edge's n + 1 changes."""
    f = round(min(1.0, max(0.0, counts.familiarity_with_one_more(day))), 4)
    counts.days[day] = counts.days.get(day, 0) + 1
    counts.seen = (n + 1, version)
    return f


def _one_change(graph: RelationshipGraph, row: int, seen: tuple[int, int], time: int, reason: int, cause: int,
                after: float) -> DayCounts:
    """The counts of an edge with one change (its time, reason, cause kind codes and strength after)."""
    texts = graph.log.texts.values
    days = {graph.log.times.values[time].date().isoformat(): 1} if texts[reason].startswith(INTERACTION) else {}
    base = _units(after) if texts[cause] == "seed" else 0.0
    return DayCounts(row=row, seen=seen, base_units=base, days=days)


def _read(graph: RelationshipGraph, row: int, seen: tuple[int, int], kept: dict[int, DayCounts]) -> DayCounts:
    """The counts of an edge with several changes, walked back through the change log."""
    log, texts, times = graph.log, graph.log.texts.values, graph.log.times.values
    # the edge's history, read from the change log's columns (no change objects built)
    days: dict[str, int] = {}
    seeded: list[float] = []
    changes = log.rows_of(int(graph.columns.tail[row]))
    for r in changes:
        if texts[int(log.reason[r])].startswith(INTERACTION):
            d = times[int(log.time[r])].date().isoformat()
            days[d] = days.get(d, 0) + 1
        if texts[int(log.cause_kind[r])] == "seed":
            seeded.append(float(log.after[r]))
    first_seeded = bool(changes) and texts[int(log.cause_kind[changes[0]])] == "seed"
    base = _units(max(seeded)) if first_seeded else 0.0
    kept[row] = counts = DayCounts(row=row, seen=seen, base_units=base, days=days)
    return counts


def note_interaction(graph: RelationshipGraph, counts: DayCounts, day: str, *, seeded: bool) -> None:
    """After record_interaction wrote one interaction change on this edge: count it, so the entry
    stays true. A new edge (two changes at once) or a seed-caused change is read afresh next time."""
    if counts.row is None:
        return
    now = _seen(graph, counts.row)
    if seeded or now != (counts.seen[0] + 1, counts.seen[1]):
        _kept(graph).pop(counts.row, None)
        return
    counts.days[day] = counts.days.get(day, 0) + 1
    counts.seen = now
