"""A big first commit's edges as column blocks: the graph's arrays stored as they are, not as rows.

A generated 10k town starts with ~500k edges and as many seeded changes; as JSON rows (sim/edge_rows.py)
they were a million bodies made, indexed and written at the first commit (~12 s of CPU) and a million
parsed back at each load (~13 s). Here the first commit of a world with no players stores the edge
columns (world/edge_columns.py) and the change log (world/edge_log.py) of that moment as one blob per
array, with the tables their codes point into (nodes, kinds, times, texts) as JSON lists: the
`edge_block` table. Everything after it is rows as before: an edge that moves later is upserted
into `edge` (its row then says its state, over the block's), a later change is a row of
`edge_change` continuing the edge's history. Loading puts the arrays back by numpy (codes mapped
into the loading world's tables), then the rows over them, so the graph is the one that was saved,
in its own order of creation.

A world with players keeps rows only: a row naming a player is sealed under that player's key
(sim/crypto_shred.py), which a block of everyone's edges cannot be. A run without the table (saved
before it existed) or with an empty one loads from rows, as it always did.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
import orjson

from townsfolk.world.edge_columns import TAG_PREFIX
from townsfolk.world.edge_log import NONE
from townsfolk.world.relationships import _insert_new_edges

if TYPE_CHECKING:
    from townsfolk.world.world import World

EDGE_ARRAYS = ("src", "tgt", "kind", "strength", "since", "last_reinforced", "dormant", "seed_start",
               "tagged", "tail", "count")
LOG_ARRAYS = ("edge", "seq", "tick", "time", "before", "after", "cause_kind", "cause_id", "reason", "prev")
CODE_TABLES = ("nodes", "kinds", "times", "texts")
BLOCK_COLS = ("id", "dtype", "data")
JSON = "json"  # the dtype of a code table's row


def edge_block_rows(world: World) -> list[tuple[str, str, bytes]]:
    """The graph as it is now, as `edge_block` rows (id, dtype, data): one per array, one per code table."""
    c, log = world.graph.columns, world.graph.log
    rows = [(f"edge:{name}", getattr(c, name).dtype.str, getattr(c, name)[:c.n].tobytes()) for name in EDGE_ARRAYS]
    rows += [(f"log:{name}", getattr(log, name).dtype.str, getattr(log, name)[:log.n].tobytes()) for name in LOG_ARRAYS]
    tables = {"nodes": c.nodes, "kinds": c.kinds, "times": [t.isoformat() for t in c.times.values],
              "texts": c.texts.values}
    rows += [(f"codes:{name}", JSON, orjson.dumps(values)) for name, values in tables.items()]
    return rows


def _remap(table: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Stored codes as codes of the loading world's table (NONE stays NONE)."""
    out = np.full(len(codes), NONE, dtype=np.int64)
    known = codes != NONE
    out[known] = table[codes[known]]
    return out


def load_edge_blocks(world: World, blocks: dict[str, tuple[str, bytes]]) -> np.ndarray:
    """Put the stored arrays back into the world's graph; returns the rows they became (row i of the
    block is graph row result[i]). The rows of later commits are the caller's (`apply_rows`)."""
    graph = world.graph
    c, log, g = graph.columns, graph.log, graph.g
    missing = [k for k in (*(f"edge:{n}" for n in EDGE_ARRAYS), *(f"log:{n}" for n in LOG_ARRAYS),
                           *(f"codes:{n}" for n in CODE_TABLES)) if k not in blocks]
    if missing:
        raise ValueError(f"the stored edge blocks lack {', '.join(missing)}")

    def arr(key: str) -> np.ndarray:
        dtype, data = blocks[key]
        return np.frombuffer(bytes(data), dtype=np.dtype(dtype))

    tables = {name: orjson.loads(bytes(blocks[f"codes:{name}"][1])) for name in CODE_TABLES}
    nodes = tables["nodes"]
    unknown = [n for n in nodes if n not in g]
    if unknown:
        raise KeyError(f"unknown character {unknown[0]!r}")
    node_map = np.array([c.node(n) for n in nodes], dtype=np.int64)
    kind_map = np.array([c.code(k) for k in tables["kinds"]], dtype=np.int64)
    time_map = np.array([c.times.code(datetime.fromisoformat(t)) for t in tables["times"]], dtype=np.int64)
    text_map = np.array([c.texts.code(t) for t in tables["texts"]], dtype=np.int64)
    e = {name: arr(f"edge:{name}") for name in EDGE_ARRAYS}
    lg = {name: arr(f"log:{name}") for name in LOG_ARRAYS}
    n_edges, n_log = len(e["src"]), len(lg["edge"])
    if any(len(v) != n_edges for v in e.values()) or any(len(v) != n_log for v in lg.values()):
        raise ValueError("the stored edge blocks disagree on their lengths")
    strength = e["strength"]
    if n_edges and not ((strength >= 0.0) & (strength <= 1.0)).all():
        raise ValueError("a stored edge's strength is outside [0, 1]")
    src, tgt = node_map[e["src"]], node_map[e["tgt"]]
    kind = kind_map[e["kind"]]
    dormant = _remap(time_map, e["dormant"].astype(np.int64))
    rows = c.append(src, tgt, kind, strength, time_map[e["since"]], seed_start=e["seed_start"], tagged=e["tagged"],
                    dormant=dormant)
    c.last_reinforced[rows] = time_map[e["last_reinforced"]]
    base = log.n
    prev = lg["prev"].astype(np.int64)
    log.append_many(edge=rows[lg["edge"]], seq=lg["seq"], tick=lg["tick"], time=time_map[lg["time"]],
                    before=lg["before"], after=lg["after"], cause_kind=text_map[lg["cause_kind"]],
                    cause_id=_remap(text_map, lg["cause_id"].astype(np.int64)), reason=text_map[lg["reason"]],
                    prev=np.where(prev == NONE, NONE, prev + base))
    tail = e["tail"].astype(np.int64)
    c.tail[rows] = np.where(tail == NONE, NONE, tail + base)
    c.count[rows], c.dirty[rows] = e["count"], False
    names = np.array(c.nodes, dtype=object)
    kinds = np.array(c.kinds, dtype=object)
    for a in range(0, n_edges, 65536):  # networkx's own entries, in slices (as add_edge_rows makes them)
        part = slice(a, a + 65536)
        _insert_new_edges(g, names[src[part]].tolist(), names[tgt[part]].tolist(), kinds[kind[part]].tolist(),
                          rows[part].tolist())
    for r in rows[dormant != NONE].tolist():
        graph.dormant_edges[r] = None
    graph.pair_version += 1
    graph.version += 1
    return rows


def row_of(world: World, edge_id: str) -> int | None:
    """The graph row of an edge by its id (source|target|kind), None when there is none."""
    parts = edge_id.split("|")
    if len(parts) != 3:
        return None
    keyed = world.graph.g._succ.get(parts[0], {}).get(parts[1])  # noqa: SLF001
    data = None if keyed is None else keyed.get(parts[2])
    return None if data is None else int(data["row"])


def apply_rows(world: World, edge_rows: list[tuple[str, dict[str, Any]]],
               change_rows: list[tuple[str, dict[str, Any]]]) -> tuple[list, list]:
    """Rows of later commits over the loaded blocks: an edge row of a block edge sets its state, a
    change row of one continues its history. Returns the rows of edges the blocks do not hold (with
    their changes) for the row loader."""
    from townsfolk.sim.edge_rows import _DATETIME

    graph = world.graph
    c, log = graph.columns, graph.log
    texts, times = c.texts, c.times
    rest_edges, rest_changes = [], []
    for edge_id, body in edge_rows:
        r = row_of(world, edge_id)
        if r is None:
            rest_edges.append((edge_id, body))
            continue
        strength = float(body["strength"])
        if not 0.0 <= strength <= 1.0:
            raise ValueError(f"edge {edge_id}: strength must be in [0, 1], got {strength}")
        c.strength[r] = strength
        c.since[r] = times.code(_DATETIME.validate_python(body["since"]))
        c.last_reinforced[r] = times.code(_DATETIME.validate_python(body["last_reinforced"]))
        asleep = body.get("dormant_since")
        c.dormant[r] = NONE if asleep is None else times.code(_DATETIME.validate_python(asleep))
        if asleep is None:
            graph.dormant_edges.pop(r, None)
        else:
            graph.dormant_edges[r] = None
    for edge_id, ch in change_rows:
        r = row_of(world, edge_id)
        if r is None:  # an edge made after the blocks: the row loader's, with its edge row
            rest_changes.append((edge_id, ch))
            continue
        cause = ch["cause"]
        reason = ch.get("reason", "")
        cid = cause.get("id")
        row = log.append(edge=r, seq=int(c.count[r]), tick=int(ch["tick"]),
                         time=times.code(_DATETIME.validate_python(ch["time"])), before=float(ch["before"]),
                         after=float(ch["after"]), cause_kind=texts.code(str(cause["kind"])),
                         cause_id=NONE if cid is None else texts.code(str(cid)), reason=texts.code(reason),
                         prev=int(c.tail[r]))
        c.tail[r] = row
        c.count[r] += 1
        if reason.startswith(TAG_PREFIX):
            c.tagged[r] += 1
    return rest_edges, rest_changes



def block_slice(blocks: dict[str, tuple[str, bytes]], edges: list[tuple[str, dict[str, Any]]],
                fetch_changes: Callable[[list[str]], list[tuple[str, dict[str, Any]]]], *,
                source: str | None = None, target: str | None = None, either: str | None = None) -> tuple[list, list]:
    """For a reader of a few edges (sim/run_reader.py): the `edge` rows it read (`edges`, opened)
    with the block edges whose ends match (`source`, `target`, or `either` end) added, and all their
    changes, as a run saved as rows would hold them: an edge's row in `edge`, if it has one, over
    the block's; its history the block's changes, then its `edge_change` rows (`fetch_changes`:
    opened rows of those edge ids, in (edge id, seq) order). Both go to `load_edges` as rows do."""
    tables = {name: orjson.loads(bytes(blocks[f"codes:{name}"][1])) for name in CODE_TABLES}
    code_of = {n: i for i, n in enumerate(tables["nodes"])}

    def arr(key: str) -> np.ndarray:
        dtype, data = blocks[key]
        return np.frombuffer(bytes(data), dtype=np.dtype(dtype))

    src, tgt = arr("edge:src"), arr("edge:tgt")
    keep = np.ones(len(src), dtype=bool)
    for name, side in ((source, src), (target, tgt)):
        if name is not None:
            keep &= side == code_of.get(name, -2)
    if either is not None:
        c = code_of.get(either, -2)
        keep &= (src == c) | (tgt == c)
    picked = np.flatnonzero(keep).tolist()
    nodes, kinds, texts, times = tables["nodes"], tables["kinds"], tables["texts"], tables["times"]
    kind, strength = arr("edge:kind"), arr("edge:strength")
    since, fed, dormant = arr("edge:since"), arr("edge:last_reinforced"), arr("edge:dormant")
    id_of = {r: f"{nodes[int(src[r])]}|{nodes[int(tgt[r])]}|{kinds[int(kind[r])]}" for r in picked}
    rows = dict(edges)
    for r, eid in id_of.items():
        if eid not in rows:  # a row in `edge` (the edge moved later) says its state over the block's
            asleep = int(dormant[r])
            rows[eid] = {"source": nodes[int(src[r])], "target": nodes[int(tgt[r])], "kind": kinds[int(kind[r])],
                         "strength": float(strength[r]), "since": times[int(since[r])],
                         "last_reinforced": times[int(fed[r])], "dormant_since": None if asleep == NONE else times[asleep]}
    lg = {name: arr(f"log:{name}") for name in LOG_ARRAYS}
    history: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for r in np.flatnonzero(np.isin(lg["edge"], picked)).tolist():
        cid = int(lg["cause_id"][r])
        history.setdefault(id_of[int(lg["edge"][r])], []).append((int(lg["seq"][r]), {
            "tick": int(lg["tick"][r]), "time": times[int(lg["time"][r])], "before": float(lg["before"][r]),
            "after": float(lg["after"][r]),
            "cause": {"kind": texts[int(lg["cause_kind"][r])], "id": None if cid == NONE else texts[cid]},
            "reason": texts[int(lg["reason"][r])]}))
    later: dict[str, list[dict[str, Any]]] = {}
    for eid, body in fetch_changes(sorted(rows)):
        later.setdefault(eid, []).append(body)
    changes = []
    for eid in sorted(rows):
        changes += [(eid, body) for _seq, body in sorted(history.get(eid, []), key=lambda x: x[0])]
        changes += [(eid, body) for body in later.get(eid, [])]
    return sorted(rows.items()), changes
