"""The fast affect saved as one tick's step (sim/fast_steps.py, sim/minds_rows.py): a commit after
one tick stores the step, not the array; the stored pieces give the live state back bit for bit;
NPCs moving group or pair are kept in the step; anything a step cannot reproduce (several ticks,
too many steps) is stored whole;
whole-number arrays are stored narrow and read back as int64."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta

import numpy as np
import pytest

from townsfolk.memory.store import MemoryStore
from townsfolk.sim.fast_steps import StepWork, replay, step_of
from townsfolk.sim.minds import Minds
from townsfolk.sim.minds_rows import (
    STEP,
    STEP_ROWS,
    STEPS,
    MindsRows,
    MindsSaved,
    minds_rows,
    minds_state,
)
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World

DT = 600.0


def _minds(n: int) -> Minds:
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 8, 0)), seed=1, language="en", title="steps")
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"N{i}", role="townsfolk"))
    return Minds(world, MemoryStore())


class Disk:
    """What the minds tables would hold after each commit's rows (deletes first, then upserts)."""

    def __init__(self) -> None:
        self.blocks: dict[str, tuple] = {}
        self.entries: dict[str, tuple] = {}

    def commit(self, rows: MindsRows) -> MindsRows:
        for bid in rows.gone_blocks:
            self.blocks.pop(bid, None)
        for eid in rows.gone_entries:
            self.entries.pop(eid, None)
        self.blocks.update((b[0], b[1:]) for b in rows.blocks)
        self.entries.update((e[0], (e[0], e[1], json.loads(e[2]))) for e in rows.entries)
        return rows

    def state(self) -> dict:
        found = minds_state(list(self.blocks.values()), list(self.entries.values()))
        assert found is not None
        return found[0]


def _tick(minds: Minds, rng: np.random.Generator, stirred: int = 5) -> None:
    """One tick as `Minds.settle` takes it: every layer relaxes, then a few NPCs are stirred."""
    for row in rng.choice(len(minds.npcs), size=stirred, replace=False).tolist():
        minds._stimuli[minds.npcs[row]] = [float(rng.uniform(-1, 1)), 0.2, float(rng.uniform(-0.5, 0.5))]  # noqa: SLF001
    minds.settle(DT)


def test_a_commit_after_one_tick_stores_its_step_and_the_stored_pieces_give_the_state_back():
    minds, rng = _minds(STEP_ROWS + 200), np.random.default_rng(3)
    saved, disk = MindsSaved(), Disk()
    disk.commit(minds_rows(saved, minds, DT))
    for _ in range(6):
        _tick(minds, rng)
        rows = disk.commit(minds_rows(saved, minds, DT))
        assert not any(b[0].startswith("fast:") for b in rows.blocks)  # the array is not rewritten
        step = [b for b in rows.blocks if b[1] == STEP]
        assert len(step) == 1 and len(step[0][5]) < 2_000  # a few stirred rows, not 100 KB
        assert disk.state() == minds.state()
    assert saved.steps == 6
    quiet = disk.commit(minds_rows(saved, minds, DT))  # a commit with no tick since (a player's turn)
    assert not quiet.blocks and not quiet.gone_blocks and saved.steps == 6
    # a store opened on these tables goes on from what it read (the replayed array, the steps held)
    _state, reread = minds_state(list(disk.blocks.values()), list(disk.entries.values()))
    assert reread.steps == 6 and np.array_equal(reread.arrays["fast"], minds.affect.fast)
    _tick(minds, rng)
    disk.commit(minds_rows(reread, minds, DT))
    assert disk.state() == minds.state() and reread.steps == 7


def test_a_step_computed_in_kept_arrays_is_the_same_step_and_the_store_keeps_its_copy_without_copying():
    minds, rng = _minds(STEP_ROWS + 200), np.random.default_rng(4)
    minds.affect.join([f"n{i}" for i in range(10, 60)], "market")
    before, slow = minds.affect.fast.copy(), minds.affect.group_slow.copy()
    _tick(minds, rng)
    args = {"group_slow": slow, "pair_slow": np.zeros((0, 3)), "group_of": minds.affect.group_of,
            "pair_row": minds.affect.pair_row, "group_of_before": minds.affect.group_of,
            "params": minds.affect.params, "dt_seconds": DT}
    work = StepWork()
    plain = step_of(before, minds.affect.fast, **args)
    assert plain is not None and step_of(before, minds.affect.fast, **args, work=work) == plain
    assert work.relaxed.tobytes() == minds.affect.fast.tobytes()  # the array the step made is `now`
    saved, disk = MindsSaved(), Disk()
    disk.commit(minds_rows(saved, minds, DT))
    for _ in range(4):
        _tick(minds, rng)
        disk.commit(minds_rows(saved, minds, DT))
        kept = saved.arrays["fast"]
        assert kept is not minds.affect.fast and kept is not saved.work.relaxed
        assert kept.tobytes() == minds.affect.fast.tobytes() and disk.state() == minds.state()
    assert saved.steps == 4


def test_npcs_who_move_between_ticks_are_kept_in_the_step_and_a_load_walks_their_places_back():
    minds, rng = _minds(STEP_ROWS + 200), np.random.default_rng(9)
    minds.affect.join([f"n{i}" for i in range(100, 140)], "market")  # (and n5000 on: a third place)
    minds.affect.join([f"n{i}" for i in range(STEP_ROWS - 100, STEP_ROWS + 100)], "well")
    saved, disk = MindsSaved(), Disk()
    disk.commit(minds_rows(saved, minds, DT))
    moves = [lambda: minds.affect.converse("n1", "n2"), lambda: minds.affect.leave(["n5", "n6", "n7"]),
             lambda: None, lambda: minds.affect.join(["n1", "n120"], "town"),
             lambda: minds.affect.join(["n7", "n8"], "market"), lambda: minds.affect.converse("n9", "n130")]
    for move in moves * 2:
        move()
        _tick(minds, rng)
        rows = disk.commit(minds_rows(saved, minds, DT))
        assert [b[1] for b in rows.blocks if b[1] == "fast"] == []  # a step each time, moves and all
        assert disk.state() == minds.state()
    assert saved.steps == 2 * len(moves)


def test_what_a_step_cannot_reproduce_is_stored_whole_and_the_steps_are_dropped():
    minds, rng = _minds(STEP_ROWS + 200), np.random.default_rng(5)
    saved, disk = MindsSaved(), Disk()
    disk.commit(minds_rows(saved, minds, DT))
    _tick(minds, rng)
    disk.commit(minds_rows(saved, minds, DT))
    assert saved.steps == 1
    _tick(minds, rng)
    _tick(minds, rng)  # two ticks since the last commit: not one step
    rows = disk.commit(minds_rows(saved, minds, DT))
    assert "fast:0" in {b[0] for b in rows.blocks} and rows.gone_blocks.count(f"{STEP}:1") == 1
    assert saved.steps == 0 and disk.state() == minds.state()
    _tick(minds, rng)
    minds.affect.converse("n1", "n2")  # two NPCs move to a pair: the placements a step reads moved
    _tick(minds, rng)
    rows = disk.commit(minds_rows(saved, minds, DT))
    assert saved.steps == 0 and disk.state() == minds.state()
    for _ in range(STEPS + 2):  # at most STEPS steps over a whole copy
        _tick(minds, rng)
        disk.commit(minds_rows(saved, minds, DT))
    assert saved.steps == 1 and not any(k.startswith(f"{STEP}:2") for k in disk.blocks)
    assert disk.state() == minds.state()
    minds.affect.fast[7, 0] = 0.0
    disk.commit(minds_rows(saved, minds))  # no tick length: stored whole
    minds.affect.fast[7, 0] = -0.0  # only the sign moved, which a comparison of values does not see
    disk.commit(minds_rows(saved, minds))
    assert disk.state() == minds.state()  # (the state packs the bytes: -0.0 is not 0.0 there)


def test_a_small_town_stores_its_fast_affect_whole():
    minds, rng = _minds(STEP_ROWS - 1), np.random.default_rng(2)
    saved, disk = MindsSaved(), Disk()
    disk.commit(minds_rows(saved, minds, DT))
    _tick(minds, rng)
    rows = disk.commit(minds_rows(saved, minds, DT))
    assert "fast:0" in {b[0] for b in rows.blocks} and saved.steps == 0 and disk.state() == minds.state()


def test_whole_numbers_are_stored_narrow_and_read_back_as_the_live_int64_arrays():
    minds = _minds(300)
    saved, disk = MindsSaved(), Disk()
    rows = disk.commit(minds_rows(saved, minds, DT))
    dtypes = {b[1]: b[3] for b in rows.blocks}
    assert dtypes["moods"] == "|i1" and dtypes["group_of"] == "|i1" and dtypes["fast"] == "<f8"
    state = disk.state()
    assert state == minds.state() and state["moods"]["dtype"] == "<i8"


def test_a_damaged_or_foreign_step_is_refused():
    prev = np.random.default_rng(1).uniform(-1, 1, (50, 3))
    group_of = np.zeros(50, dtype=np.int64)
    now = prev * 0.5
    assert step_of(prev, now, group_slow=np.zeros((1, 3)), pair_slow=np.zeros((0, 3)), group_of=group_of,
                   pair_row=np.full(50, -1), group_of_before=group_of, params=_minds(1).affect.params,
                   dt_seconds=DT) is None  # not a relax
    minds = _minds(50)
    minds.affect.fast[:] = prev
    before = minds.affect.fast.copy()
    minds.affect.tick(DT)
    data = step_of(before, minds.affect.fast, group_slow=np.zeros((1, 3)), pair_slow=np.zeros((0, 3)),
                   group_of=minds.affect.group_of, pair_row=minds.affect.pair_row,
                   group_of_before=minds.affect.group_of, params=minds.affect.params, dt_seconds=DT)
    assert data is not None
    assert np.array_equal(replay(before, minds.affect.group_of, data), minds.affect.fast)
    for bad in (data[:-8], data[:20], data + b"x"):
        with pytest.raises(ValueError):
            replay(before, minds.affect.group_of, bad)
    with pytest.raises(ValueError):
        replay(before[:10], minds.affect.group_of[:10], data)


def test_a_store_of_record_saves_steps_and_a_fresh_store_reads_the_state_back(tmp_path):
    from townsfolk.sim.run_store import RunStore

    minds, rng = _minds(STEP_ROWS + 10), np.random.default_rng(11)
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 8, 0), tick_length=timedelta(seconds=DT)), seed=1,
                  language="en", title="steps")
    for npc in minds.npcs:
        world.add_character(Character(id=npc, name=npc.upper(), role="townsfolk"))
    db = tmp_path / "run.db"
    store = RunStore(db)
    store.create(world)
    for tick in range(STEPS + 3):  # past one whole copy's worth of steps
        world.clock.tick = tick
        if tick:
            _tick(minds, rng)
        store.commit_tick(world, MemoryStore(), [], extra={"minds": minds})
        if tick in (1, 2, STEPS, STEPS + 2):
            fresh = RunStore(db, must_exist=True)
            assert fresh.run_info().extra["minds"] == minds.state()
            fresh.engine.dispose()
    con = sqlite3.connect(db)
    steps = [r[0] for r in con.execute("SELECT id FROM mind_array WHERE name = ? ORDER BY block", (STEP,))]
    con.close()
    assert steps == [f"{STEP}:1"]  # stored whole again at tick STEPS + 1, one step since
