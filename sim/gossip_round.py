"""One gossip round for the whole town: who tells whom this tick, drawn in one vectorised step.

Every informed NPC (one holding a belief it may pass on) retells with probability `p` to one
random acquaintance. The draw is two calls on the world's one seeded rng (a uniform per NPC for
"tells this tick", a uniform per teller for "to whom"), so the same seed gives the same tellings;
only the tellings themselves (retell: distortion, memories, belief, appraisal) run per telling.
Acquaintances are a CSR array built from the graph of record with the town; pairs tied later go
to a small per-character overflow (a tick's tellings tie a few listeners to the rumour's subject),
folded into the CSR in one array pass once it grows (a rebuild was 2 s of a tick at 100k NPCs).
"""

from __future__ import annotations

import gc
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import compress

import numpy as np

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.actions import gossip
from townsfolk.sim.heap import keep_survivors
from townsfolk.sim.log import LogEntry
from townsfolk.sim.sorted_unique import sorted_unique as _sorted_unique
from townsfolk.sim.tellings import tell_all
from townsfolk.world.world import World

_IS_BELIEF = "belief".__eq__


class GossipRound:
    """Keeps who is informed as a boolean array (fed by the memory store's put hook)."""

    def __init__(self, world: World, memory: MemoryStore, *, p: float, batched: bool = True) -> None:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be in [0, 1], got {p}")
        self.world, self.memory, self.p = world, memory, p
        self.ids = list(world.characters)
        self.row = {cid: i for i, cid in enumerate(self.ids)}
        self.npc = np.array([not world.characters[c].is_player for c in self.ids], dtype=bool)
        self.informed = np.zeros(len(self.ids), dtype=bool)
        beliefs = list(memory.beliefs.values())
        self._on_put_many(["belief"] * len(beliefs), beliefs)
        memory.on_put_many.append(self._on_put_many)
        self._csr_version = -1
        self.indptr = np.zeros(1, dtype=np.int64)
        self.indices = np.zeros(0, dtype=np.int64)
        self._edges_seen = 0  # edge rows (append-only) already in the CSR or the overflow
        self._to_row = np.zeros(0, dtype=np.int64)  # edge-column node code -> character row (-1: not ours)
        self._extra: dict[int, list[int]] = {}  # character row -> acquaintances tied since the CSR, sorted
        self._extra_count = np.zeros(len(self.ids), dtype=np.int64)
        self.last_tellings = 0
        self.batched = batched  # a tick's tellings as one step (sim/tellings.py), or one by one
        self.last_runs = 0  # runs the last batched step was written in (a chain in the tick splits it)
        self._rebuild()  # built with the town; a tick only adds the pairs it tied

    def _on_put_many(self, kinds: Sequence[str], items: Sequence[object]) -> None:
        """A holder of a public belief is informed (told of a run of new items at once)."""
        if len(kinds) != len(items):
            raise ValueError("as many kinds as items")
        row = self.row
        rows: list[int] = []  # (set in one array write: a numpy item write per belief cost more than the loop)
        # the beliefs picked at C speed (a fold's summary or impression, put alone, costs no loop)
        for item in compress(items, map(_IS_BELIEF, kinds)):
            if isinstance(item, Belief):
                fields = item.__dict__  # (a model's attribute read costs twice a key of its dict)
                if not fields["private"]:
                    r = row.get(fields["holder"])
                    if r is not None:
                        rows.append(r)
        if rows:
            self.informed[np.array(rows, dtype=np.intp)] = True

    def _node_rows(self) -> np.ndarray:
        """Character row of each edge-column node code (extended as the columns gain nodes)."""
        nodes = self.world.graph.columns.nodes
        if len(self._to_row) != len(nodes):
            more = [self.row.get(node, -1) for node in nodes[len(self._to_row):]]
            self._to_row = np.concatenate([self._to_row, np.array(more, dtype=np.int64)])
        return self._to_row

    def _pairs_of(self, first: int, last: int) -> np.ndarray:
        """Pairs (a * n + b, both directions, each once, sorted) of the edge rows first..last-1."""
        cols = self.world.graph.columns
        to_row = self._node_rows()
        src, tgt = to_row[cols.src[first:last]], to_row[cols.tgt[first:last]]
        keep = (src >= 0) & (tgt >= 0)
        a = np.concatenate([src[keep], tgt[keep]])
        b = np.concatenate([tgt[keep], src[keep]])
        return _sorted_unique(a * len(self.ids) + b)

    def _rebuild(self) -> None:
        """CSR of everyone tied to each character (either direction, any kind), in row order: one
        array pass over the graph's edge columns (a walk over every node's neighbours took 0.5 s at 10k)."""
        graph, n = self.world.graph, len(self.ids)
        pairs = self._pairs_of(0, graph.columns.n)  # sorted by character, then by acquaintance: each pair once
        self.indptr = np.concatenate([[0], np.cumsum(np.bincount(pairs // n, minlength=n))]).astype(np.int64)
        self.indices = (pairs % n).astype(np.int64)
        self._extra.clear()
        self._extra_count[:] = 0
        self._edges_seen, self._csr_version = graph.columns.n, graph.pair_version

    def _acquaintances(self) -> None:
        """Bring the acquaintances up to the graph: only the edge rows added since last time are read."""
        graph = self.world.graph
        if graph.pair_version == self._csr_version:
            return
        n, total = len(self.ids), graph.columns.n
        pairs = self._pairs_of(self._edges_seen, total)
        self._edges_seen, self._csr_version = total, graph.pair_version
        if len(pairs) > max(4096, len(self.indices) // 8):  # a bulk load of ties: one pass over all is cheaper
            self._rebuild()
            return
        a, b = pairs // n, pairs % n
        known = self._in_csr(a, b)
        for x, y in zip(a[~known].tolist(), b[~known].tolist(), strict=True):
            extra = self._extra.setdefault(x, [])
            j = bisect_left(extra, y)
            if j == len(extra) or extra[j] != y:
                extra.insert(j, y)
                self._extra_count[x] += 1
        if sum(len(v) for v in self._extra.values()) > max(1024, len(self.indices) // 64):
            self._fold()

    def _in_csr(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Whether each pair (a[k], b[k]) is already in the CSR (each row's acquaintances are sorted)."""
        if len(a) > 64:  # many: every CSR entry as a sorted key, one vectorised search
            keys = np.repeat(np.arange(len(self.ids), dtype=np.int64), np.diff(self.indptr)) * len(self.ids)
            keys += self.indices
            at = np.minimum(np.searchsorted(keys, a * len(self.ids) + b), max(len(keys) - 1, 0))
            return keys[at] == a * len(self.ids) + b if len(keys) else np.zeros(len(a), dtype=bool)
        known = np.zeros(len(a), dtype=bool)  # few (a tick's new ties): one binary search in each row
        for k, (x, y) in enumerate(zip(a.tolist(), b.tolist(), strict=True)):
            s, e = int(self.indptr[x]), int(self.indptr[x + 1])
            j = s + int(np.searchsorted(self.indices[s:e], y))
            known[k] = j < e and int(self.indices[j]) == y
        return known

    def _fold(self) -> None:
        """Move the overflow into the CSR: one insert into the acquaintance array, in row order."""
        rows = sorted(self._extra)
        at, values = [], []
        for r in rows:
            s, e = int(self.indptr[r]), int(self.indptr[r + 1])
            extra = self._extra[r]
            at += (s + np.searchsorted(self.indices[s:e], extra)).tolist()
            values += extra
        self.indices = np.insert(self.indices, np.array(at, dtype=np.int64), np.array(values, dtype=np.int64))
        self.indptr = self.indptr + np.concatenate([[0], np.cumsum(self._extra_count)])
        self._extra.clear()
        self._extra_count[:] = 0

    def acquaintances_of(self, row: int) -> np.ndarray:
        """One character's acquaintances as rows, sorted (the CSR's and the overflow's together)."""
        base = self.indices[self.indptr[row]:self.indptr[row + 1]]
        extra = self._extra.get(row)
        return base if not extra else np.sort(np.concatenate([base, np.array(extra, dtype=np.int64)]))

    def draw(self) -> tuple[np.ndarray, np.ndarray]:
        """(tellers, listeners) as character rows for this tick: one vectorised draw."""
        self._acquaintances()
        rng = self.world.rng
        tells = self.informed & self.npc & (rng.random(len(self.ids)) < self.p)
        tellers = np.flatnonzero(tells)
        degree = self.indptr[tellers + 1] - self.indptr[tellers] + self._extra_count[tellers]
        tellers, degree = tellers[degree > 0], degree[degree > 0]
        picks = np.minimum((rng.random(len(tellers)) * degree).astype(np.int64), degree - 1)
        base = self.indptr[tellers]
        listeners = self.indices[np.minimum(base + picks, len(self.indices) - 1)] if len(self.indices) else picks
        if self._extra:  # the few tellers tied to someone since the CSR was built pick from the merged list
            for k in np.flatnonzero(self._extra_count[tellers] > 0).tolist():
                listeners[k] = self.acquaintances_of(int(tellers[k]))[picks[k]]
        return tellers, listeners

    def step(self) -> list[LogEntry]:
        """Draw this tick's tellings and carry them out (in teller order); returns the timeline.
        Batched (`sim/tellings.py`: decided in turn, written together, the same effects in the same
        order) unless `batched` is False, which carries each out through `actions.gossip`.

        The cyclic collector waits until the round is done: what a telling makes (memories, beliefs,
        lines) is kept, so its young passes found nothing to free and moved the same objects up
        again (a tenth of the round's CPU at 10k); in a run's long-lived heap (sim/heap.py) the
        round's survivors are then frozen as a tick's are."""
        with _collector_paused():
            log = self._tell()
            keep_survivors()  # before the collector is back: else its first pass scans the whole round
        return log

    def _tell(self) -> list[LogEntry]:
        tellers, listeners = self.draw()
        ids = self.ids
        pairs = [(ids[t], ids[li]) for t, li in zip(tellers.tolist(), listeners.tolist(), strict=True)]
        self.last_tellings = len(pairs)
        if self.batched:
            log, self.last_runs = tell_all(self.world, self.memory, pairs)
            return log
        log: list[LogEntry] = []
        for teller, listener in pairs:
            log += gossip(self.world, self.memory, teller=teller, listener=listener, about=None, text=None)
        return log


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic collection within the block (reference counting still frees at once); the
    collector's state on entry is restored on leaving."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
