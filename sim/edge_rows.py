"""The edge block of a commit: rows for edges changed since the last commit and for every edge
change logged since then, read straight from the graph's columns and change log.

The schema is the one edges always had (EdgeRow: one per edge, its body the `Edge` record without
history; EdgeChangeRow: one per change, keyed by edge id and its place in that edge's history), so
older runs load. What was saved is two numbers, not a dict per edge: edges are rows in creation
order and the log only grows, so "new" is a row past `EdgeSaved.edges` and the changes to write are
the log rows past `EdgeSaved.changes`. Loading rebuilds columns and log in one pass (`load_edges`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from townsfolk.world.edge_log import NONE
from townsfolk.world.relationships import Cause, Edge, EdgeChange

if TYPE_CHECKING:
    from townsfolk.memory.store import MemoryStore
    from townsfolk.sim.run_store import RunStore
    from townsfolk.world.world import World


@dataclass
class EdgeSaved:
    """How much of a graph a store holds: its first `edges` edge rows and `changes` log rows."""

    edges: int = 0
    changes: int = 0


def edge_rows(store: RunStore, world: World, memory: MemoryStore, players: set[str],
              seal: Callable[..., Any], body_of: Callable[..., Any]
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """(new edge rows, moved edge rows keyed `b_id`, new change rows) since the last commit."""
    graph = world.graph
    cols, log = graph.columns, graph.log
    saved: EdgeSaved = store._history_saved  # noqa: SLF001
    nodes, kinds, times = cols.nodes, cols.kinds, cols.times.values
    new_edges, moved_edges = [], []
    for r in graph.take_dirty_rows().tolist():
        source, target, kind = nodes[int(cols.src[r])], nodes[int(cols.tgt[r])], kinds[int(cols.kind[r])]
        dormant = int(cols.dormant[r])
        strength = float(cols.strength[r])
        record = Edge.model_construct(source=source, target=target, kind=kind, strength=strength,
                                      since=times[int(cols.since[r])],
                                      last_reinforced=times[int(cols.last_reinforced[r])],
                                      dormant_since=None if dormant == NONE else times[dormant], history=[])
        row = {"source": source, "target": target, "kind": kind, "strength": strength,
               "data": seal(body_of(record, exclude={"history"}))}
        if r >= saved.edges:
            new_edges.append({"id": f"{source}|{target}|{kind}", **row})
        else:
            moved_edges.append({"b_id": f"{source}|{target}|{kind}", **row})
    change_rows = []
    for r in range(saved.changes, log.n):
        e = int(log.edge[r])
        source, target = nodes[int(cols.src[e])], nodes[int(cols.tgt[e])]
        change = log.change(r)
        owners = None
        if players:
            owners = store._cause_owners(world, memory, change.cause.kind, change.cause.id, players)  # noqa: SLF001
            owners |= {p for p in (source, target) if p in players}
        change_rows.append({"edge_id": f"{source}|{target}|{kinds[int(cols.kind[e])]}", "seq": int(log.seq[r]),
                            "tick": change.tick, "cause_kind": change.cause.kind, "cause_id": change.cause.id,
                            "data": seal(body_of(change), owners)})
    saved.edges, saved.changes = cols.n, log.n
    return new_edges, moved_edges, change_rows


def load_edges(world: World, edge_rows: list[tuple[str, dict[str, Any]]],
               change_rows: list[tuple[str, dict[str, Any]]]) -> EdgeSaved:
    """Put saved edges back: `edge_rows` as (id, opened body) in id order, `change_rows` as (edge id,
    opened body) in (edge id, seq) order. Returns what the store now holds of the graph."""
    history: dict[str, list[EdgeChange]] = {}
    parsed: dict[str, datetime] = {}

    def when(text: str | datetime) -> datetime:
        if isinstance(text, datetime):
            return text
        t = parsed.get(text)
        if t is None:
            t = parsed[text] = datetime.fromisoformat(text)
        return t

    for edge_id, body in change_rows:
        cause = body.get("cause") or {}
        history.setdefault(edge_id, []).append(EdgeChange(
            tick=body["tick"], time=when(body["time"]), before=body["before"], after=body["after"],
            cause=Cause(kind=cause["kind"], id=cause.get("id")), reason=body.get("reason", "")))

    def records():  # noqa: ANN202
        for edge_id, body in edge_rows:
            dormant = body.get("dormant_since")
            yield Edge(source=body["source"], target=body["target"], kind=body["kind"], strength=body["strength"],
                       since=when(body["since"]), last_reinforced=when(body["last_reinforced"]),
                       dormant_since=None if dormant is None else when(dormant), history=history.get(edge_id, []))

    world.graph.load_edges(records())
    return EdgeSaved(edges=world.graph.columns.n, changes=world.graph.log.n)
