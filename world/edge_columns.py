"""Edge columns: every edge's numbers as numpy arrays, the store of truth for them.

The NetworkX multigraph is the graph of record for who is tied to whom (each edge's data is only
its row here); strength, when it began and was last fed, dormancy, the seeded start, the count of
interaction changes and the edge's last row in the change log (`world/edge_log.py`) live in these
columns. `Edge` objects are views built on demand (world/relationships.py). One row per edge, in
the order edges were created; rows are never removed (an edge is never deleted).
"""

from __future__ import annotations

import numpy as np

from townsfolk.world.edge_log import NONE, Interned, TimeTable, reserve_columns

TAG_PREFIX = "interaction"  # changes whose reason starts with this count as one interaction

_COLUMNS = {
    "src": np.int32, "tgt": np.int32, "kind": np.int16, "strength": np.float64,
    "since": np.int32, "last_reinforced": np.int32, "dormant": np.int32,  # codes into `times`; dormant NONE = awake
    "seed_start": np.float64,  # the first change's `after` when its cause is the seed
    "tagged": np.int32,  # changes whose reason starts with TAG_PREFIX
    "tail": np.int32, "count": np.int32,  # the edge's last change-log row, and how many changes it has
    "dirty": np.bool_,  # changed since the last save
}  # fmt: skip


class EdgeColumns:
    """Per-edge arrays (see _COLUMNS), node and kind codes, and the interned times and texts."""

    def __init__(self) -> None:
        self.node_row: dict[str, int] = {}
        self.nodes: list[str] = []
        self.kind_code: dict[str, int] = {}
        self.kinds: list[str] = []
        self.times = TimeTable()
        self.texts: Interned[str] = Interned()
        self.n = 0
        for name, dtype in _COLUMNS.items():
            setattr(self, name, np.zeros(1024, dtype=dtype))

    def name_rank(self) -> np.ndarray:
        """Each node's position in id order (for ties broken by id, as sorted() would)."""
        if getattr(self, "_rank_n", -1) != len(self.nodes):
            rank = np.empty(len(self.nodes), dtype=np.int64)
            rank[sorted(range(len(self.nodes)), key=self.nodes.__getitem__)] = np.arange(len(self.nodes))
            self._rank, self._rank_n = rank, len(self.nodes)
        return self._rank

    def kind_rank(self) -> np.ndarray:
        rank = np.empty(len(self.kinds), dtype=np.int64)
        rank[sorted(range(len(self.kinds)), key=self.kinds.__getitem__)] = np.arange(len(self.kinds))
        return rank

    def node(self, node_id: str) -> int:
        r = self.node_row.get(node_id)
        if r is None:
            r = self.node_row[node_id] = len(self.nodes)
            self.nodes.append(node_id)
        return r

    def code(self, kind: str) -> int:
        c = self.kind_code.get(kind)
        if c is None:
            c = self.kind_code[kind] = len(self.kinds)
            self.kinds.append(kind)
        return c

    def _reserve(self, extra: int) -> None:
        reserve_columns(self, _COLUMNS, self.n, self.n + extra)

    def append(self, src: np.ndarray | int, tgt: np.ndarray | int, kind: np.ndarray | int,
               strength: np.ndarray | float, since: np.ndarray | int, *, seed_start: np.ndarray | float = 0.0,
               tagged: np.ndarray | int = 0, dormant: np.ndarray | int = NONE) -> np.ndarray:
        """New rows (arrays or scalars broadcast to the longest); `tail`/`count` are the caller's."""
        size = max(np.size(v) for v in (src, tgt, kind, strength, since))
        self._reserve(size)
        a, b = self.n, self.n + size
        self.src[a:b], self.tgt[a:b], self.kind[a:b], self.strength[a:b] = src, tgt, kind, strength
        self.since[a:b] = since
        self.last_reinforced[a:b] = since
        self.dormant[a:b] = dormant
        self.seed_start[a:b], self.tagged[a:b] = seed_start, tagged
        self.tail[a:b], self.count[a:b], self.dirty[a:b] = NONE, 0, True
        self.n = b
        return np.arange(a, b, dtype=np.int64)

    def rows_of(self, kinds: tuple[str, ...]) -> np.ndarray:
        """Rows of edges of the given kinds, in creation order."""
        codes = [self.kind_code[k] for k in kinds if k in self.kind_code]
        if not codes:
            return np.zeros(0, dtype=np.int64)
        return np.flatnonzero(np.isin(self.kind[: self.n], codes))
