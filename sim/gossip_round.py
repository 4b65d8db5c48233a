"""One gossip round for the whole town: who tells whom this tick, drawn in one vectorised step.

Every informed NPC (one holding a belief it may pass on) retells with probability `p` to one
random acquaintance. The draw is two calls on the world's one seeded rng (a uniform per NPC for
"tells this tick", a uniform per teller for "to whom"), so the same seed gives the same tellings;
only the tellings themselves (retell: distortion, memories, belief, appraisal) run per telling.
Acquaintances are a CSR array built from the graph of record and rebuilt when it gains ties.
"""

from __future__ import annotations

import numpy as np

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.actions import gossip
from townsfolk.sim.log import LogEntry
from townsfolk.world.world import World


class GossipRound:
    """Keeps who is informed as a boolean array (fed by the memory store's put hook)."""

    def __init__(self, world: World, memory: MemoryStore, *, p: float) -> None:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be in [0, 1], got {p}")
        self.world, self.memory, self.p = world, memory, p
        self.ids = list(world.characters)
        self.row = {cid: i for i, cid in enumerate(self.ids)}
        self.npc = np.array([not world.characters[c].is_player for c in self.ids], dtype=bool)
        self.informed = np.zeros(len(self.ids), dtype=bool)
        for b in memory.beliefs.values():
            self._on_put("belief", b)
        memory.on_put.append(self._on_put)
        self._csr_version = -1
        self.indptr = np.zeros(1, dtype=np.int64)
        self.indices = np.zeros(0, dtype=np.int64)
        self.last_tellings = 0
        self._acquaintances()  # built with the town (a tick rebuilds it only when two people first get tied)

    def _on_put(self, kind: str, item: object) -> None:
        if kind == "belief" and isinstance(item, Belief) and not item.private:
            r = self.row.get(item.holder)
            if r is not None:
                self.informed[r] = True

    def _acquaintances(self) -> None:
        """CSR of everyone tied to each character (either direction, any kind), in row order: one
        array pass over the graph's edge columns (a walk over every node's neighbours took 0.5 s at 10k)."""
        graph = self.world.graph
        if graph.pair_version == self._csr_version:
            return
        cols = graph.columns
        n = len(self.ids)
        to_row = np.array([self.row.get(node, -1) for node in cols.nodes], dtype=np.int64)
        src, tgt = to_row[cols.src[:cols.n]], to_row[cols.tgt[:cols.n]]
        keep = (src >= 0) & (tgt >= 0)
        a = np.concatenate([src[keep], tgt[keep]])
        b = np.concatenate([tgt[keep], src[keep]])
        pairs = np.unique(a * n + b)  # sorted by character, then by acquaintance: each pair once
        self.indptr = np.concatenate([[0], np.cumsum(np.bincount(pairs // n, minlength=n))]).astype(np.int64)
        self.indices = (pairs % n).astype(np.int64)
        self._csr_version = graph.pair_version

    def draw(self) -> tuple[np.ndarray, np.ndarray]:
        """(tellers, listeners) as character rows for this tick: one vectorised draw."""
        self._acquaintances()
        rng = self.world.rng
        tells = self.informed & self.npc & (rng.random(len(self.ids)) < self.p)
        tellers = np.flatnonzero(tells)
        degree = self.indptr[tellers + 1] - self.indptr[tellers]
        tellers, degree = tellers[degree > 0], degree[degree > 0]
        picks = np.minimum((rng.random(len(tellers)) * degree).astype(np.int64), degree - 1)
        return tellers, self.indices[self.indptr[tellers] + picks]

    def step(self) -> list[LogEntry]:
        """Draw this tick's tellings and carry each out (in teller order); returns the timeline."""
        tellers, listeners = self.draw()
        log: list[LogEntry] = []
        for t, li in zip(tellers.tolist(), listeners.tolist(), strict=True):
            log += gossip(self.world, self.memory, teller=self.ids[t], listener=self.ids[li], about=None, text=None)
        self.last_tellings = len(tellers)
        return log
