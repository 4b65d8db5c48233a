"""The relationship multigraph: typed, directional, timed, sourced edges, several per pair.

NetworkX's MultiDiGraph is the graph of record for who is tied to whom: each edge is keyed by its
kind, so A->B can be both `partner` and `neighbour`, and A->B may differ from B->A. An edge's
numbers live in columns (`world/edge_columns.py`) and every change to its strength in an
append-only log (`world/edge_log.py`) with the fact, event or belief that caused it: that is what
`why` walks. Queries return `EdgeView`s, live views over those rows with the fields and `history`
of an `Edge` record; every write goes through `set_edge`/`adjust`/`set_dormant`/`add_edges`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import networkx as nx
import numpy as np
from pydantic import BaseModel, Field, PrivateAttr

from townsfolk.world.edge_columns import TAG_PREFIX, EdgeColumns
from townsfolk.world.edge_log import NONE, EdgeLog

KNOWN_KINDS = (
    "partner", "neighbour", "friend", "family", "rival", "creditor", "debtor",
    "customer", "colleague", "acquaintance", "mentor", "romance",
)  # fmt: skip


def marked_rows(flags: np.ndarray) -> np.ndarray:
    """`np.flatnonzero` of a bool array, scanned eight flags a word: a big town's dirty marks are a
    few hundred of 500k, and the scan of every flag was a sixth of a tick's commit instructions."""
    whole = len(flags) & ~7
    if not flags.flags.c_contiguous or whole < 64:
        return np.flatnonzero(flags)
    words = np.flatnonzero(flags[:whole].view(np.uint64) != 0)
    rows = (words[:, None] * 8 + np.arange(8)).ravel()
    rows = rows[flags[rows]]
    if whole < len(flags):
        rows = np.concatenate([rows, np.flatnonzero(flags[whole:]) + whole])
    return rows


class Cause(BaseModel):
    """What moved an edge: a fact, an event memory, a belief, an impression, or the scenario seed."""

    kind: str  # fact | event | belief | impression | seed | mediation
    id: str | None = None


class EdgeChange(BaseModel):
    """One step in an edge's history, pointing at its cause (built from the change log on demand)."""

    tick: int
    time: datetime
    before: float
    after: float
    cause: Cause
    reason: str = ""
    _row: int | None = PrivateAttr(default=None)  # its row in the change log, when read from a graph

    @property
    def delta(self) -> float:
        return self.after - self.before

    @property
    def log_row(self) -> int | None:
        """Its row in the graph's change log (None for a change built by hand): a change's identity."""
        return self._row


class Edge(BaseModel):
    """A directed relationship record: kind, strength in [0, 1], when it began and was last fed.
    The graph hands out `EdgeView`s; this is the record they dump as and a saved edge loads from."""

    source: str
    target: str
    kind: str
    strength: float = Field(ge=0.0, le=1.0)
    since: datetime
    last_reinforced: datetime
    dormant_since: datetime | None = None  # set when a long silence compresses the pair's memories
    history: list[EdgeChange] = Field(default_factory=list)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.source, self.target, self.kind)


class EdgeHistory(Sequence[EdgeChange]):
    """An edge's changes as they stand when read (a snapshot of which rows: later changes are not
    in it), each built from its log row when indexed. Compares equal to a list of the same changes."""

    __slots__ = ("_graph", "_rows", "_tail", "_n")

    def __init__(self, graph: RelationshipGraph, row: int) -> None:
        self._graph, self._rows = graph, None
        self._tail, self._n = int(graph.columns.tail[row]), int(graph.columns.count[row])

    def _all(self) -> list[int]:
        if self._rows is None:
            self._rows = self._graph.log.rows_of(self._tail)
        return self._rows

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):  # noqa: ANN001, ANN204
        if isinstance(i, slice):
            return [self._graph.log.change(r) for r in self._all()[i]]
        if i == -1 or i == self._n - 1:
            if self._n == 0:
                raise IndexError("history index out of range")
            return self._graph.log.change(self._tail)
        return self._graph.log.change(self._all()[i])

    def __iter__(self):  # noqa: ANN204
        change = self._graph.log.change
        return (change(r) for r in self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (EdgeHistory, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EdgeHistory({list(self)!r})"


class EdgeView:
    """One edge of a graph, read live from its columns and the change log (an edge held across a
    change shows the change). Read-only: assigning a field is an AttributeError, so no code can move
    a strength behind the graph's back."""

    __slots__ = ("_graph", "_row", "source", "target", "kind")

    def __init__(self, graph: RelationshipGraph, row: int, source: str, target: str, kind: str) -> None:
        self._graph, self._row, self.source, self.target, self.kind = graph, row, source, target, kind

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.source, self.target, self.kind)

    @property
    def row(self) -> int:
        return self._row

    @property
    def strength(self) -> float:
        return float(self._graph.columns.strength[self._row])

    @property
    def since(self) -> datetime:
        c = self._graph.columns
        return c.times.values[int(c.since[self._row])]

    @property
    def last_reinforced(self) -> datetime:
        c = self._graph.columns
        return c.times.values[int(c.last_reinforced[self._row])]

    @property
    def dormant_since(self) -> datetime | None:
        c = self._graph.columns
        code = int(c.dormant[self._row])
        return None if code == NONE else c.times.values[code]

    @property
    def history(self) -> EdgeHistory:
        """The edge's changes, oldest first: a sequence read from the log as it is indexed (the
        last change, what most callers want, costs one row, not the whole history)."""
        return EdgeHistory(self._graph, self._row)

    def record(self) -> Edge:
        """This edge as a plain `Edge` record (a copy, for dumps and saves)."""
        return Edge.model_construct(source=self.source, target=self.target, kind=self.kind, strength=self.strength,
                                    since=self.since, last_reinforced=self.last_reinforced,
                                    dormant_since=self.dormant_since, history=list(self.history))

    def model_dump(self, **kw: Any) -> dict[str, Any]:
        return self.record().model_dump(**kw)

    def model_dump_json(self, **kw: Any) -> str:
        return self.record().model_dump_json(**kw)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EdgeView) and other._graph is self._graph:
            return other._row == self._row
        if isinstance(other, (EdgeView, Edge)):
            return self.model_dump() == other.model_dump()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (a live view: equal views may not stay equal)

    def __repr__(self) -> str:
        return (f"EdgeView({self.source!r} -> {self.target!r} [{self.kind}] {self.strength:.3f}, "
                f"{int(self._graph.columns.count[self._row])} changes)")


def _insert_new_edges(g: nx.MultiDiGraph, sources: Sequence[str], targets: Sequence[str], kinds: Sequence[str],
                      rows: list[int]) -> None:
    """What `MultiDiGraph.add_edge(u, v, key=kind, row=r)` does for each edge, for nodes already in the
    graph and keys not yet used (add_edges checked both): at 10k NPCs, 500k edges, networkx's own
    add_edges_from was most of a build."""
    succ, pred = g._succ, g._pred  # noqa: SLF001
    key_dict = g.edge_key_dict_factory
    for u, v, k, r in zip(sources, targets, kinds, rows, strict=True):
        keyed = succ[u].get(v)
        if keyed is None:
            keyed = succ[u][v] = pred[v][u] = key_dict()
        keyed[k] = {"row": r}
    nx._clear_cache(g)  # noqa: SLF001


def clamp01(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


class RelationshipGraph:
    """Who is tied to whom, and how; queries return edge views, never bare numbers."""

    def __init__(self) -> None:
        self.g: nx.MultiDiGraph = nx.MultiDiGraph()  # edge data: {"row": its row in `columns`}, nothing else
        self.version = 0  # bumped when a node or an edge is added, so array views know to rebuild
        self.pair_version = 0  # bumped when a node is added or two characters get (maybe) their first edge
        self.dormant_edges: dict[int, None] = {}  # rows of edges with dormant_since set
        self.columns = EdgeColumns()  # every edge's numbers as arrays: the store of truth for them
        self.log = EdgeLog(self.columns.times, self.columns.texts)  # every change, append-only
        # views other floors keep over the columns (agents/familiarity_days.py), each checking itself
        # against the columns before use; they live and go with this graph
        self.derived: dict[str, Any] = {}

    # --- nodes and edges -------------------------------------------------------------------
    def add_character(self, character_id: str) -> None:
        self.g.add_node(character_id)
        self.columns.node(character_id)
        self.version += 1
        self.pair_version += 1

    def _require(self, character_id: str) -> None:
        if character_id not in self.g:
            raise KeyError(f"unknown character {character_id!r}")

    def row_of(self, source: str, target: str, kind: str) -> int | None:
        """The edge's row in the columns, or None (through the graph's own adjacency: no second index)."""
        nbrs = self.g._adj.get(source)  # noqa: SLF001
        keyed = nbrs.get(target) if nbrs is not None else None
        data = keyed.get(kind) if keyed is not None else None
        return None if data is None else data["row"]

    def view(self, row: int) -> EdgeView:
        c = self.columns
        return EdgeView(self, row, c.nodes[int(c.src[row])], c.nodes[int(c.tgt[row])], c.kinds[int(c.kind[row])])

    def _new(self, source: str, target: str, kind: str, strength: float, tick: int, time: datetime, cause: Cause,
             reason: str) -> int:
        c, texts = self.columns, self.columns.texts
        t = c.times.code(time)
        reason = reason or "relationship begins"
        row = int(c.append(c.node(source), c.node(target), c.code(kind), strength, t,
                           seed_start=strength if cause.kind == "seed" else 0.0,
                           tagged=1 if reason.startswith(TAG_PREFIX) else 0)[0])
        c.tail[row] = self.log.append(row, 0, tick, t, strength, strength, texts.code(cause.kind),
                                      NONE if cause.id is None else texts.code(cause.id), texts.code(reason), NONE)
        c.count[row] = 1
        if not (self.g.has_edge(source, target) or self.g.has_edge(target, source)):
            self.pair_version += 1
        self.g.add_edge(source, target, key=kind, row=row)
        self.version += 1
        return row

    def set_edge(
        self,
        source: str,
        target: str,
        kind: str,
        strength: float,
        *,
        tick: int,
        time: datetime,
        cause: Cause | None = None,
        reason: str = "",
    ) -> EdgeView:
        """Create an edge (or set its strength), recording the change with its cause."""
        self._require(source)
        self._require(target)
        if source == target:
            raise ValueError(f"an edge needs two characters, got {source!r} twice")
        if not 0.0 <= strength <= 1.0:
            raise ValueError(f"strength must be in [0, 1], got {strength}")
        cause = cause or Cause(kind="seed")
        row = self.row_of(source, target, kind)
        if row is None:
            row = self._new(source, target, kind, strength, tick, time, cause, reason)
        else:
            self._record(row, strength, tick, time, cause, reason)
        return EdgeView(self, row, source, target, kind)

    def add_edges(self, sources: Sequence[str], targets: Sequence[str], kinds: str | Sequence[str],
                  strengths: Sequence[float] | np.ndarray, *, tick: int, time: datetime, cause: Cause | None = None,
                  reason: str | Sequence[str] = "") -> np.ndarray:
        """Create many new edges at once (a generated town's ties, seeded bonds): the same rows and
        first changes as one `set_edge` each, in the order given; returns their rows. Every edge must
        be new and appear once (ValueError otherwise): setting an existing edge is `set_edge`'s job."""
        n = len(sources)
        kinds = [kinds] * n if isinstance(kinds, str) else list(kinds)
        reasons = [reason or "relationship begins"] * n if isinstance(reason, str) else [r or "relationship begins"
                                                                                           for r in reason]
        strengths = np.asarray(strengths, dtype=np.float64).reshape(-1)
        if not (len(targets) == len(kinds) == len(strengths) == len(reasons) == n):
            raise ValueError("sources, targets, kinds, strengths and reasons must have one entry per edge")
        if n == 0:
            return np.zeros(0, dtype=np.int64)
        bad = np.flatnonzero(~((strengths >= 0.0) & (strengths <= 1.0)))
        if len(bad):
            raise ValueError(f"strength must be in [0, 1], got {strengths[bad[0]]} (edge {int(bad[0])})")
        c, texts, g = self.columns, self.columns.texts, self.g
        for cid in (*sources, *targets):
            if cid not in g:
                raise KeyError(f"unknown character {cid!r}")
        src = np.fromiter((c.node_row[s] for s in sources), dtype=np.int64, count=n)
        tgt = np.fromiter((c.node_row[t] for t in targets), dtype=np.int64, count=n)
        if np.any(src == tgt):
            i = int(np.flatnonzero(src == tgt)[0])
            raise ValueError(f"an edge needs two characters, got {sources[i]!r} twice")
        kc = np.fromiter((c.code(k) for k in kinds), dtype=np.int64, count=n)
        key = (src * len(c.nodes) + tgt) * max(len(c.kinds), 1) + kc
        ordered = np.sort(key, kind="stable")  # (np.unique of 1M wide keys hashes them: 15x a sort)
        if n > 1 and bool((ordered[1:] == ordered[:-1]).any()):
            raise ValueError("an edge appears twice in one add_edges call")
        adj = g._adj  # noqa: SLF001
        for s, t, k in zip(sources, targets, kinds, strict=True):
            if k in adj[s].get(t, ()):
                raise ValueError(f"edge {s} -> {t} [{k}] exists; use set_edge to change it")
        cause = cause or Cause(kind="seed")
        codes = {r: texts.code(r) for r in dict.fromkeys(reasons)}
        reason_codes = np.fromiter((codes[r] for r in reasons), dtype=np.int32, count=n)
        return self.add_edge_rows(src, tgt, kc, strengths, tick=tick, time=time, cause=cause,
                                  reason_codes=reason_codes)

    def add_edge_rows(self, src: np.ndarray, tgt: np.ndarray, kind_codes: np.ndarray, strengths: np.ndarray, *,
                      tick: int, time: datetime, cause: Cause, reason_codes: np.ndarray | int) -> np.ndarray:
        """`add_edges` for a caller that already holds node rows, kind codes and interned reasons and
        knows every edge is new and appears once (seed_bonds_all): no per-edge Python objects but the
        graph's own entries, so a 100k town's 4M bond edges cost no lists of 4M names."""
        c, texts = self.columns, self.columns.texts
        strengths = np.asarray(strengths, dtype=np.float64)
        t_code = c.times.code(time)
        used = np.unique(reason_codes)
        starts = np.zeros(len(texts), dtype=np.int32)
        starts[used] = [texts.values[r].startswith(TAG_PREFIX) for r in used.tolist()]
        rows = c.append(src, tgt, kind_codes, strengths, t_code,
                        seed_start=strengths if cause.kind == "seed" else 0.0, tagged=starts[reason_codes])
        log_rows = self.log.append_many(edge=rows, seq=0, tick=tick, time=t_code, before=strengths, after=strengths,
                                        cause_kind=texts.code(cause.kind),
                                        cause_id=NONE if cause.id is None else texts.code(cause.id),
                                        reason=reason_codes, prev=NONE)
        c.tail[rows], c.count[rows] = log_rows, 1
        names, kinds = c.nodes, c.kinds  # the graph's own objects as keys, not copies (1M strings at 100k)
        for a in range(0, len(rows), 65536):  # in slices, so the lists made for networkx stay small
            part = slice(a, a + 65536)
            _insert_new_edges(self.g, [names[i] for i in c.src[rows[part]].tolist()],
                              [names[i] for i in c.tgt[rows[part]].tolist()],
                              [kinds[k] for k in c.kind[rows[part]].tolist()], rows[part].tolist())
        self.version += 1
        self.pair_version += 1
        return rows

    def adjust(
        self,
        source: str,
        target: str,
        kind: str,
        delta: float,
        *,
        tick: int,
        time: datetime,
        cause: Cause,
        reason: str = "",
    ) -> EdgeView | None:
        """Move an existing edge's strength by delta (clamped); returns None when no such edge."""
        row = self.row_of(source, target, kind)
        if row is None:
            return None
        self._record(row, clamp01(float(self.columns.strength[row]) + delta), tick, time, cause, reason)
        return EdgeView(self, row, source, target, kind)

    def set_row(self, row: int, strength: float, *, tick: int, time: datetime, cause: Cause, reason: str = "") -> int:
        """`set_edge` for an edge already found (`row_of`), as a telling's bond updates have it: the
        same change, without finding the edge again or building a view; returns the change's log row."""
        if not 0.0 <= strength <= 1.0:
            raise ValueError(f"strength must be in [0, 1], got {strength}")
        return self._record(row, strength, tick, time, cause, reason)

    def adjust_row(self, row: int, delta: float, *, tick: int, time: datetime, cause: Cause, reason: str = "") -> int:
        """`adjust` for an edge already found; returns the change's log row."""
        return self._record(row, clamp01(float(self.columns.strength[row]) + delta), tick, time, cause, reason)

    def rows_between(self, a: str, b: str) -> list[tuple[str, int]]:
        """The edges from a to b as (kind, row), sorted by kind: `edges_between` without the views."""
        self._require(a)
        self._require(b)
        keyed = self.g._adj[a].get(b)  # noqa: SLF001
        return sorted((k, d["row"]) for k, d in keyed.items()) if keyed else []

    def _record(self, row: int, after: float, tick: int, time: datetime, cause: Cause, reason: str) -> int:
        c, texts = self.columns, self.columns.texts
        t = c.times.code(time)
        before = float(c.strength[row])
        r = c.tail[row] = self.log.append(row, int(c.count[row]), tick, t, before, after, texts.code(cause.kind),
                                          NONE if cause.id is None else texts.code(cause.id), texts.code(reason),
                                          int(c.tail[row]))
        c.count[row] += 1
        if after > before:
            c.last_reinforced[row] = t
        c.strength[row] = after
        if reason.startswith(TAG_PREFIX):
            c.tagged[row] += 1
        c.dirty[row] = True
        return r

    def rewrite_change(self, change: EdgeChange, *, reason: str | None = None, cause: Cause | None = None) -> None:
        """Change a recorded change's words or cause in place (erasure only: the player's name and
        the link to erased memories go, the move stays)."""
        row = change.log_row
        if row is None:
            raise ValueError("this change was not read from this graph")
        self.log.rewrite(row, reason=reason, cause_kind=None if cause is None else cause.kind,
                         cause_id=False if cause is None else cause.id)
        self.columns.dirty[int(self.log.edge[row])] = True

    def change_edge(self, change: EdgeChange) -> int | None:
        """The row of the edge a change read from this graph belongs to."""
        return None if change.log_row is None else int(self.log.edge[change.log_row])

    def last_change_row(self, edge: EdgeView) -> int:
        return int(self.columns.tail[edge.row])

    def load_edges(self, records: Iterable[tuple]) -> None:
        """Put saved edges back as they were, histories included (loading a world). Each record is
        (source, target, kind, strength, since, last_reinforced, dormant_since, history), history a
        list of (tick, time, before, after, cause kind, cause id, reason): plain tuples, so a load of
        a 10k town builds no pydantic object per edge or change."""
        c, texts, log = self.columns, self.columns.texts, self.log
        times, adj = c.times, self.g._adj  # noqa: SLF001
        for source, target, kind, strength, since, fed, dormant, history in records:
            self._require(source)
            self._require(target)
            if not 0.0 <= strength <= 1.0:
                raise ValueError(f"edge {source}|{target}|{kind}: strength must be in [0, 1], got {strength}")
            if kind in adj[source].get(target, ()):
                raise ValueError(f"edge {source}|{target}|{kind} is loaded twice")
            seed = history[0][3] if history and history[0][4] == "seed" else 0.0
            row = int(c.append(c.node_row[source], c.node_row[target], c.code(kind), strength, times.code(since),
                               seed_start=seed, tagged=sum(1 for h in history if h[6].startswith(TAG_PREFIX)),
                               dormant=NONE if dormant is None else times.code(dormant))[0])
            c.last_reinforced[row] = times.code(fed)
            prev = NONE
            for seq, (tick, when, before, after, cause_kind, cause_id, reason) in enumerate(history):
                prev = log.append(row, seq, tick, times.code(when), before, after, texts.code(cause_kind),
                                  NONE if cause_id is None else texts.code(cause_id), texts.code(reason), prev)
            c.tail[row], c.count[row], c.dirty[row] = prev, len(history), False
            self.g.add_edge(source, target, key=kind, row=row)
            if dormant is not None:
                self.dormant_edges[row] = None
        self.pair_version += 1
        self.version += 1

    def restore(self, edge: Edge) -> None:
        """Put a saved edge record back as it was."""
        self.load_edges([(edge.source, edge.target, edge.kind, edge.strength, edge.since, edge.last_reinforced,
                          edge.dormant_since, [(h.tick, h.time, h.before, h.after, h.cause.kind, h.cause.id, h.reason)
                                               for h in edge.history])])

    def set_dormant(self, a: str, b: str, when: datetime | None) -> list[EdgeView]:
        """Mark (or wake, with None) every edge between two characters, both ways."""
        c = self.columns
        code = NONE if when is None else c.times.code(when)
        touched = []
        for edge in self.edges_between(a, b, both_ways=True):
            r = edge.row
            if int(c.dormant[r]) != code:
                c.dormant[r] = code
                if when is None:
                    self.dormant_edges.pop(r, None)
                else:
                    self.dormant_edges[r] = None
                c.dirty[r] = True
                touched.append(edge)
        return touched

    def dormant_pairs(self) -> set[frozenset[str]]:
        """Pairs with at least one dormant edge between them (either way): an index, not a scan."""
        c = self.columns
        return {frozenset((c.nodes[int(c.src[r])], c.nodes[int(c.tgt[r])])) for r in self.dormant_edges}

    def get(self, source: str, target: str, kind: str) -> EdgeView | None:
        row = self.row_of(source, target, kind)
        return None if row is None else EdgeView(self, row, source, target, kind)

    def edges(self) -> list[EdgeView]:
        """Every edge, in the graph's own order (by source, then target, then kind as added)."""
        return [EdgeView(self, d["row"], u, v, k) for u, nbrs in self.g._adj.items()  # noqa: SLF001
                for v, keyed in nbrs.items() for k, d in keyed.items()]

    def edges_into(self, targets: Iterable[str]) -> list[EdgeView]:
        """The edges into any of these characters, in the graph's own order (as `edges()` would list
        them): a few players' ties without building a view of every edge in a town."""
        row, pred = self.columns.node_row, self.g._pred  # noqa: SLF001
        found = [(row[u], d["row"], u, t, k) for t in dict.fromkeys(targets) if t in pred
                 for u, keyed in pred[t].items() for k, d in keyed.items()]
        first = {}  # (source, target) -> the row that put target in source's adjacency
        for _s, r, u, t, _k in found:
            first[(u, t)] = min(r, first.get((u, t), r))
        found.sort(key=lambda x: (x[0], first[(x[2], x[3])], x[1]))
        return [EdgeView(self, r, u, t, k) for _s, r, u, t, k in found]

    def mark_all_dirty(self) -> None:
        """Every edge to be written again (a store rebuilt from scratch)."""
        self.columns.dirty[: self.columns.n] = True

    def take_dirty_rows(self, *, by_name: bool = True) -> np.ndarray:
        """Rows of edges changed since the last save, in (source, target, kind) order (in row order
        without `by_name`: a row block keyed by id needs none); clears the marks."""
        c = self.columns
        rows = marked_rows(c.dirty[: c.n])
        c.dirty[rows] = False
        if by_name and len(rows) > 1:
            rank = c.name_rank()
            rows = rows[np.lexsort((c.kind_rank()[c.kind[rows]], rank[c.tgt[rows]], rank[c.src[rows]]))]
        return rows

    def take_dirty(self) -> list[EdgeView]:
        """Edges changed since the last save."""
        return [self.view(int(r)) for r in self.take_dirty_rows()]

    # --- queries ---------------------------------------------------------------------------
    def edges_between(self, a: str, b: str, *, both_ways: bool = False) -> list[EdgeView]:
        """The edges from a to b (and from b to a when both_ways), sorted by kind."""
        self._require(a)
        self._require(b)
        adj = self.g._adj  # noqa: SLF001
        out = [EdgeView(self, d["row"], a, b, k) for k, d in adj[a].get(b, {}).items()]
        if both_ways:
            out += [EdgeView(self, d["row"], b, a, k) for k, d in adj[b].get(a, {}).items()]
        return sorted(out, key=lambda e: (e.source, e.kind))

    def neighbours(
        self, character_id: str, *, kind: str | Iterable[str] | None = None, min_strength: float = 0.0
    ) -> list[EdgeView]:
        """Outgoing edges of a character, filtered by kind and strength, strongest first."""
        self._require(character_id)
        kinds = {kind} if isinstance(kind, str) else set(kind) if kind is not None else None
        strength = self.columns.strength
        found = [
            (float(strength[d["row"]]), v, k, d["row"])
            for v, keyed in self.g._adj[character_id].items()  # noqa: SLF001
            for k, d in keyed.items()
            if kinds is None or k in kinds
        ]
        found.sort(key=lambda x: (-x[0], x[1], x[2]))
        return [EdgeView(self, r, character_id, v, k) for s, v, k, r in found if s >= min_strength]

    def acquaintances(self, character_id: str) -> set[str]:
        """Everyone tied to a character in either direction."""
        self._require(character_id)
        return set(self.g.successors(character_id)) | set(self.g.predecessors(character_id))

    def common_acquaintances(self, a: str, b: str) -> list[str]:
        return sorted((self.acquaintances(a) & self.acquaintances(b)) - {a, b})

    def circle_tightness(self, character_id: str) -> float:
        """Local clustering of a character's circle (undirected, ignoring kinds): 0 loose, 1 tight."""
        self._require(character_id)
        simple = nx.Graph(self.g.to_undirected(as_view=True))
        return float(nx.clustering(simple, character_id))

    def k_hop(self, character_id: str, k: int) -> dict[str, int]:
        """Everyone within k hops (following ties either way), with their distance."""
        self._require(character_id)
        if k < 0:
            raise ValueError("k must be >= 0")
        lengths = nx.single_source_shortest_path_length(
            self.g.to_undirected(as_view=True), character_id, cutoff=k
        )
        return dict(sorted(lengths.items(), key=lambda kv: (kv[1], kv[0])))
