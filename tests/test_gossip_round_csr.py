"""The gossip round's acquaintances stay the graph's as ties are added tick by tick (overflow, fold,
bulk), and its draw is the draw a freshly built round makes from the same rng state."""

from __future__ import annotations

from datetime import datetime, timedelta

import networkx as nx
import numpy as np
import pytest

from townsfolk.memory.store import MemoryStore
from townsfolk.sim.gossip_round import GossipRound, _sorted_unique
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World


def town(n: int, seed: int) -> World:
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(minutes=5)), seed=seed)
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}", is_player=i == 1))
    for u, v in nx.powerlaw_cluster_graph(n, 2, 0.2, seed=seed).edges():
        world.graph.set_edge(f"n{u}", f"n{v}", "friend", 0.5, tick=0, time=world.now)  # one way only
    return world


def same_as_graph(world: World, rumour: GossipRound) -> None:
    for i, cid in enumerate(rumour.ids):
        assert rumour.acquaintances_of(i).tolist() == sorted(rumour.row[o] for o in world.graph.acquaintances(cid))


def tie(world: World, rng: np.random.Generator, count: int) -> None:
    """`count` new edges between random characters: new pairs, second kinds for old pairs, reverses."""
    ids = list(world.characters)
    for _ in range(count):
        a, b = rng.choice(len(ids), size=2, replace=False).tolist()
        kind = ("rival", "neighbour", "friend")[int(rng.integers(3))]
        world.graph.set_edge(ids[a], ids[b], kind, 0.4, tick=1, time=world.now)


@pytest.mark.parametrize("batch", [3, 40, 300])  # a tick's few new ties, a vectorised check, enough to fold
def test_acquaintances_follow_the_graph_as_it_gains_ties(batch):
    world = town(200, seed=4)
    rumour = GossipRound(world, MemoryStore(), p=0.5)
    rumour.informed[:] = True
    rng = np.random.default_rng(9)
    for _ in range(6):
        tie(world, rng, batch)
        state = world.rng.bit_generator.state
        ours = rumour.draw()
        world.rng.bit_generator.state = state
        fresh = GossipRound(world, MemoryStore(), p=0.5)
        fresh.informed[:] = True
        again = fresh.draw()
        assert ours[0].tolist() == again[0].tolist() and ours[1].tolist() == again[1].tolist()
        assert not fresh._extra, "a fresh round has everything in its CSR"  # noqa: SLF001
        same_as_graph(world, rumour)
    if batch == 300:
        assert rumour._extra_count.sum() < 1800, "the overflow was folded into the CSR"  # noqa: SLF001


def test_a_bulk_of_new_ties_rebuilds_and_a_quiet_tick_reads_nothing():
    world = town(300, seed=6)
    rumour = GossipRound(world, MemoryStore(), p=0.5)
    tie(world, np.random.default_rng(1), 5000)
    rumour._acquaintances()  # noqa: SLF001
    same_as_graph(world, rumour)
    assert not rumour._extra  # noqa: SLF001
    seen = rumour._edges_seen  # noqa: SLF001
    rumour._acquaintances()  # noqa: SLF001
    assert rumour._edges_seen == seen == world.graph.columns.n  # noqa: SLF001


def test_sorted_unique_is_np_unique() -> None:
    """The CSR's pairs deduplicated by sort and mask are np.unique's, sorted, each once."""
    rng = np.random.default_rng(5)
    for keys in (np.zeros(0, dtype=np.int64), np.array([7], dtype=np.int64), rng.integers(0, 50, 1000),
                 np.repeat(rng.integers(0, 10**9, 5000), 3), np.sort(rng.integers(0, 100, 300))[::-1].copy()):
        assert _sorted_unique(keys).tolist() == np.unique(keys).tolist()
