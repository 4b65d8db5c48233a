"""The edge block of a commit: rows for edges changed since the last commit and for every edge
change logged since then, read straight from the graph's columns and change log.

The schema is the one edges always had (EdgeRow: one per edge, its body the `Edge` record without
history; EdgeChangeRow: one per change, keyed by edge id and its place in that edge's history), so
older runs load. What was saved is two numbers, not a dict per edge: edges are rows in creation
order and the log only grows, so "new" is a row past `EdgeSaved.edges` and the changes to write are
the log rows past `EdgeSaved.changes`. Loading rebuilds columns and log in one pass (`load_edges`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from townsfolk.sim.row_writer import Encoded
from townsfolk.world.edge_log import NONE
from townsfolk.world.relationships import RelationshipGraph

if TYPE_CHECKING:
    from townsfolk.memory.store import MemoryStore
    from townsfolk.sim.run_store import RunStore
    from townsfolk.world.world import World


_DATETIME = TypeAdapter(datetime)  # a time as pydantic writes it in every other body


@dataclass
class EdgeSaved:
    """How much of a graph a store holds: its first `edges` edge rows and `changes` log rows."""

    edges: int = 0
    changes: int = 0


class _Json:
    """JSON text of the graph's interned values, each encoded once per commit: a body is then a few
    string joins, not a pydantic object made and serialized (1M of them in a 10k town's first commit)."""

    def __init__(self, graph: RelationshipGraph) -> None:
        cols = graph.columns
        self.nodes, self.kinds = cols.nodes, cols.kinds
        self._texts, self._times = cols.texts.values, cols.times.values
        self._text_json: dict[int, str] = {}
        self._time_json: dict[int, str] = {}

    def text(self, code: int) -> str:
        out = self._text_json.get(code)
        if out is None:
            out = self._text_json[code] = json.dumps(self._texts[code], ensure_ascii=False)
        return out

    def time(self, code: int) -> str:
        out = self._time_json.get(code)
        if out is None:
            out = self._time_json[code] = _DATETIME.dump_json(self._times[code]).decode()
        return out


class _Quoted(dict):
    """The JSON of a name by its index, made on first use."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def __missing__(self, i: int) -> str:
        out = self[i] = json.dumps(self.names[i], ensure_ascii=False)
        return out


def edge_rows(store: RunStore, world: World, memory: MemoryStore, players: set[str],
              seal: Callable[..., Any], body_of: Callable[..., Any]
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """(new edge rows, moved edge rows keyed `b_id`, new change rows) since the last commit. Bodies
    are the JSON `Edge` (without history) and `EdgeChange` records dump as, written from the columns
    (`body_of` is kept for the signature: the records are never built here)."""
    graph = world.graph
    cols, log = graph.columns, graph.log
    saved: EdgeSaved = store._history_saved  # noqa: SLF001
    enc = _Json(graph)
    nodes, kinds = cols.nodes, cols.kinds
    node_json = _Quoted(nodes)  # only the nodes this commit's rows name (not all 10k each tick)
    kind_json = [json.dumps(x, ensure_ascii=False) for x in kinds]
    new_edges, moved_edges = [], []
    rows = graph.take_dirty_rows()
    fields = zip(rows.tolist(), cols.src[rows].tolist(), cols.tgt[rows].tolist(), cols.kind[rows].tolist(),
                 cols.strength[rows].tolist(), cols.since[rows].tolist(), cols.last_reinforced[rows].tolist(),
                 cols.dormant[rows].tolist(), strict=True)
    for r, si, ti, ki, strength, since, fed, dormant in fields:
        source, target, kind = nodes[si], nodes[ti], kinds[ki]
        body = Encoded(f'{{"source":{node_json[si]},"target":{node_json[ti]},"kind":{kind_json[ki]},'
                       f'"strength":{strength!r},"since":{enc.time(since)},"last_reinforced":{enc.time(fed)},'
                       f'"dormant_since":{"null" if dormant == NONE else enc.time(dormant)}}}')
        row = {"source": source, "target": target, "kind": kind, "strength": strength, "data": seal(body)}
        if r >= saved.edges:
            new_edges.append({"id": f"{source}|{target}|{kind}", **row})
        else:
            moved_edges.append({"b_id": f"{source}|{target}|{kind}", **row})
    change_rows = []
    span = slice(saved.changes, log.n)
    edge_of = log.edge[span]
    texts = cols.texts.values
    changes = zip(cols.src[edge_of].tolist(), cols.tgt[edge_of].tolist(), cols.kind[edge_of].tolist(),
                  log.seq[span].tolist(), log.tick[span].tolist(), log.time[span].tolist(), log.before[span].tolist(),
                  log.after[span].tolist(), log.cause_kind[span].tolist(), log.cause_id[span].tolist(),
                  log.reason[span].tolist(), strict=True)
    for si, ti, ki, seq, tick, when, before, after, ck, cid, reason in changes:
        source, target = nodes[si], nodes[ti]
        cause_kind, cause_id = texts[ck], None if cid == NONE else texts[cid]
        body = Encoded(f'{{"tick":{tick},"time":{enc.time(when)},"before":{before!r},"after":{after!r},'
                       f'"cause":{{"kind":{enc.text(ck)},"id":{"null" if cid == NONE else enc.text(cid)}}},'
                       f'"reason":{enc.text(reason)}}}')
        owners = None
        if players:
            owners = store._cause_owners(world, memory, cause_kind, cause_id, players)  # noqa: SLF001
            owners |= {p for p in (source, target) if p in players}
        change_rows.append({"edge_id": f"{source}|{target}|{kinds[ki]}", "seq": seq, "tick": tick,
                            "cause_kind": cause_kind, "cause_id": cause_id, "data": seal(body, owners)})
    saved.edges, saved.changes = cols.n, log.n
    return new_edges, moved_edges, change_rows


def load_edges(world: World, edge_rows: list[tuple[str, dict[str, Any]]],
               change_rows: list[tuple[str, dict[str, Any]]]) -> EdgeSaved:
    """Put saved edges back: `edge_rows` as (id, opened body) in id order, `change_rows` as (edge id,
    opened body) in (edge id, seq) order. Returns what the store now holds of the graph."""
    history: dict[str, list[tuple]] = {}
    parsed: dict[str, datetime] = {}

    def when(text: str | datetime) -> datetime:
        if isinstance(text, datetime):
            return text
        t = parsed.get(text)
        if t is None:
            t = parsed[text] = _DATETIME.validate_python(text)  # as pydantic read it into the record
        return t

    for edge_id, body in change_rows:
        cause = body["cause"]
        history.setdefault(edge_id, []).append((int(body["tick"]), when(body["time"]), float(body["before"]),
                                                float(body["after"]), str(cause["kind"]), cause.get("id"),
                                                body.get("reason", "")))

    def records():  # noqa: ANN202
        for edge_id, body in edge_rows:
            dormant = body.get("dormant_since")
            yield (body["source"], body["target"], body["kind"], float(body["strength"]), when(body["since"]),
                   when(body["last_reinforced"]), None if dormant is None else when(dormant), history.get(edge_id, []))

    world.graph.load_edges(records())
    return EdgeSaved(edges=world.graph.columns.n, changes=world.graph.log.n)
