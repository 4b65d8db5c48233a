"""The relationship multigraph: typed, directional, timed, sourced edges, several per pair.

NetworkX's MultiDiGraph is the source of truth. Each edge is keyed by its kind, so A->B can be
both `partner` and `neighbour`, and A->B may differ from B->A. Every change to an edge's strength
is kept in its history with the fact, event or belief that caused it: that is what `why` walks.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import networkx as nx
from pydantic import BaseModel, Field

from townsfolk.world.edge_columns import TAG_PREFIX, EdgeColumns

KNOWN_KINDS = (
    "partner", "neighbour", "friend", "family", "rival", "creditor", "debtor",
    "customer", "colleague", "acquaintance", "mentor", "romance",
)  # fmt: skip


class Cause(BaseModel):
    """What moved an edge: a fact, an event memory, a belief, an impression, or the scenario seed."""

    kind: str  # fact | event | belief | impression | seed | mediation
    id: str | None = None


class EdgeChange(BaseModel):
    """One step in an edge's history, pointing at its cause."""

    tick: int
    time: datetime
    before: float
    after: float
    cause: Cause
    reason: str = ""

    @property
    def delta(self) -> float:
        return self.after - self.before


class Edge(BaseModel):
    """A directed relationship record: kind, strength in [0, 1], when it began and was last fed."""

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


def clamp01(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


class RelationshipGraph:
    """Who is tied to whom, and how; queries return Edge records, never bare numbers."""

    def __init__(self) -> None:
        self.g: nx.MultiDiGraph = nx.MultiDiGraph()
        self._dirty: set[tuple[str, str, str]] = set()
        self.version = 0  # bumped when a node or an edge is added, so array views know to rebuild
        self.pair_version = 0  # bumped when a node is added or two characters get their first edge
        self.dormant_edges: dict[tuple[str, str, str], None] = {}  # keys of edges with dormant_since set
        self.columns = EdgeColumns()  # every edge's strength and counts as arrays, for passes over all edges

    # --- nodes and edges -------------------------------------------------------------------
    def add_character(self, character_id: str) -> None:
        self.g.add_node(character_id)
        self.columns.node(character_id)
        self.version += 1
        self.pair_version += 1

    def _require(self, character_id: str) -> None:
        if character_id not in self.g:
            raise KeyError(f"unknown character {character_id!r}")

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
    ) -> Edge:
        """Create an edge (or set its strength), recording the change with its cause."""
        self._require(source)
        self._require(target)
        if source == target:
            raise ValueError(f"an edge needs two characters, got {source!r} twice")
        if not 0.0 <= strength <= 1.0:
            raise ValueError(f"strength must be in [0, 1], got {strength}")
        cause = cause or Cause(kind="seed")
        existing = self.get(source, target, kind)
        if existing is None:
            edge = Edge(source=source, target=target, kind=kind, strength=strength, since=time,
                        last_reinforced=time)
            edge.history.append(EdgeChange(tick=tick, time=time, before=strength, after=strength,
                                           cause=cause, reason=reason or "relationship begins"))
            if not (self.g.has_edge(source, target) or self.g.has_edge(target, source)):
                self.pair_version += 1
            self.g.add_edge(source, target, key=kind, edge=edge)
            first = edge.history[0]
            self.columns.add(source, target, kind, strength, seed_start=strength if cause.kind == "seed" else 0.0,
                             tagged=1 if first.reason.startswith(TAG_PREFIX) else 0)
            self.version += 1
        else:
            edge = existing
            self._record(edge, strength, tick, time, cause, reason)
        self._dirty.add(edge.key)
        return edge

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
    ) -> Edge | None:
        """Move an existing edge's strength by delta (clamped); returns None when no such edge."""
        edge = self.get(source, target, kind)
        if edge is None:
            return None
        self._record(edge, clamp01(edge.strength + delta), tick, time, cause, reason)
        self._dirty.add(edge.key)
        return edge

    def _record(self, edge: Edge, after: float, tick: int, time: datetime, cause: Cause,
                reason: str) -> None:
        edge.history.append(EdgeChange(tick=tick, time=time, before=edge.strength, after=after,
                                       cause=cause, reason=reason))
        if after > edge.strength:
            edge.last_reinforced = time
        edge.strength = after
        self.columns.changed(edge.key, after, reason)

    def _add_columns(self, edge: Edge) -> None:
        first = edge.history[0] if edge.history else None
        self.columns.add(edge.source, edge.target, edge.kind, edge.strength,
                         seed_start=first.after if first is not None and first.cause.kind == "seed" else 0.0,
                         tagged=sum(1 for c in edge.history if c.reason.startswith(TAG_PREFIX)))

    def restore(self, edge: Edge) -> None:
        """Put a saved edge back as it was (used when loading a world)."""
        self.g.add_edge(edge.source, edge.target, key=edge.kind, edge=edge)
        self._add_columns(edge)
        self.pair_version += 1
        if edge.dormant_since is not None:
            self.dormant_edges[edge.key] = None
        self.version += 1

    def set_dormant(self, a: str, b: str, when: datetime | None) -> list[Edge]:
        """Mark (or wake, with None) every edge between two characters, both ways."""
        touched = []
        for edge in self.edges_between(a, b, both_ways=True):
            if edge.dormant_since != when:
                edge.dormant_since = when
                if when is None:
                    self.dormant_edges.pop(edge.key, None)
                else:
                    self.dormant_edges[edge.key] = None
                self._dirty.add(edge.key)
                touched.append(edge)
        return touched

    def dormant_pairs(self) -> set[frozenset[str]]:
        """Pairs with at least one dormant edge between them (either way): an index, not a scan."""
        return {frozenset((a, b)) for a, b, _k in self.dormant_edges}

    def get(self, source: str, target: str, kind: str) -> Edge | None:
        data = self.g.get_edge_data(source, target, key=kind)
        return data["edge"] if data else None

    def edges(self) -> list[Edge]:
        return [d["edge"] for _, _, d in self.g.edges(data=True)]

    def take_dirty(self) -> list[Edge]:
        """Edges changed since the last save."""
        out = [e for key in sorted(self._dirty) if (e := self.get(*key)) is not None]
        self._dirty.clear()
        return out

    # --- queries ---------------------------------------------------------------------------
    def edges_between(self, a: str, b: str, *, both_ways: bool = False) -> list[Edge]:
        """The edges from a to b (and from b to a when both_ways), sorted by kind."""
        self._require(a)
        self._require(b)
        out = [d["edge"] for d in (self.g.get_edge_data(a, b) or {}).values()]
        if both_ways:
            out += [d["edge"] for d in (self.g.get_edge_data(b, a) or {}).values()]
        return sorted(out, key=lambda e: (e.source, e.kind))

    def neighbours(
        self, character_id: str, *, kind: str | Iterable[str] | None = None, min_strength: float = 0.0
    ) -> list[Edge]:
        """Outgoing edges of a character, filtered by kind and strength, strongest first."""
        self._require(character_id)
        kinds = {kind} if isinstance(kind, str) else set(kind) if kind is not None else None
        out = [
            d["edge"]
            for _, _, k, d in self.g.out_edges(character_id, keys=True, data=True)
            if (kinds is None or k in kinds) and d["edge"].strength >= min_strength
        ]
        return sorted(out, key=lambda e: (-e.strength, e.target, e.kind))

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
