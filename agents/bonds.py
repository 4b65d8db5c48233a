"""Bonds: the four axes of a directed pair, kept as sourced edges on the relationship graph.

familiarity (from interactions counted per day: a second chat on one day adds less, another day
counts fully; a tie the scenario starts with stands for days already counted, so counting continues), trust (disclosures, kept or broken promises), affinity (how interactions felt) and
tension (recent conflict, fading so nobody holds a grudge forever) are edge kinds like `partner`,
so each change carries its cause and `why` can explain a bond as it explains any tie.
"""

from __future__ import annotations

from datetime import datetime

import numpy as np

from townsfolk.agents.bond_axes import (
    BondAxes,
    add_tension,
    fade_tension,
    update_affinity,
    update_trust,
)
from townsfolk.agents.familiarity_days import day_counts, note_interaction
from townsfolk.world.py_round import round_like_python
from townsfolk.world.relationships import Cause, Edge, EdgeChange
from townsfolk.world.world import World

BOND_KINDS = ("familiarity", "trust", "affinity", "tension")
INTERACTION = "interaction"
TENSION_HALF_LIFE_S = 3 * 86400.0


_STRANGER = BondAxes()  # where a pair with no edge of a kind starts (read only)


def axes(world: World, holder: str, other: str) -> BondAxes:
    """holder's view of other on the four axes (a stranger's defaults where no edge exists yet)."""
    values = {k: getattr(_STRANGER, k) for k in BOND_KINDS}
    for kind in BOND_KINDS:
        edge = world.graph.get(holder, other, kind)
        if edge is not None:
            values[kind] = edge.strength
    return BondAxes(**values)


def _set(world: World, holder: str, other: str, kind: str, value: float, cause: Cause, reason: str,
         now: datetime | None = None, row: int | None = None) -> int:
    """Set one bond axis (`row`: the edge's, when the caller found it already); returns the change's
    row in the change log."""
    graph = world.graph
    now = world.now if now is None else now
    if row is None:
        row = graph.row_of(holder, other, kind)
    if row is None:
        start = getattr(_STRANGER, kind)
        row = graph.set_edge(holder, other, kind, start, tick=world.tick, time=now, cause=cause, reason=reason).row
    return graph.set_row(row, round(min(1.0, max(0.0, value)), 4), tick=world.tick, time=now, cause=cause,
                         reason=reason)


def record_interaction(world: World, a: str, b: str, *, cause: Cause, valence: float = 0.0,
                       trust_event: str | None = None, conflict: float = 0.0, note: str = "") -> list[EdgeChange]:
    """One interaction between a and b updates each NPC's bond toward the other (players keep none)."""
    change = world.graph.log.change  # each change just made, read alone (not the edge's whole history)
    return [change(r) for r in interaction_rows(world, a, b, cause=cause, valence=valence, trust_event=trust_event,
                                                conflict=conflict, note=note)]


def interaction_rows(world: World, a: str, b: str, *, cause: Cause, valence: float = 0.0,
                     trust_event: str | None = None, conflict: float = 0.0, note: str = "") -> list[int]:
    """`record_interaction`, returning the change-log rows it wrote instead of change objects (a
    telling's chat: nobody reads its two familiarity changes as objects)."""
    changes: list[int] = []
    graph, now = world.graph, world.now
    today, told = now.date().isoformat(), f"{INTERACTION}: {note}".strip()
    # the other axes move only with a feeling, a trust event or a conflict (a plain chat: familiarity only)
    felt = bool(valence or trust_event or conflict > 0)
    for holder, other in ((a, b), (b, a)):
        if world.character(holder).is_player:
            continue
        current = axes(world, holder, other) if felt else _STRANGER
        # a seeded tie is where counting continues: its implied history plus every day met since
        # (the per-day counts are kept as interactions happen: agents/familiarity_days.py)
        days = day_counts(graph, holder, other)
        fam = days.familiarity_with_one_more(today)
        changes.append(_set(world, holder, other, "familiarity", fam, cause, told, now, days.row))
        note_interaction(graph, days, today, seeded=cause.kind == "seed")
        if valence:
            changes.append(_set(world, holder, other, "affinity",
                                float(update_affinity(current.affinity, valence, 1.0)), cause, note or "how it felt", now))
        if trust_event:
            changes.append(_set(world, holder, other, "trust",
                                float(update_trust(current.trust, trust_event, 1.0)), cause, note or trust_event, now))
        if conflict > 0:
            changes.append(_set(world, holder, other, "tension", float(add_tension(current.tension, conflict)),
                                cause, note or "conflict", now))
    return changes


WRONG_SEEN_FROM = 0.4  # a claim this grave or worse, seen done, costs trust (a late delivery does not)


def wrong_seen(world: World, witness: str, doer: str, severity: float, *, wronged: bool, cause: Cause,
               note: str) -> list[int]:
    """Seeing someone do a wrong costs trust in them first of all ("wrong_seen", by how grave it was),
    and raises tension, most when the wrong was done to the witness: an eye-witnessed theft by a
    colleague moved the colleague tie and affinity but left trust and tension where they were
    (newcomer N-43). Returns the change-log rows; nothing below WRONG_SEEN_FROM or for a player."""
    if severity < WRONG_SEEN_FROM or witness == doer or world.character(witness).is_player:
        return []
    current = axes(world, witness, doer)
    rows = [_set(world, witness, doer, "trust", float(update_trust(current.trust, "wrong_seen", min(1.0, severity))),
                 cause, note)]
    conflict = severity * (0.6 if wronged else 0.2)
    rows.append(_set(world, witness, doer, "tension", float(add_tension(current.tension, conflict)), cause, note))
    return rows


def tie_prior(world: World, holder: str, other: str) -> float:
    """Where a first impression of someone starts: how much the holder already likes them
    (affinity 0.5 is neutral), so an old friend's first impression is warm, a stranger's neutral.
    (The affinity edge alone, as `axes` reads it: no other axis needed.)"""
    row = world.graph.row_of(holder, other, "affinity")
    affinity = _STRANGER.affinity if row is None else float(world.graph.columns.strength[row])
    return max(-1.0, min(1.0, 2.0 * (affinity - 0.5)))


def fade_tensions(world: World, *, min_step: float = 0.01) -> int:
    """Let every tension fade with time; record a change only once it has moved noticeably.
    One array pass over the edge columns (elapsed time from each edge's last logged change)."""
    graph = world.graph
    cols = graph.columns
    code = cols.kind_code.get("tension")
    if code is None:
        return 0
    n = cols.n
    rows = np.flatnonzero((cols.kind[:n] == code) & (cols.strength[:n] > 0))
    if not len(rows):
        return 0
    last = cols.times.seconds[graph.log.time[cols.tail[rows]]]
    strength = cols.strength[rows]
    faded = np.asarray(fade_tension(strength, np.maximum(0.0, cols.times.seconds_of(world.now) - last),
                                    TENSION_HALF_LIFE_S), dtype=float)
    moved = 0
    for r, f in zip(rows[strength - faded >= min_step].tolist(), faded[strength - faded >= min_step].tolist(),
                    strict=True):
        edge = graph.view(r)
        graph.set_edge(edge.source, edge.target, "tension", round(f, 4), tick=world.tick, time=world.now,
                       cause=Cause(kind="time"), reason="tension fades")
        moved += 1
    return moved


def seed_bonds(world: World, edge: Edge) -> None:
    """A relationship a scenario starts with implies a history: the bond axes it would have left."""
    if edge.kind in BOND_KINDS or world.character(edge.source).is_player:
        return
    cause = Cause(kind="seed")
    s = edge.strength
    current = axes(world, edge.source, edge.target)
    meaning = world.relation_kind(edge.kind)
    warm, cold = (meaning.warmth, meaning.coldness) if meaning is not None else (0.4, 0.0)
    values = {
        "familiarity": max(current.familiarity, 0.2 + 0.6 * s * max(warm, cold)),
        "trust": max(current.trust, 0.3 + 0.5 * s * warm) if not cold else current.trust,
        "affinity": max(current.affinity, 0.5 + 0.4 * s * warm) if not cold else min(current.affinity, 0.5 - 0.3 * s),
        "tension": max(current.tension, 0.4 * s * cold),
    }
    for kind, value in values.items():
        if abs(value - getattr(current, kind)) > 1e-9 or world.graph.get(edge.source, edge.target, kind) is None:
            label = meaning.label(world.language) if meaning is not None else edge.kind
            reason = f"由{label}关系而来" if world.language == "zh" else f"from the {label} tie"
            world.graph.set_edge(edge.source, edge.target, kind, round(min(1.0, value), 4), tick=0, time=world.now,
                                 cause=cause, reason=reason)


def seed_bonds_all(world: World) -> int:
    """`seed_bonds` for every tie in the graph at once (a generated town's build): the same bond
    edges, values, reasons and histories as calling it per edge in the graph's order, but a pair
    with one tie and no bond edge yet (nearly all of them) is done in one array pass. Pairs with
    several ties or bonds already set go through `seed_bonds` one by one. Returns the ties seeded."""
    graph = world.graph
    cols = graph.columns
    n = cols.n
    bond_codes = [cols.kind_code[k] for k in BOND_KINDS if k in cols.kind_code]
    player = np.zeros(len(cols.nodes), dtype=bool)
    for cid, ch in world.characters.items():
        if ch.is_player and cid in cols.node_row:
            player[cols.node_row[cid]] = True
    src, tgt, kind = cols.src[:n].astype(np.int64), cols.tgt[:n].astype(np.int64), cols.kind[:n]
    is_bond = np.isin(kind, bond_codes)
    ties = np.flatnonzero(~is_bond & ~player[src])
    if not len(ties):
        return 0
    pair = src * len(cols.nodes) + tgt
    # by sorted search, not np.isin (whose plain np.unique of 1M wide keys took a second at 100k NPCs)
    tie_keys = pair[ties]
    tie_pairs, tie_count = np.unique(tie_keys, return_counts=True)
    single = tie_count[np.searchsorted(tie_pairs, tie_keys)] == 1  # every key is among tie_pairs
    bond_pairs = np.sort(pair[is_bond])
    if len(bond_pairs):  # a pair with a bond edge already goes the one-by-one way
        single &= bond_pairs[np.minimum(np.searchsorted(bond_pairs, tie_keys), len(bond_pairs) - 1)] != tie_keys
    fast, slow = ties[single], ties[~single]
    base = BondAxes()
    meanings = [world.relation_kind(k) for k in cols.kinds]
    warm_of = np.array([m.warmth if m is not None else 0.4 for m in meanings])
    cold_of = np.array([m.coldness if m is not None else 0.0 for m in meanings])
    s, warm, cold = cols.strength[fast], warm_of[kind[fast]], cold_of[kind[fast]]
    # the same expressions as seed_bonds, evaluated in the same order, so every float is the same
    values = np.stack([
        np.maximum(base.familiarity, 0.2 + 0.6 * s * np.maximum(warm, cold)),
        np.where(cold != 0, base.trust, np.maximum(base.trust, 0.3 + 0.5 * s * warm)),
        np.where(cold != 0, np.minimum(base.affinity, 0.5 - 0.3 * s), np.maximum(base.affinity, 0.5 + 0.4 * s * warm)),
        np.maximum(base.tension, 0.4 * s * cold),
    ], axis=1).reshape(-1)
    # Python's round of min(1.0, v), as seed_bonds rounds (np.round can differ in the last bit)
    strengths = round_like_python(np.where(values < 1.0, values, 1.0), 4)
    zh = world.language == "zh"
    labels = [m.label(world.language) if m is not None else k for m, k in zip(meanings, cols.kinds, strict=True)]
    reason_code = np.array([cols.texts.code(f"由{label}关系而来" if zh else f"from the {label} tie") for label in labels],
                           dtype=np.int32)
    four = np.repeat(fast, len(BOND_KINDS))
    bond_code = np.array([cols.code(k) for k in BOND_KINDS], dtype=np.int64)
    graph.add_edge_rows(src[four], tgt[four], np.tile(bond_code, len(fast)), strengths, tick=0, time=world.now,
                        cause=Cause(kind="seed"), reason_codes=reason_code[kind[four]])
    for r in slow.tolist():
        seed_bonds(world, graph.view(r))
    return len(ties)
