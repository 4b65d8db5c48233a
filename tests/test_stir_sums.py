"""A tick's stimuli summed at settle from the event memories kept as they were written: the same
sums, to the bit, as adding each event's terms one by one in write order (players left out)."""

from __future__ import annotations

from datetime import datetime

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import townsfolk.sim.minds as minds_module
from townsfolk.memory.events import EventMemory
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.minds import Minds
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World

T0 = datetime(2026, 3, 2, 8, 0)
FEELINGS = st.one_of(st.floats(-1, 1), st.sampled_from([0.0, -0.0, 1.0, -1.0, 1e-300, -1e-300]))


def _minds(n: int) -> tuple[World, MemoryStore, Minds]:
    world = World(clock=SimClock(start=T0), seed=1, language="en", title="stir")
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}"))
    world.add_character(Character(id="p1", name="Player", is_player=True))
    memory = MemoryStore()
    return world, memory, Minds(world, memory)


@pytest.mark.parametrize("ranked_from", [0, 10**9])  # the stirred found by int id ranks, or by sorting ids
@settings(max_examples=80, deadline=None)
@given(n=st.integers(1, 25), data=st.data())
def test_the_stimuli_summed_at_once_are_the_stimuli_added_one_by_one(ranked_from, n, data):
    _, _, minds = _minds(n)
    holders = [f"n{i}" for i in range(n)] + ["p1"]
    count = data.draw(st.integers(1, 60))
    events = [EventMemory(id=f"e{k}", holder=data.draw(st.sampled_from(holders)), tick=1, time=T0, what="x",
                          valence=data.draw(FEELINGS), importance=data.draw(st.floats(0, 1)))
              for k in range(count)]
    was, minds_module.RANKED_FROM = minds_module.RANKED_FROM, ranked_from
    try:
        found = minds._stir_sums(events)  # noqa: SLF001
    finally:
        minds_module.RANKED_FROM = was
    minds._stir_by_hand(events)  # noqa: SLF001
    want = minds._stimuli  # noqa: SLF001
    if not want:
        assert found is None  # only the player was stirred
        return
    stirred, sums = found
    ids = sorted(want)
    assert [minds.affect.ids[r] for r in stirred.tolist()] == ids
    assert sums.tobytes() == np.array([want[i] for i in ids]).tobytes()


def test_a_tick_s_events_stir_at_settle_as_a_hand_put_stimulus_does():
    """Through the store: the events written in a tick move the fast layer at settle exactly as
    the same sums put in by hand do (the path the tests and older runs took)."""
    _, memory, quick = _minds(12)
    _, _, by_hand = _minds(12)
    rng = np.random.default_rng(4)
    events = [EventMemory(id=f"e{k}", holder=f"n{int(rng.integers(12))}" if k % 7 else "p1", tick=1, time=T0,
                          what="x", valence=float(rng.uniform(-1, 1)), importance=float(rng.uniform(0, 1)))
              for k in range(40)]
    memory.put_all(["event"] * len(events), events)
    by_hand._stir_by_hand(events)  # noqa: SLF001
    assert quick._stirring and not quick._stimuli  # noqa: SLF001  (kept, not yet summed)
    quick.settle(300.0)
    by_hand.settle(300.0)
    assert quick.affect.fast.tobytes() == by_hand.affect.fast.tobytes()
    assert quick.affect.group_slow.tobytes() == by_hand.affect.group_slow.tobytes()
    assert quick.mood_shifts("en") == by_hand.mood_shifts("en")
    assert not quick._stirring  # noqa: SLF001


@settings(max_examples=80, deadline=None)
@given(n_groups=st.integers(1, 6), data=st.data())
def test_group_means_are_the_means_np_add_at_gives_to_the_bit(n_groups, data):
    from townsfolk.agents.affect import _group_means

    count = data.draw(st.integers(1, 40))
    groups = np.array(data.draw(st.lists(st.integers(0, n_groups - 1), min_size=count, max_size=count)))
    share = np.array(data.draw(st.lists(st.tuples(FEELINGS, FEELINGS, FEELINGS), min_size=count, max_size=count)))
    sums, counts = np.zeros((n_groups, 3)), np.zeros(n_groups)
    np.add.at(sums, groups, share)  # the sums as they were taken, one by one in order
    np.add.at(counts, groups, 1.0)
    touched = counts > 0
    mean, found = _group_means(groups, share, n_groups)
    assert found.tolist() == touched.tolist()
    assert mean.tobytes() == (sums[touched] / counts[touched, None]).tobytes()
