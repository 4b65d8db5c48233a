"""Edge columns: the hot numbers of every edge as numpy arrays, kept in step with the graph of record.

The NetworkX multigraph holds the `Edge` records (the object view `why` and the dialogue path
read); passes over all edges each tick (the drive tick's bond pulls, cold-start interaction
counts) read these columns instead of walking millions of Python objects. One row per edge, in
the order edges were created; rows are never removed (an edge is never deleted).
"""

from __future__ import annotations

import numpy as np

TAG_PREFIX = "interaction"  # changes whose reason starts with this count as one interaction


class EdgeColumns:
    """source row, target row, kind code, strength, seeded start, and tagged-change count per edge."""

    def __init__(self) -> None:
        self.node_row: dict[str, int] = {}
        self.nodes: list[str] = []
        self.kind_code: dict[str, int] = {}
        self.kinds: list[str] = []
        self.row: dict[tuple[str, str, str], int] = {}
        self.n = 0
        cap = 1024
        self.src = np.zeros(cap, dtype=np.int32)
        self.tgt = np.zeros(cap, dtype=np.int32)
        self.kind = np.zeros(cap, dtype=np.int16)
        self.strength = np.zeros(cap, dtype=np.float64)
        self.seed_start = np.zeros(cap, dtype=np.float64)  # the first change's `after` when its cause is the seed
        self.tagged = np.zeros(cap, dtype=np.int32)  # changes whose reason starts with TAG_PREFIX

    def name_rank(self) -> np.ndarray:
        """Each node's position in id order (for ties broken by id, as sorted() would)."""
        if getattr(self, "_rank_n", -1) != len(self.nodes):
            rank = np.empty(len(self.nodes), dtype=np.int64)
            rank[sorted(range(len(self.nodes)), key=self.nodes.__getitem__)] = np.arange(len(self.nodes))
            self._rank, self._rank_n = rank, len(self.nodes)
        return self._rank

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

    def _grow(self) -> None:
        cap = 2 * len(self.src)
        for name in ("src", "tgt", "kind", "strength", "seed_start", "tagged"):
            old = getattr(self, name)
            new = np.zeros(cap, dtype=old.dtype)
            new[: self.n] = old[: self.n]
            setattr(self, name, new)

    def add(self, source: str, target: str, kind: str, strength: float, *, seed_start: float = 0.0,
            tagged: int = 0) -> int:
        key = (source, target, kind)
        r = self.row.get(key)
        if r is None:
            if self.n == len(self.src):
                self._grow()
            r = self.row[key] = self.n
            self.n += 1
        self.src[r], self.tgt[r], self.kind[r] = self.node(source), self.node(target), self.code(kind)
        self.strength[r], self.seed_start[r], self.tagged[r] = strength, seed_start, tagged
        return r

    def changed(self, key: tuple[str, str, str], after: float, reason: str) -> None:
        r = self.row[key]
        self.strength[r] = after
        if reason.startswith(TAG_PREFIX):
            self.tagged[r] += 1

    def rows_of(self, kinds: tuple[str, ...]) -> np.ndarray:
        """Rows of edges of the given kinds, in creation order."""
        codes = [self.kind_code[k] for k in kinds if k in self.kind_code]
        if not codes:
            return np.zeros(0, dtype=np.int64)
        return np.flatnonzero(np.isin(self.kind[: self.n], codes))
