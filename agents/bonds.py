"""Bonds: the four axes of a directed pair, kept as sourced edges on the relationship graph.

familiarity (from interactions counted per day: a second chat on one day adds less, another day
counts fully; a tie the scenario starts with stands for days already counted, so counting continues), trust (disclosures, kept or broken promises), affinity (how interactions felt) and
tension (recent conflict, fading so nobody holds a grudge forever) are edge kinds like `partner`,
so each change carries its cause and `why` can explain a bond as it explains any tie.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from townsfolk.agents.bond_axes import (
    BondAxes,
    add_tension,
    fade_tension,
    familiarity_from_days,
    units_from_familiarity,
    update_affinity,
    update_trust,
)
from townsfolk.world.relationships import Cause, Edge, EdgeChange
from townsfolk.world.world import World

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


def seeded_units(edge: Edge | None) -> float:
    """The days together a seeded familiarity stands for (0 for a pair that started as strangers)."""
    if edge is None or not edge.history or edge.history[0].cause.kind != "seed":
        return 0.0
    seeded = max(c.after for c in edge.history if c.cause.kind == "seed")
    return float(units_from_familiarity(seeded))


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
        fam_edge = world.graph.get(holder, other, "familiarity")
        # a seeded tie is where counting continues: its implied history plus every day met since
        fam = float(familiarity_from_days(_days(fam_edge, world.now), base_units=seeded_units(fam_edge)))
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


def tie_prior(world: World, holder: str, other: str) -> float:
    """Where a first impression of someone starts: how much the holder already likes them
    (affinity 0.5 is neutral), so an old friend's first impression is warm, a stranger's neutral."""
    return max(-1.0, min(1.0, 2.0 * (axes(world, holder, other).affinity - 0.5)))


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


WARM = {"family": 1.0, "romance": 1.0, "friend": 0.9, "partner": 0.8, "mentor": 0.8, "neighbour": 0.6,
        "colleague": 0.6, "customer": 0.5, "acquaintance": 0.4}
COLD = {"rival": 0.5, "creditor": 0.2, "debtor": 0.2}
KIND_ZH = {"family": "亲人", "romance": "恋人", "friend": "朋友", "partner": "合作", "mentor": "师徒", "neighbour": "邻居",
           "colleague": "同事", "customer": "主顾", "acquaintance": "相识", "rival": "对头", "creditor": "债主",
           "debtor": "欠债"}


def seed_bonds(world: World, edge: Edge) -> None:
    """A relationship a scenario starts with implies a history: the bond axes it would have left."""
    if edge.kind in BOND_KINDS or world.character(edge.source).is_player:
        return
    cause = Cause(kind="seed")
    s = edge.strength
    current = axes(world, edge.source, edge.target)
    warm, cold = WARM.get(edge.kind, 0.4), COLD.get(edge.kind, 0.0)
    values = {
        "familiarity": max(current.familiarity, 0.2 + 0.6 * s * max(warm, cold)),
        "trust": max(current.trust, 0.3 + 0.5 * s * warm) if not cold else current.trust,
        "affinity": max(current.affinity, 0.5 + 0.4 * s * warm) if not cold else min(current.affinity, 0.5 - 0.3 * s),
        "tension": max(current.tension, 0.4 * s * cold),
    }
    for kind, value in values.items():
        if abs(value - getattr(current, kind)) > 1e-9 or world.graph.get(edge.source, edge.target, kind) is None:
            reason = (f"由{KIND_ZH.get(edge.kind, edge.kind)}关系而来" if world.language == "zh"
                      else f"from the {edge.kind} tie")
            world.graph.set_edge(edge.source, edge.target, kind, round(min(1.0, value), 4), tick=0, time=world.now,
                                 cause=cause, reason=reason)
