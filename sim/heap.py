"""A run's long-lived heap: the town built before the first tick lives until the run ends.

A 10k-NPC town is millions of Python objects; every full pass of the cyclic garbage collector
walks all of them again, and a tick that allocates (memories, beliefs, timeline lines) triggers
such passes: a quarter of a tick's CPU at 10k. `gc.freeze()` moves what exists now out of the
collector's view; objects made later are collected as usual, and everything is handed back
(`gc.unfreeze()`) when the run ends, so a process that runs many towns (tests, sweeps, a server)
does not keep a finished town's cycles.

Within the block, each tick's survivors are frozen too (`keep_survivors`, at the end of a tick):
what a tick leaves behind (memories, beliefs, lines) is long-lived as well, and young and full
passes then scan only what the next tick makes. A cycle that becomes garbage after its tick is
kept until the block ends; plain objects are still freed by their reference counts at once.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_depth = [0]  # nested runs (a sweep inside a test...): only the outermost hands the heap back


@contextmanager
def long_lived_heap() -> Iterator[None]:
    """Within the block, objects that existed on entry are not scanned by the cyclic collector."""
    gc.freeze()
    _depth[0] += 1
    try:
        yield
    finally:
        _depth[0] -= 1
        if _depth[0] == 0:
            gc.unfreeze()


def keep_survivors() -> None:
    """At a tick's end inside `long_lived_heap`: what the tick made and kept joins the long-lived heap
    (`gc.freeze` is a list splice, not a pass); outside such a block, nothing."""
    if _depth[0]:
        gc.freeze()
