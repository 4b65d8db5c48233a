"""What a tick costs regardless of its tellings, kept cheap without changing a number: trusted
timeline lines are the constructor's objects, the in-place affect relax is `relax` to the bit,
and the drive's bond pulls moved by the change log are the pulls computed afresh."""

from __future__ import annotations

import copy
import pickle
from datetime import datetime, timedelta

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_scale_engine import small_town
from townsfolk.agents.affect import AffectField, relax, relax_slow
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.drive import bond_pulls
from townsfolk.sim.engine import Simulation, mood_texts
from townsfolk.sim.gossip_round import GossipRound
from townsfolk.sim.log import LogEntry
from townsfolk.sim.minds import Minds
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World


@pytest.mark.parametrize("ids", [None, {"fact": "f3", "covers": 2}])
def test_a_trusted_line_is_the_line_the_constructor_makes(ids):
    made = LogEntry(tick=4, time="2026-03-02T08:20", kind="mood", who=["n1"], text="Npc1: low (-0.21)",
                    **({} if ids is None else {"ids": ids}))
    trusted = LogEntry.trusted(4, "2026-03-02T08:20", "mood", ["n1"], "Npc1: low (-0.21)", ids)
    for other in (trusted, *([] if ids else LogEntry.many(4, "2026-03-02T08:20", "mood",
                                                          [("n1", "Npc1: low (-0.21)")]))):
        assert other == made and repr(other) == repr(made) and other.to_json() == made.to_json()
        assert other.model_fields_set == made.model_fields_set
        assert other.model_dump(exclude_unset=True) == made.model_dump(exclude_unset=True)
        assert pickle.loads(pickle.dumps(other)) == made == copy.deepcopy(other)
        other.text = "changed"  # a field set later behaves as on any model
        assert other.text == "changed" and made.text != "changed"


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 40), seed=st.integers(0, 2**32 - 1),
       dt=st.one_of(st.sampled_from([0.0, 1.0, 300.0, 86_400.0 * 30]), st.floats(0, 1e5)))
def test_the_in_place_relax_is_relax_to_the_bit(n, seed, dt):
    rng = np.random.default_rng(seed)
    field = AffectField([f"a{i}" for i in range(n)], group_ids=["inn"])
    field.join([f"a{i}" for i in range(0, n, 3)], "inn")
    for i in range(1, n - 1, 4):
        field.converse(f"a{i}", f"a{i + 1}")
    field.fast = rng.uniform(-1, 1, (n, 3))
    field.group_slow = rng.uniform(-1, 1, field.group_slow.shape)
    field.pair_slow = rng.uniform(-1, 1, field.pair_slow.shape)
    want = relax(field.fast, field.targets(), dt, field.params)
    want_pairs, want_groups = relax_slow(field.pair_slow, dt, field.params), relax_slow(field.group_slow, dt)
    field.tick(dt)
    assert field.fast.tobytes() == want.tobytes()
    assert field.pair_slow.tobytes() == want_pairs.tobytes() and field.group_slow.tobytes() == want_groups.tobytes()


def drive_town(n: int, seed: int) -> tuple[Simulation, GossipRound]:
    return small_town(n, seed, drive=True)


def test_bond_pulls_moved_by_the_change_log_are_the_pulls_computed_afresh():
    sim, rumour = drive_town(150, seed=2)
    updates, last = 0, (None, -1)
    for tick in range(1, 9):
        sim.world.clock.tick = tick
        rumour.step()
        sim.run_tick(tick, [])  # the drive tick reads the pulls, kept since the last tick
        kept = bond_pulls(sim.world, sim.minds)
        table = sim.minds._pair_table  # noqa: SLF001
        updates += table is last[0] and table.log_seen > last[1]
        last = (table, table.log_seen)
        sim.minds._pair_table = None  # noqa: SLF001  (forget what was kept: everything from the columns)
        fresh = bond_pulls(sim.world, sim.minds)
        sim.minds._pair_table = table  # noqa: SLF001  (and go on with the kept one)
        assert kept[0].tobytes() == fresh[0].tobytes() and kept[1].tobytes() == fresh[1].tobytes()
        for npc in sim.minds.npcs:
            assert kept[2].get(npc) == fresh[2].get(npc)
    assert updates >= 5, "edges moved between the ticks, so the kept pulls were updated, not rebuilt"


def test_mood_texts_are_the_per_line_format():
    names = {"n1": "Npc1", "n2": "阿二"}
    changes = [("n1", "low", -0.2149), ("n2", "low", -0.2149), ("n3", "calm", 0.0), ("n1", "calm", -0.0),
               ("n2", "cheerful", 0.205), ("n1", "low", float("nan"))]
    assert mood_texts(changes, names) == [(npc, f"{names.get(npc, npc)}: {label} ({v:+.2f})")
                                          for npc, label, v in changes]


def test_mood_changes_label_as_the_nested_where_did():
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(minutes=5)), seed=1)
    for i in range(400):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}"))
    minds = Minds(world, MemoryStore())
    rng = np.random.default_rng(3)
    for _ in range(5):
        before = minds._mood_codes.copy()  # noqa: SLF001
        minds.affect.fast[:, 0] = np.concatenate([rng.uniform(-0.5, 0.5, 396), [-0.2, 0.2, np.nan, -0.0]])
        v = minds.affect.fast[:, 0]
        want = np.where(v < -0.2, 0, np.where(v > 0.2, 2, 1))
        changes = minds.mood_changes("en")
        assert minds._mood_codes.tolist() == want.tolist()  # noqa: SLF001
        assert [c[0] for c in changes] == [minds.npcs[r] for r in np.flatnonzero(want != before)]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 30), seed=st.integers(0, 2**32 - 1))
def test_a_tick_s_stimuli_land_as_apply_stimulus_puts_them_to_the_bit(n, seed):
    rng = np.random.default_rng(seed)
    ids = [f"a{i}" for i in range(n)]
    quick, slow = (AffectField(ids, group_ids=["inn", "mill"]) for _ in range(2))
    for field in (quick, slow):
        field.join(ids[::2], "inn")
        field.join(ids[1::4], "mill")
        if n > 1:
            field.converse(ids[0], ids[-1])  # one pair talking one to one
    start = rng.uniform(-1, 1, (n, 3))
    start[rng.random((n, 3)) < 0.1] = rng.choice([-1.0, 1.0, 0.0, -0.0])  # at the bounds, and signed zeros
    groups = rng.uniform(-1, 1, (2, 3))
    for field in (quick, slow):
        field.fast, field.group_slow = start.copy(), groups.copy()
        field.pair_slow = rng.uniform(-1, 1, field.pair_slow.shape) if field is quick else quick.pair_slow.copy()
    who = sorted(rng.choice(ids, size=int(rng.integers(1, n + 1)), replace=False).tolist())
    stim = rng.uniform(-1.5, 1.5, (len(who), 3))
    quick.stimulate(who, stim)  # the every-tick path
    slow.stimulate(who, stim, np.zeros(len(who)))  # apply_stimulus with its repeats, as it always was
    for name in ("fast", "group_slow", "pair_slow"):
        assert getattr(quick, name).tobytes() == getattr(slow, name).tobytes(), name
