"""The edge block of a commit: rows for edges changed since the last commit and for every edge
change logged since then, read straight from the graph's columns and change log.

The schema is the one edges always had (EdgeRow: one per edge, its body the `Edge` record without
history; EdgeChangeRow: one per change, keyed by edge id and its place in that edge's history), so
older runs load; an edge row also holds its graph row (`seq`, since session 19), which a load puts
it back at (`creation_order`: a commit's edges are written in name order). What was saved is two numbers, not a dict per edge: edges are rows in creation
order and the log only grows, so "new" is a row past `EdgeSaved.edges` and the changes to write are
the log rows past `EdgeSaved.changes`. Loading rebuilds columns and log in one pass (`load_edges`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np
import orjson
from pydantic import TypeAdapter

from townsfolk.sim.row_writer import Encoded
from townsfolk.world.edge_columns import TAG_PREFIX
from townsfolk.world.edge_log import NONE
from townsfolk.world.relationships import _insert_new_edges

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
    # the JSON of each code written so far, kept from commit to commit (made afresh per commit, the
    # same few dozen names and times were encoded again every tick); the graph's tables only grow
    codes: _Codes | None = field(default=None, repr=False, compare=False)
    blocks: bool = False  # the store holds edges as column blocks (sim/edge_blocks.py): moved ones are upserted


def json_text(value: Any) -> str:
    """JSON text of a name or text as `json.dumps(value, ensure_ascii=False)` writes it (the same
    escapes, property-tested), by orjson: a tick's new reasons and causes were ~0.2 ms of a 10k
    town's commit in the standard library's encoder. A lone surrogate, which orjson refuses, and
    anything not a str go through json."""
    if type(value) is str:
        try:
            return orjson.dumps(value).decode()
        except TypeError:
            pass
    return json.dumps(value, ensure_ascii=False)


class _Coded(dict):
    """The JSON text of a code (a node, a time, a text) by the code, made on first use: a body is
    then a few string joins, not a pydantic object made and serialized (1M of them in a 10k town's
    first commit), and a code seen before costs one dict lookup."""

    def __init__(self, make: Callable[[int], str]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, code: int) -> str:
        out = self[code] = self.make(code)
        return out


FLOATS_KEPT = 200_000  # distinct strengths whose text a store keeps between commits


class _Codes:
    """The JSON texts of one graph's codes: its nodes, times, texts and strengths, each made once."""

    def __init__(self, cols: Any) -> None:
        self.columns = cols
        nodes, texts, times = cols.nodes, cols.texts.values, cols.times.values
        self.nodes = _Coded(lambda i: json_text(nodes[i]))  # only the nodes rows name
        self.times = _Coded(lambda c: _DATETIME.dump_json(times[c]).decode())
        self.times[NONE] = "null"
        self.texts = _Coded(lambda c: json_text(texts[c]))
        self.texts[NONE] = "null"
        # strengths repeat (a seeded town has a few hundred): repr once each; zero is written as it
        # is (0.0 and -0.0 are one dict key)
        self.floats = _Coded(repr)
        # a time as the text a block's body column holds (the JSON string above, unquoted)
        self.time_texts = _Coded(lambda c: _DATETIME.dump_python(times[c], mode="json"))
        self.time_texts[NONE] = None
        self._names: tuple[int, np.ndarray] = (-1, np.zeros(0, dtype=object))

    def node_names(self) -> np.ndarray:
        """The graph's node ids as an object array (made again when the cast grew), for gathers."""
        nodes = self.columns.nodes
        if self._names[0] != len(nodes):
            self._names = (len(nodes), np.array(nodes, dtype=object))
        return self._names[1]


def _codes_of(saved: EdgeSaved, cols: Any) -> _Codes:
    """The store's code texts for this graph's columns (made afresh for another graph, or when the
    strengths kept grew past FLOATS_KEPT)."""
    if saved.codes is None or saved.codes.columns is not cols or len(saved.codes.floats) > FLOATS_KEPT:
        saved.codes = _Codes(cols)
    return saved.codes


EDGE_COLS = ("id", "source", "target", "kind", "strength", "seq", "data")  # seq: the graph row (creation order)
MOVED_COLS = ("strength", "data")  # then the id, for UPDATE ... WHERE id = ?
# (the ends and kind are in the id and never move: set again, they rewrote both edge indexes per row,
# two of every three pages a tick's edge updates dirtied)
CHANGE_COLS = ("edge_id", "seq", "tick", "cause_kind", "cause_id", "data")


def edge_rows(store: RunStore, world: World, memory: MemoryStore, players: set[str],
              seal: Callable[..., Any], body_of: Callable[..., Any], *, full_rows: bool = False,
              columns: bool = False) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """(new edge rows as EDGE_COLS, moved edge rows as MOVED_COLS + id (as EDGE_COLS when the store
    holds blocks: `EdgeSaved.blocks`), new change rows as
    CHANGE_COLS) since the last commit, as tuples (moved ones as EDGE_COLS with `full_rows` too: the
    store holds edges in row blocks, sim/row_blocks.py). Bodies are the JSON `Edge` (without history) and
    `EdgeChange` records dump as, written from the columns (`body_of` is kept for the signature:
    the records are never built here), as JSON text (insert them with `encoded=True`); sealed
    (`seal`) only in a world with players. With `columns` (a row block's rows, no players: moved
    edges as EDGE_COLS) a body is not text but the tuple of the values the row's other columns do
    not hold (sim/row_blocks.py `BODY_COLS`): a block stores them as columns, no text made per row."""
    graph = world.graph
    cols, log = graph.columns, graph.log
    saved: EdgeSaved = store._history_saved  # noqa: SLF001
    nodes, kinds, texts = cols.nodes, cols.kinds, cols.texts.values
    codes = _codes_of(saved, cols)
    node_json, time_json, text_json, float_json = codes.nodes, codes.times, codes.texts, codes.floats
    kind_json = [json_text(x) for x in kinds]
    new_edges, moved_edges = [], []
    rows = graph.take_dirty_rows()
    first_new = saved.edges
    edge_id: dict[int, str] = {}  # row -> its id, for this commit's change rows
    if columns:
        return _column_rows(graph, saved, codes, rows, edge_id)
    fields = _edge_fields(cols, rows)
    for r, si, ti, ki, strength, since, fed, dormant in fields:
        source, target, kind = nodes[si], nodes[ti], kinds[ki]
        eid = edge_id[r] = f"{source}|{target}|{kind}"
        body = (f'{{"source":{node_json[si]},"target":{node_json[ti]},"kind":{kind_json[ki]},'
                f'"strength":{float_json[strength] if strength else repr(strength)},"since":{time_json[since]},"last_reinforced":{time_json[fed]},'
                f'"dormant_since":{time_json[dormant]}}}')
        if players:
            body = seal(Encoded(body))
        if r >= first_new:
            new_edges.append((eid, source, target, kind, strength, r, body))
        elif saved.blocks or full_rows:  # maybe in the blocks only, with no row yet: the whole row, for an upsert
            moved_edges.append((eid, source, target, kind, strength, r, body))
        else:
            moved_edges.append((strength, body, eid))
    change_rows = []
    span = slice(saved.changes, log.n)
    edge_of = log.edge[span].tolist()
    _name_changed(cols, edge_of, edge_id)
    changes = zip(edge_of, log.seq[span].tolist(), log.tick[span].tolist(), log.time[span].tolist(),
                  log.before[span].tolist(), log.after[span].tolist(), log.cause_kind[span].tolist(),
                  log.cause_id[span].tolist(), log.reason[span].tolist(), strict=True)
    for r, seq, tick, when, before, after, ck, cid, reason in changes:
        cause_kind, cause_id = texts[ck], None if cid == NONE else texts[cid]
        body = (f'{{"tick":{tick},"time":{time_json[when]},"before":{float_json[before] if before else repr(before)},'
                f'"after":{float_json[after] if after else repr(after)},'
                f'"cause":{{"kind":{text_json[ck]},"id":{text_json[cid]}}},"reason":{text_json[reason]}}}')
        if players:
            owners = store._cause_owners(world, memory, cause_kind, cause_id, players)  # noqa: SLF001
            owners |= {p for p in (nodes[int(cols.src[r])], nodes[int(cols.tgt[r])]) if p in players}
            body = seal(Encoded(body), owners)
        change_rows.append((edge_id[r], seq, tick, cause_kind, cause_id, body))
    saved.edges, saved.changes = cols.n, log.n
    return new_edges, moved_edges, change_rows



def _edge_fields(cols: Any, rows: np.ndarray) -> Any:
    """The dirty rows' (row, src, tgt, kind, strength, since, last_reinforced, dormant), as Python values."""
    return zip(rows.tolist(), cols.src[rows].tolist(), cols.tgt[rows].tolist(), cols.kind[rows].tolist(),
               cols.strength[rows].tolist(), cols.since[rows].tolist(), cols.last_reinforced[rows].tolist(),
               cols.dormant[rows].tolist(), strict=True)


def _name_changed(cols: Any, edge_of: list[int], edge_id: dict[int, str]) -> None:
    """The id of each edge a change row names that this commit did not write itself."""
    nodes, kinds = cols.nodes, cols.kinds
    for r in dict.fromkeys(edge_of):
        if r not in edge_id:
            c_row = int(r)
            edge_id[r] = f"{nodes[int(cols.src[c_row])]}|{nodes[int(cols.tgt[c_row])]}|{kinds[int(cols.kind[c_row])]}"

def _column_rows(graph: Any, saved: EdgeSaved, codes: _Codes, rows: np.ndarray, edge_id: dict[int, str]
                 ) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """`edge_rows` for a row block: EDGE_COLS and CHANGE_COLS rows whose body is the tuple of its
    values no other column holds, (since, last_reinforced, dormant_since) and (time, before,
    after, reason), times as their JSON text unquoted (sim/row_blocks.py `BODY_COLS`)."""
    cols, log = graph.columns, graph.log
    nodes, kinds, texts = cols.nodes, cols.kinds, cols.texts.values
    times = codes.time_texts
    new_edges, moved_edges = [], []
    first_new = saved.edges
    fields = _edge_fields(cols, rows)
    for r, si, ti, ki, strength, since, fed, dormant in fields:
        source, target, kind = nodes[si], nodes[ti], kinds[ki]
        eid = edge_id[r] = f"{source}|{target}|{kind}"
        (new_edges if r >= first_new else moved_edges).append(
            (eid, source, target, kind, strength, r, (times[since], times[fed], times[dormant])))
    span = slice(saved.changes, log.n)
    edge_of = log.edge[span].tolist()
    _name_changed(cols, edge_of, edge_id)
    change_rows = [(edge_id[r], seq, tick, texts[ck], None if cid == NONE else texts[cid],
                    (times[when], before, after, None if reason == NONE else texts[reason]))
                   for r, seq, tick, when, before, after, ck, cid, reason in zip(
                       edge_of, log.seq[span].tolist(), log.tick[span].tolist(), log.time[span].tolist(),
                       log.before[span].tolist(), log.after[span].tolist(), log.cause_kind[span].tolist(),
                       log.cause_id[span].tolist(), log.reason[span].tolist(), strict=True)]
    saved.edges, saved.changes = cols.n, log.n
    return new_edges, moved_edges, change_rows


def creation_order(edge_rows: list[tuple[str, Any]], seq_of: dict[str, int], base: int) -> list[tuple[str, Any]]:
    """Edge rows (id, body) given in id order, put in the order of their graph rows: an edge whose
    `seq_of` is s goes to row s (`base` the first row they are loaded at: past a run's edge blocks);
    edges without one (rows older code wrote, which kept no order) fill the rows left, in id order,
    as they loaded then. A dirty edge is written in name order (`take_dirty_rows`), so without this
    an edge made after a run's first commit came back at another row (and adjacency position)."""
    if not seq_of:
        return edge_rows
    n = len(edge_rows)
    slots: list[tuple[str, Any] | None] = [None] * n
    rest = []
    for row in edge_rows:
        s = seq_of.get(row[0])
        i = -1 if s is None else s - base
        if 0 <= i < n and slots[i] is None:
            slots[i] = row
        else:
            rest.append(row)
    left = iter(rest)
    return [row if row is not None else next(left) for row in slots]


@dataclass
class EdgeBlockColumns:
    """A commit's changed edges and new edge changes as a row block's columns (sim/row_blocks.py
    `TABLES` and `BODY_COLS`, `pack_cols`), for a headless town: no row tuple made per edge."""

    edges: dict[str, list[Any]]
    edge_body: dict[str, list[Any]]
    changes: dict[str, list[Any]]
    change_body: dict[str, list[Any]]
    first_new: int  # rows from here are new edges (the rest moved)

    def edge_rows(self) -> tuple[list[tuple], list[tuple]]:
        """(new, moved) as EDGE_COLS rows whose body is its `BODY_COLS` tuple: for rows, when no
        block can be made of them."""
        e, b = self.edges, self.edge_body
        rows = list(zip(e["id"], e["source"], e["target"], e["kind"], e["strength"], e["seq"],
                        zip(b["since"], b["last_reinforced"], b["dormant_since"], strict=True), strict=True))
        return [r for r in rows if r[5] >= self.first_new], [r for r in rows if r[5] < self.first_new]

    def change_rows(self) -> list[tuple]:
        """CHANGE_COLS rows whose body is its `BODY_COLS` tuple (as `edge_rows` gives them)."""
        c, b = self.changes, self.change_body
        return list(zip(c["edge_id"], c["seq"], c["tick"], c["cause_kind"], c["cause_id"],
                        zip(b["time"], b["before"], b["after"], b["reason"], strict=True), strict=True))


def _texts_of(values: list[str], codes: np.ndarray) -> list[str | None]:
    """The graph's texts of these codes, None for NONE, read straight from its list. A dict of them
    kept between commits saved nothing: a tick's changes name new texts (each cause id is one),
    and each new one cost a Python `__missing__` call and an entry in a dict that only grew."""
    got = codes.tolist()
    if NONE not in got:
        return list(map(values.__getitem__, got))
    return [None if c == NONE else values[c] for c in got]


def edge_columns(store: RunStore, world: World) -> EdgeBlockColumns:
    """`edge_rows(..., columns=True)` as columns: the same values (edges in row order, not name
    order), each column one numpy gather and a C-level map over its codes' texts, where the rows
    were a Python loop per edge and per change (and `pack` took them apart again)."""
    graph = world.graph
    cols, log = graph.columns, graph.log
    saved: EdgeSaved = store._history_saved  # noqa: SLF001
    codes = _codes_of(saved, cols)
    names, kinds = codes.node_names(), np.array(cols.kinds, dtype=object)
    times, texts = codes.time_texts.__getitem__, cols.texts.values
    rows = graph.take_dirty_rows(by_name=False)

    def ids_of(r: np.ndarray) -> tuple[list[str], list[str], list[str], list[str]]:
        s, t, k = names[cols.src[r]].tolist(), names[cols.tgt[r]].tolist(), kinds[cols.kind[r]].tolist()
        return list(map("|".join, zip(s, t, k, strict=True))), s, t, k

    ids, sources, targets, kind = ids_of(rows)
    edges = {"id": ids, "source": sources, "target": targets, "kind": kind,
             "strength": cols.strength[rows].tolist(), "seq": rows.tolist()}
    edge_body = {name: list(map(times, getattr(cols, col)[rows].tolist()))
                 for name, col in (("since", "since"), ("last_reinforced", "last_reinforced"),
                                   ("dormant_since", "dormant"))}
    span = slice(saved.changes, log.n)
    changes = {"edge_id": ids_of(log.edge[span])[0], "seq": log.seq[span].tolist(), "tick": log.tick[span].tolist(),
               "cause_kind": _texts_of(texts, log.cause_kind[span]), "cause_id": _texts_of(texts, log.cause_id[span])}
    change_body = {"time": list(map(times, log.time[span].tolist())), "before": log.before[span].tolist(),
                   "after": log.after[span].tolist(), "reason": _texts_of(texts, log.reason[span])}
    out = EdgeBlockColumns(edges, edge_body, changes, change_body, first_new=saved.edges)
    saved.edges, saved.changes = cols.n, log.n
    return out


_first, _second = itemgetter(0), itemgetter(1)
_source, _target, _kind, _strength = itemgetter("source"), itemgetter("target"), itemgetter("kind"), itemgetter("strength")
_since, _fed = itemgetter("since"), itemgetter("last_reinforced")
_tick, _time, _before, _after, _cause = (itemgetter(k) for k in ("tick", "time", "before", "after", "cause"))


def load_edges(world: World, edge_rows: list[tuple[str, dict[str, Any]]],
               change_rows: list[tuple[str, dict[str, Any]]]) -> EdgeSaved:
    """Put saved edges back: `edge_rows` as (id, opened body) in id order, `change_rows` as (edge id,
    opened body) in (edge id, seq) order. Returns what the store now holds of the graph.

    In bulk: the columns and the change log are filled by array, the networkx entries in one pass
    (`graph.load_edges` per edge was ~40 s of loading a 10k town's 500k edges and 500k changes).
    The result is what `graph.load_edges` makes of the same records: edges in id order, each
    edge's changes in a run of log rows, oldest first."""
    graph = world.graph
    if not edge_rows:
        if change_rows:
            raise ValueError(f"edge change of {change_rows[0][0]} has no edge")
        return EdgeSaved(edges=graph.columns.n, changes=graph.log.n)
    c, texts, log = graph.columns, graph.columns.texts, graph.log
    times = c.times
    parsed: dict[Any, int] = {}

    def time_codes(values: list[Any]) -> np.ndarray:
        """Codes in the graph's time table of ISO texts (or datetimes), each distinct one parsed once."""
        for v in dict.fromkeys(values):
            if v not in parsed:
                parsed[v] = times.code(v if isinstance(v, datetime) else _DATETIME.validate_python(v))
        return np.fromiter(map(parsed.__getitem__, values), dtype=np.int32, count=len(values))

    def text_codes(values: list[Any]) -> np.ndarray:
        """Codes in the graph's interned texts (None: NONE), each distinct one looked up once."""
        memo = {v: NONE if v is None else texts.code(v) for v in dict.fromkeys(values)}
        return np.fromiter(map(memo.__getitem__, values), dtype=np.int32, count=len(values))

    ids = list(map(_first, edge_rows))
    bodies = list(map(_second, edge_rows))
    sources = list(map(_source, bodies))
    targets = list(map(_target, bodies))
    kinds = list(map(_kind, bodies))
    g = graph.g
    for cid in dict.fromkeys([*sources, *targets]):
        if cid not in g:
            raise KeyError(f"unknown character {cid!r}")
    strength = np.fromiter(map(float, map(_strength, bodies)), dtype=np.float64, count=len(bodies))
    bad = np.flatnonzero(~((strength >= 0.0) & (strength <= 1.0)))
    if len(bad):
        i = int(bad[0])
        raise ValueError(f"edge {ids[i]}: strength must be in [0, 1], got {strength[i]}")
    adj = g._adj  # noqa: SLF001
    if graph.columns.n:  # edges already there (not a fresh world): none may be loaded twice
        for u, v, k, edge_id in zip(sources, targets, kinds, ids, strict=True):
            if k in adj[u].get(v, ()):
                raise ValueError(f"edge {edge_id} is loaded twice")
    if len(set(ids)) != len(ids):
        raise ValueError("an edge is loaded twice")
    since = time_codes(list(map(_since, bodies)))
    fed = time_codes(list(map(_fed, bodies)))
    dormant_at = [b.get("dormant_since") for b in bodies]
    dormant = np.full(len(bodies), NONE, dtype=np.int32)
    asleep = [i for i, d in enumerate(dormant_at) if d is not None]
    if asleep:
        dormant[asleep] = time_codes([dormant_at[i] for i in asleep])
    node_row, kind_of = c.node_row, c.code
    src = np.fromiter(map(node_row.__getitem__, sources), dtype=np.int64, count=len(sources))
    tgt = np.fromiter(map(node_row.__getitem__, targets), dtype=np.int64, count=len(targets))
    kind_codes = {k: kind_of(k) for k in dict.fromkeys(kinds)}
    kc = np.fromiter(map(kind_codes.__getitem__, kinds), dtype=np.int64, count=len(kinds))

    # the changes: one run of log rows per edge, in the edges' order
    row_of = {edge_id: i for i, edge_id in enumerate(ids)}
    n_ch = len(change_rows)
    try:
        e = np.fromiter(map(row_of.__getitem__, map(_first, change_rows)), dtype=np.int64, count=n_ch)
    except KeyError as exc:
        raise ValueError(f"edge change of {exc.args[0]} has no edge") from None
    ch = list(map(_second, change_rows))
    causes = list(map(_cause, ch))
    tick = np.fromiter(map(int, map(_tick, ch)), dtype=np.int64, count=n_ch)
    when = time_codes(list(map(_time, ch)))
    before = np.fromiter(map(float, map(_before, ch)), dtype=np.float64, count=n_ch)
    after = np.fromiter(map(float, map(_after, ch)), dtype=np.float64, count=n_ch)
    cause_kind = text_codes([str(x["kind"]) for x in causes])
    cause_id = text_codes([x.get("id") for x in causes])
    reason = text_codes([b.get("reason", "") for b in ch])
    if n_ch and np.any(np.diff(e) < 0):
        order = np.argsort(e, kind="stable")  # rows given by edge id, as the edges are: only a guard
        e, tick, when, before, after = e[order], tick[order], when[order], before[order], after[order]
        cause_kind, cause_id, reason = cause_kind[order], cause_id[order], reason[order]
    n_edges = len(ids)
    count = np.bincount(e, minlength=n_edges).astype(np.int32)
    first = np.concatenate([[True], e[1:] != e[:-1]]) if n_ch else np.zeros(0, dtype=bool)
    starts = np.flatnonzero(first)
    seq = np.arange(n_ch, dtype=np.int64) - np.repeat(starts, np.diff(np.append(starts, n_ch)))
    tagged_text = np.zeros(len(texts), dtype=np.int32)
    used = np.unique(reason)
    tagged_text[used] = [texts.values[r].startswith(TAG_PREFIX) for r in used.tolist()]
    tagged = np.bincount(e, weights=tagged_text[reason], minlength=n_edges).astype(np.int32)
    seed_start = np.zeros(n_edges, dtype=np.float64)
    seed_code = texts._code.get("seed")  # noqa: SLF001
    if seed_code is not None and len(starts):
        seeded = starts[cause_kind[starts] == seed_code]
        seed_start[e[seeded]] = after[seeded]

    rows = c.append(src, tgt, kc, strength, since, seed_start=seed_start, tagged=tagged, dormant=dormant)
    c.last_reinforced[rows] = fed
    log_rows = log.append_many(edge=rows[e], seq=seq, tick=tick, time=when, before=before, after=after,
                               cause_kind=cause_kind, cause_id=cause_id, reason=reason,
                               prev=np.where(first, NONE, np.arange(log.n, log.n + n_ch) - 1))
    tail = np.full(n_edges, NONE, dtype=np.int64)
    if n_ch:
        last = np.append(starts[1:], n_ch) - 1
        tail[e[last]] = log_rows[last]
    c.tail[rows], c.count[rows], c.dirty[rows] = tail, count, False
    for a in range(0, n_edges, 65536):  # networkx's own entries, in slices (as add_edge_rows makes them)
        part = slice(a, a + 65536)
        _insert_new_edges(g, sources[part], targets[part], kinds[part], rows[part].tolist())
    for r in rows[dormant != NONE].tolist():
        graph.dormant_edges[r] = None
    graph.pair_version += 1
    graph.version += 1
    return EdgeSaved(edges=c.n, changes=log.n)
