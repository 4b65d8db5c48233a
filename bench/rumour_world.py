"""The rumour workload both scale benches run: a synthetic town built through the Python API.

A powerlaw-cluster graph (networkx, m=5: about 10 ties per NPC) gives each pair a warm tie both
ways (friend, neighbour or colleague, which seeds the four bond axes as a scenario would); 1% of
NPCs witness one rumour at tick 0; from tick 1 on each informed NPC retells, with p per tick, to
a random neighbour (`sim.gossip_round`, one vectorised draw from the world's rng).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timedelta

import networkx as nx
import numpy as np

from townsfolk.agents.bonds import seed_bonds_all
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.engine import Simulation
from townsfolk.sim.gossip_round import GossipRound
from townsfolk.sim.scenario import Beat, HappenSpec
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

TIE_KINDS = ("friend", "neighbour", "colleague")
SEED_FRACTION = 0.01
P_TELL = 0.1
START = datetime(2026, 3, 2, 8, 0)  # a Monday morning: NPCs are awake for the drive tick
TICK = timedelta(minutes=5)


@dataclass
class Town:
    sim: Simulation
    rumour: GossipRound
    build_s: float
    seeded: int
    build_cpu_s: float = 0.0  # CPU time of the build (the machine may be shared: wall time alone misleads)


def tie_graph(n: int, seed: int) -> nx.Graph:
    return nx.powerlaw_cluster_graph(n, 5, 0.1, seed=seed)


def build_town(n: int, *, seed: int = 7, drive: bool = False) -> Town:
    """Build the world, seed the bond axes, and witness the rumour (tick 0); returns the time taken."""
    t0, cpu0 = time.perf_counter(), time.process_time()
    world = World(clock=SimClock(start=START, tick_length=TICK), seed=seed, language="en", title=f"bench {n}")
    rng = np.random.default_rng(seed)
    traits = rng.random((n, 3))
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}", role="townsfolk",
                                      traits={"candour": float(traits[i, 0]), "exaggeration": float(traits[i, 1]),
                                              "mischief": float(traits[i, 2])}))
    g = tie_graph(n, seed)
    kinds = rng.integers(len(TIE_KINDS), size=g.number_of_edges())
    strengths = np.round(0.3 + 0.6 * rng.random(g.number_of_edges()), 2)
    # each tie both ways, in one bulk call (the same edges and first changes as a set_edge each)
    ends = np.array(g.edges(), dtype=np.int64).reshape(-1, 2)
    src, tgt = np.stack([ends[:, 0], ends[:, 1]], axis=1).reshape(-1), np.stack([ends[:, 1], ends[:, 0]], axis=1).reshape(-1)
    world.graph.add_edges([f"n{i}" for i in src.tolist()], [f"n{i}" for i in tgt.tolist()],
                          [TIE_KINDS[k] for k in np.repeat(kinds, 2).tolist()], np.repeat(strengths, 2),
                          tick=0, time=world.now, cause=Cause(kind="seed"), reason="bench")
    seed_bonds_all(world)
    memory = MemoryStore()
    sim = Simulation(world, memory, embedder=LexicalEmbedder(), drive=drive)
    rumour = GossipRound(world, memory, p=P_TELL)
    witnesses = sorted(int(i) for i in rng.choice(np.arange(1, n), size=max(1, int(n * SEED_FRACTION)),
                                                   replace=False))
    beat = Beat(at=0, happen=HappenSpec(what="Npc0 cheated a customer at the market", actor="n0",
                                        witnesses=[f"n{i}" for i in witnesses], valence=-0.6, place="market"))
    sim.run_tick(0, [beat])
    return Town(sim=sim, rumour=rumour, build_s=time.perf_counter() - t0, seeded=len(witnesses),
                build_cpu_s=time.process_time() - cpu0)


def run_ticks(town: Town, ticks: int, *, store=None, commit_every: int = 1) -> tuple[float, int]:  # noqa: ANN001
    """Run ticks 1..ticks (gossip round, then the engine's own tick); returns (seconds, tellings)."""
    sim = town.sim
    tellings = 0
    pending = []
    t0 = time.perf_counter()
    for tick in range(1, ticks + 1):
        sim.world.clock.tick = tick
        entries = town.rumour.step()
        tellings += town.rumour.last_tellings
        entries += sim.run_tick(tick, [])
        pending += entries
        if store is not None and (tick % commit_every == 0 or tick == ticks):
            store.commit_tick(sim.world, sim.memory, pending, finished=tick == ticks,
                              extra={"minds": sim.minds}, decisions=sim.minds.take_decisions())
            pending = []
        elif store is None:
            sim.minds.take_decisions()
    return time.perf_counter() - t0, tellings
