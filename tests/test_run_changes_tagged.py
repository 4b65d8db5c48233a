"""A run's edge changes (sim/tellings.py `_append_changes`) count an interaction on each edge whose
change's reason is tagged, whichever of the run's reasons are (none, one, several), as a change at a
time counts them."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np

from townsfolk.sim.tellings import _append_changes
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.edge_columns import TAG_PREFIX
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World


def test_each_tagged_reason_counts_once_on_its_edge() -> None:
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(hours=1)), seed=1)
    ids = [f"n{i}" for i in range(5)]
    for cid in ids:
        world.add_character(Character(id=cid, name=cid.upper()))
    src, tgt = [a for a in ids for b in ids if a != b], [b for a in ids for b in ids if a != b]
    rows = world.graph.add_edges(src, tgt, "familiarity", np.full(len(src), 0.4), tick=0, time=world.now,
                                 cause=Cause(kind="seed"), reason="seed").tolist()
    cols = world.graph.columns
    code = cols.texts.code
    reasons = [code(f"{TAG_PREFIX}: chatted"), code("appraisal: heard"), code(f"{TAG_PREFIX}: helped"),
               code("mood")]
    kind, cause = code("fact"), code("f1")
    for tick, picked in enumerate(([1, 3], [0], [0, 2], [0, 1, 2, 3]), start=1):
        before = cols.tagged[:cols.n].copy()
        at = rows[tick * 4:tick * 4 + 8]  # each edge once in a run
        changes = [(r, 0.4, 0.5, kind, cause, reasons[picked[k % len(picked)]]) for k, r in enumerate(at)]
        _append_changes(world.graph, tick, cols.times.code(world.now), changes)
        want = before.copy()
        for r, *_, reason in changes:
            want[r] += cols.texts.values[reason].startswith(TAG_PREFIX)
        assert cols.tagged[:cols.n].tolist() == want.tolist(), picked
