"""The shortcuts that make a telling cheap give what the long way gave: familiarity from kept day
counts equals a walk over the edge's history, the distortion draw is numpy's own draw, the gossip
round's acquaintances are the graph's, and a telling's timeline lists its edge moves in the order a
scan over every edge the listener has would."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.bond_axes import familiarity_from_days, units_from_familiarity
from townsfolk.agents.bonds import INTERACTION, record_interaction, seed_bonds
from townsfolk.agents.familiarity_days import DayCounts, _units
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.store import MemoryStore
from townsfolk.sim import actions
from townsfolk.sim.engine import Simulation
from townsfolk.sim.gossip import DISTORTIONS, pick_index
from townsfolk.sim.gossip_round import GossipRound
from townsfolk.sim.scenario import Beat, HappenSpec
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World


def _world(n: int = 4, language: str = "en") -> World:
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(hours=5)), seed=1,
                  language=language)
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}" if language == "en" else f"阿{i}",
                                      traits={"exaggeration": 0.9, "candour": 0.1}))
    return world


def _familiarity_by_walk(history: list, now: datetime) -> float:
    """What record_interaction computed before the counts were kept: read everything back."""
    counts: Counter[str] = Counter(c.time.date().isoformat() for c in history if c.reason.startswith(INTERACTION))
    counts[now.date().isoformat()] += 1
    base = 0.0
    if history and history[0].cause.kind == "seed":
        base = float(units_from_familiarity(max(c.after for c in history if c.cause.kind == "seed")))
    return round(float(familiarity_from_days([counts[d] for d in sorted(counts)], base_units=base)), 4)


def test_familiarity_from_kept_counts_equals_a_walk_over_the_history():
    world = _world()
    g = world.graph
    # n0 -> n1: two ties (so two seed changes on familiarity); n2 and n3 start as strangers
    for kind, s in (("friend", 0.4), ("colleague", 0.9)):
        g.set_edge("n0", "n1", kind, s, tick=0, time=world.now, cause=Cause(kind="seed"))
        g.set_edge("n1", "n0", kind, s, tick=0, time=world.now, cause=Cause(kind="seed"))
    for edge in list(g.edges()):
        seed_bonds(world, edge)
    checked = 0
    for tick in range(1, 16):  # 5-hour ticks: three calendar days, several meetings a day
        world.clock.tick = tick
        for a, b in (("n0", "n1"), ("n2", "n3"), ("n1", "n2")):
            before = {h: (g.get(h, o, "familiarity").history if g.get(h, o, "familiarity") else [])
                      for h, o in ((a, b), (b, a))}
            record_interaction(world, a, b, cause=Cause(kind="fact", id=f"f{tick}"), note="chatted")
            for h, o in ((a, b), (b, a)):
                assert g.get(h, o, "familiarity").strength == _familiarity_by_walk(before[h], world.now), (tick, h, o)
                checked += 1
        if tick == 7:  # another writer moves a familiarity edge: the kept counts must notice
            g.set_edge("n0", "n1", "familiarity", 0.5, tick=tick, time=world.now, cause=Cause(kind="event", id="e1"),
                       reason=f"{INTERACTION}: mediated")
    assert checked == 90


@settings(max_examples=200, deadline=None)
@given(days=st.dictionaries(st.dates().map(lambda d: d.isoformat()), st.integers(1, 60), max_size=12),
       today=st.dates().map(lambda d: d.isoformat()), seeded=st.floats(0.0, 0.999))
def test_familiarity_without_numpy_is_the_same_float(days, today, seeded):
    counts = DayCounts(row=None, seen=(0, 0), base_units=float(units_from_familiarity(seeded)), days=dict(days))
    expected = float(familiarity_from_days(counts.with_one_more(today), base_units=counts.base_units))
    assert counts.familiarity_with_one_more(today) == expected


@settings(max_examples=200, deadline=None)
@given(today=st.dates().map(lambda d: d.isoformat()), n=st.integers(1, 45), seeded=st.floats(0.0, 0.999))
def test_familiarity_of_a_pair_met_again_on_its_one_day_is_the_same_float(today, n, seeded):
    counts = DayCounts(row=None, seen=(0, 0), base_units=float(units_from_familiarity(seeded)), days={today: n})
    expected = float(familiarity_from_days(counts.with_one_more(today), base_units=counts.base_units))
    assert counts.familiarity_with_one_more(today) == expected


@settings(max_examples=200, deadline=None)
@given(f=st.floats(-0.5, 1.5))
def test_seeded_units_of_one_float_are_the_array_functions(f):
    assert _units(f) == float(units_from_familiarity(f))


@settings(max_examples=60, deadline=None)
@given(weights=st.lists(st.floats(0.0, 5.0), min_size=5, max_size=5).filter(lambda w: sum(w) > 1e-6),
       seed=st.integers(0, 2**32 - 1))
def test_the_distortion_draw_is_numpys_own_draw(weights, seed):
    ours, numpys = np.random.default_rng(seed), np.random.default_rng(seed)
    w = np.array(weights)
    assert pick_index(weights, ours.random()) == int(numpys.choice(len(DISTORTIONS), p=w / w.sum()))
    assert ours.random() == numpys.random(), "the stream goes on from the same place"


def test_the_gossip_rounds_acquaintances_are_the_graphs():
    world = _world(0)
    for i in range(60):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}"))
    for u, v in nx.powerlaw_cluster_graph(60, 2, 0.3, seed=2).edges():
        world.graph.set_edge(f"n{u}", f"n{v}", "friend", 0.5, tick=0, time=world.now)  # one way only
    world.graph.set_edge("n3", "n7", "rival", 0.5, tick=0, time=world.now)  # a second kind for one pair
    rumour = GossipRound(world, MemoryStore(), p=0.5)
    rumour._acquaintances()  # noqa: SLF001
    for i, cid in enumerate(rumour.ids):
        near = rumour.indices[rumour.indptr[i]:rumour.indptr[i + 1]].tolist()
        assert near == sorted(rumour.row[o] for o in world.graph.acquaintances(cid))


def test_a_tellings_edge_lines_come_in_the_order_of_a_scan_over_the_listeners_edges():
    world = _world(4)
    g = world.graph
    for a, b in (("n1", "n0"), ("n0", "n1"), ("n2", "n1"), ("n1", "n2")):
        g.set_edge(a, b, "friend", 0.6, tick=0, time=world.now, cause=Cause(kind="seed"))
    for kind, s in (("neighbour", 0.8), ("colleague", 0.8), ("customer", 0.3)):  # the listener's ties to the subject
        g.set_edge("n2", "n0", kind, s, tick=0, time=world.now, cause=Cause(kind="seed"))
    for edge in list(g.edges()):
        seed_bonds(world, edge)
    memory = MemoryStore()
    sim = Simulation(world, memory, embedder=LexicalEmbedder())
    sim.run_tick(0, [Beat(at=0, happen=HappenSpec(what="Npc0 cheated a customer", actor="n0", witnesses=["n1"],
                                                  valence=-0.6))])
    world.clock.tick = 1
    log = actions.gossip(world, memory, teller="n1", listener="n2", about=None, text=None)
    edge_lines = [e for e in log if e.kind == "edge"]
    assert len(edge_lines) == 3
    moved = {e.ids["cause"] for e in edge_lines}
    scan = [e for e in g.neighbours("n2") if e.history[-1].tick == 1 and f"belief:{e.history[-1].cause.id}" in moved]
    assert [line.text.split("[")[1].split("]")[0] for line in edge_lines] == [e.kind for e in scan]


def test_a_telling_still_writes_its_whole_provenance_in_zh():
    world = _world(3, language="zh")
    for a, b in (("n1", "n2"), ("n2", "n1")):
        world.graph.set_edge(a, b, "friend", 0.7, tick=0, time=world.now, cause=Cause(kind="seed"))
    for edge in list(world.graph.edges()):
        seed_bonds(world, edge)
    memory = MemoryStore()
    sim = Simulation(world, memory, embedder=LexicalEmbedder())
    sim.run_tick(0, [Beat(at=0, happen=HappenSpec(what="阿0骗了一个客人", actor="n0", witnesses=["n1"], valence=-0.6))])
    world.clock.tick = 1
    log = actions.gossip(world, memory, teller="n1", listener="n2", about=None, text=None)
    told: Belief = next(b for b in memory.beliefs_of("n2"))
    basis = next(b for b in memory.beliefs_of("n1"))
    assert (told.told_by, told.hops, told.parent_id, told.origin_fact_id) == ("n1", 1, basis.id, basis.origin_fact_id)
    assert 0 < told.credibility < basis.credibility
    assert {e.source for e in memory.events_of("n2")} == {"heard"} and {e.source for e in memory.events_of("n1")} >= {"said"}
    assert log[0].kind == "gossip" and "阿1 对 阿2 说" in log[0].text
    assert isinstance(told.claim, Claim) and told.claim.about == "n0"
