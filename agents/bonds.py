"""Bonds: the four axes of a directed pair, kept as sourced edges on the relationship graph.

familiarity (from interactions counted per day: a second chat on one day adds less, another day
counts fully), trust (disclosures, kept or broken promises), affinity (how interactions felt) and
tension (recent conflict, fading so nobody holds a grudge forever) are edge kinds like `partner`,
so each change carries its cause and `why` can explain a bond as it explains any tie.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from agents.bond_axes import (
    BondAxes,
    add_tension,
    fade_tension,
    familiarity_from_days,
    update_affinity,
    update_trust,
)
from world.relationships import Cause, Edge, EdgeChange
from world.world import World

BOND_KINDS = ("familiarity", "trust", "affinity", "tension")
INTERACTION = "interaction"
TENSION_HALF_LIFE_S = 3 * 86400.0


def axes(world: World, holder: str, other: str) -> BondAxes:
    """holder's view of other on the four axes (a stranger's defaults where no edge exists yet)."""
    base = BondAxes()
    values = {k: getattr(base, k) for k in BOND_KINDS}
    for kind in BOND_KINDS:
        edge = world.graph.get(holder, other, kind)
        if edge is not None:
            values[kind] = edge.strength
    return BondAxes(**values)


def _days(edge: Edge | None, now: datetime) -> list[int]:
    """Interactions per calendar day, read back from the familiarity edge's own history."""
    counts: Counter[str] = Counter()
    if edge is not None:
        for change in edge.history:
            if change.reason.startswith(INTERACTION):
                counts[change.time.date().isoformat()] += 1
    counts[now.date().isoformat()] += 1
    return [counts[d] for d in sorted(counts)]


def _set(world: World, holder: str, other: str, kind: str, value: float, cause: Cause, reason: str) -> EdgeChange:
    edge = world.graph.get(holder, other, kind)
    if edge is None:
        start = getattr(BondAxes(), kind)
        world.graph.set_edge(holder, other, kind, start, tick=world.tick, time=world.now, cause=cause, reason=reason)
    edge = world.graph.set_edge(holder, other, kind, round(min(1.0, max(0.0, value)), 4), tick=world.tick,
                                time=world.now, cause=cause, reason=reason)
    return edge.history[-1]


def record_interaction(world: World, a: str, b: str, *, cause: Cause, valence: float = 0.0,
                       trust_event: str | None = None, conflict: float = 0.0, note: str = "") -> list[EdgeChange]:
    """One interaction between a and b updates each NPC's bond toward the other (players keep none)."""
    changes: list[EdgeChange] = []
    for holder, other in ((a, b), (b, a)):
        if world.character(holder).is_player:
            continue
        current = axes(world, holder, other)
        fam = float(familiarity_from_days(_days(world.graph.get(holder, other, "familiarity"), world.now)))
        changes.append(_set(world, holder, other, "familiarity", fam, cause, f"{INTERACTION}: {note}".strip()))
        if valence:
            changes.append(_set(world, holder, other, "affinity",
                                float(update_affinity(current.affinity, valence, 1.0)), cause, note or "how it felt"))
        if trust_event:
            changes.append(_set(world, holder, other, "trust",
                                float(update_trust(current.trust, trust_event, 1.0)), cause, note or trust_event))
        if conflict > 0:
            changes.append(_set(world, holder, other, "tension", float(add_tension(current.tension, conflict)),
                                cause, note or "conflict"))
    return changes


def fade_tensions(world: World, *, min_step: float = 0.01) -> int:
    """Let every tension fade with time; record a change only once it has moved noticeably."""
    moved = 0
    for edge in world.graph.edges():
        if edge.kind != "tension" or edge.strength <= 0:
            continue
        last = edge.history[-1].time if edge.history else edge.since
        faded = float(fade_tension(edge.strength, max(0.0, (world.now - last).total_seconds()), TENSION_HALF_LIFE_S))
        if edge.strength - faded >= min_step:
            world.graph.set_edge(edge.source, edge.target, "tension", round(faded, 4), tick=world.tick,
                                 time=world.now, cause=Cause(kind="time"), reason="tension fades")
            moved += 1
    return moved
