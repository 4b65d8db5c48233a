"""A tick's tellings as one step (sim/tellings.py) against the same tellings one by one (actions.gossip).

Two copies of one small town run the same ticks, one with `GossipRound(batched=True)`, one with
`batched=False`; everything the run leaves must be equal: the timeline, the facts, every memory item
(and the order the store journals them), the edge columns and change log (interned words included),
the familiarity day counts, the fold bounds, the affect stimuli, who is informed and the rng's state.
The towns are small and the telling probability high, so a tick holds chains (heard, then retold in
the same tick), pairs that chat twice and listeners told twice about one person; some NPCs have a
player or a tie without bond axes among their acquaintances (tellings the batch hands to gossip()).
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from townsfolk.agents.bonds import seed_bonds
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.engine import Simulation
from townsfolk.sim.gossip_round import GossipRound
from townsfolk.sim.scenario import Beat, HappenSpec, SaySpec
from townsfolk.sim.tellings import tell_all
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World


def town(n: int, seed: int, *, language: str = "en", players: int = 0, bare_ties: int = 0,
         p: float = 0.6, batched: bool = True) -> tuple[Simulation, GossipRound]:
    """n NPCs on a powerlaw-cluster graph (friends and rivals), `players` players tied to NPCs,
    `bare_ties` extra ties with no bond axes (a first chat creates them); a theft witnessed, and a
    hedged complaint said by one NPC about another, both at tick 0."""
    zh = language == "zh"
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(minutes=5)), seed=seed,
                  language=language)
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"阿{i}" if zh else f"Npc{i}",
                                      traits={"exaggeration": (i % 7) / 7, "candour": (i % 5) / 5,
                                              "mischief": (i % 3) / 3}))
    for j in range(players):
        world.add_character(Character(id=f"p{j}", name=f"玩家{j}" if zh else f"Player{j}", is_player=True))
    rng = np.random.default_rng(seed)
    for u, v in nx.powerlaw_cluster_graph(n, 3, 0.2, seed=seed).edges():
        kind = "rival" if (u + v) % 9 == 0 else "friend"
        for a, b in ((u, v), (v, u)):
            world.graph.set_edge(f"n{a}", f"n{b}", kind, float(np.round(0.3 + 0.6 * rng.random(), 2)), tick=0,
                                 time=world.now, cause=Cause(kind="seed"))
    for edge in list(world.graph.edges()):
        seed_bonds(world, edge)
    for j in range(players):  # a player is someone's friend (the NPC keeps bonds; the player none)
        for i in (j, j + 1):
            world.graph.set_edge(f"n{i}", f"p{j}", "friend", 0.7, tick=0, time=world.now, cause=Cause(kind="seed"))
            world.graph.set_edge(f"p{j}", f"n{i}", "friend", 0.7, tick=0, time=world.now, cause=Cause(kind="seed"))
    for k in range(bare_ties):  # no familiarity edge yet either way: the first chat makes them
        a, b = f"n{(3 * k + 1) % n}", f"n{(7 * k + 5) % n}"
        if a != b and not world.graph.edges_between(a, b, both_ways=True):
            world.graph.set_edge(a, b, "neighbour", 0.5, tick=0, time=world.now, cause=Cause(kind="seed"))
    memory = MemoryStore()
    sim = Simulation(world, memory, embedder=LexicalEmbedder())
    rumour = GossipRound(world, memory, p=p, batched=batched)
    theft = "阿0偷了集市上的钱" if zh else "Npc0 stole money at the market"
    complaint = "阿2好像总是迟到" if zh else "I think Npc2 is always late"
    sim.run_tick(0, [Beat(at=0, happen=HappenSpec(what=theft, actor="n0", witnesses=[f"n{i}" for i in range(1, 6)],
                                                  valence=-0.6)),
                     Beat(at=0, say=SaySpec(speaker="n3", to=[f"n{i}" for i in range(4, 9)], about="n2",
                                            text=complaint))])
    return sim, rumour


def run(sim: Simulation, rumour: GossipRound, ticks: int) -> tuple[str, str, list[int]]:
    """Run the ticks; the digest of the timeline and facts, of everything the minds hold, and the
    runs each batched tick was written in."""
    log, runs = [], []
    for tick in range(1, ticks + 1):
        sim.world.clock.tick = tick
        log += rumour.step()
        runs.append(rumour.last_runs)
        log += sim.run_tick(tick, [])
        sim.minds.take_decisions()
    return (*digests(sim, rumour, log), runs)


def digests(sim: Simulation, rumour: GossipRound, log: list) -> tuple[str, str]:
    timeline = hashlib.sha256()
    for e in log:
        timeline.update(e.to_json().encode())
    for f in sim.world.facts:
        timeline.update(f.model_dump_json().encode())
    minds = hashlib.sha256()
    memory, graph = sim.memory, sim.world.graph
    for kind, item in memory.all_items():
        minds.update(kind.encode() + item.model_dump_json().encode())
    minds.update(repr(list(memory._dirty)).encode())  # noqa: SLF001  (the order a save writes them in)
    minds.update(repr(sorted(memory.touched_holders)).encode())
    minds.update(repr(sorted((h, sorted(b.items())) for h, b in memory.fold_bounds.by_holder.items())).encode())
    for name in ("edge", "seq", "tick", "time", "before", "after", "cause_kind", "cause_id", "reason", "prev"):
        minds.update(getattr(graph.log, name)[:graph.log.n].tobytes())
    for name in ("src", "tgt", "kind", "strength", "since", "last_reinforced", "tagged", "tail", "count", "dirty"):
        minds.update(getattr(graph.columns, name)[:graph.columns.n].tobytes())
    minds.update("\n".join(graph.columns.texts.values).encode())
    minds.update(repr(graph.columns.times.values).encode())
    days = graph.derived.get("day_counts", {})
    minds.update(repr(sorted((r, d.seen, d.base_units, sorted(d.days.items())) for r, d in days.items())).encode())
    minds.update(repr(sorted(graph.g.edges(keys=True, data=True))).encode())
    minds.update(repr((graph.version, graph.pair_version)).encode())
    minds.update(repr(sim.world.rng_state()).encode() + repr(sim.world.counters).encode())
    minds.update(sim.minds.affect.fast.tobytes() if hasattr(sim.minds.affect, "fast") else b"")
    minds.update(rumour.informed.tobytes())
    return timeline.hexdigest(), minds.hexdigest()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_batched_tellings_leave_what_one_by_one_tellings_leave(language):
    one = run(*town(60, seed=5, language=language, players=2, bare_ties=4, batched=False), ticks=6)
    batch = run(*town(60, seed=5, language=language, players=2, bare_ties=4, batched=True), ticks=6)
    assert batch[:2] == one[:2]
    assert sum(batch[2]) > 6, "some tick was split into several runs (a chain, a player, a first chat)"
    assert one[2] == [0] * 6  # the one-by-one path writes no runs


def test_a_chain_in_one_tick_reads_what_the_earlier_telling_wrote():
    """A hears from B, then tells C in the same tick: the batch must write B's telling first, or A would
    pass on something older (or have nothing to pass on)."""
    sim, rumour = town(12, seed=2, p=1.0)
    world, memory = sim.world, sim.memory
    world.clock.tick = 1
    teller = next(b.holder for b in memory.beliefs.values() if b.claim.about == "n0")
    fresh = next(c for c in world.characters if c != "n0" and c not in {b.holder for b in memory.beliefs.values()}
                 and world.graph.row_of(c, teller, "familiarity") is not None)
    onward = next(c for c in world.graph.acquaintances(fresh) if c not in (teller, "n0")
                  and world.graph.row_of(fresh, c, "familiarity") is not None)
    log, runs = tell_all(world, memory, [(teller, fresh), (fresh, onward)])
    assert runs == 2  # the second telling started a run of its own
    passed = [f for f in world.facts if f.kind == "retell"]
    assert [(f.actor, f.to) for f in passed] == [(teller, (fresh,)), (fresh, (onward,))]
    assert passed[1].meta["basis"] == memory.beliefs_via(fresh, passed[0].id)[0].id
    assert any(e.kind == "belief" and e.who == [onward] for e in log)


def test_independent_tellings_are_written_as_one_run():
    sim, rumour = town(80, seed=9, p=1.0)
    world, memory = sim.world, sim.memory
    world.clock.tick = 1
    informed = sorted({b.holder for b in memory.beliefs.values() if b.claim.about == "n0"})
    pairs, used = [], set()
    for t in informed:  # tellers and listeners all different, listeners not yet informed
        li = next((c for c in sorted(world.graph.acquaintances(t)) if c not in used and c not in informed
                   and c.startswith("n") and world.graph.row_of(c, t, "familiarity") is not None), None)
        if li is not None and t not in used:
            pairs.append((t, li))
            used |= {t, li}
    assert len(pairs) >= 3
    log, runs = tell_all(world, memory, pairs)
    assert runs == 1
    assert sum(1 for e in log if e.kind == "gossip") == len(pairs)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(15, 70), seed=st.integers(0, 10_000), p=st.floats(0.2, 1.0),
       language=st.sampled_from(["en", "zh"]), players=st.integers(0, 2), bare_ties=st.integers(0, 5))
def test_batched_and_one_by_one_agree_on_any_small_town(n, seed, p, language, players, bare_ties):
    kw = dict(language=language, players=players, bare_ties=bare_ties, p=p)
    one = run(*town(n, seed, batched=False, **kw), ticks=4)
    batch = run(*town(n, seed, batched=True, **kw), ticks=4)
    assert batch[:2] == one[:2]


def circle(batched_pairs: list[tuple[str, str]] | None, pairs: list[tuple[str, str]],
           untied: tuple[str, str] | None = None) -> tuple[str, str, int]:
    """Eight friends, all tied to each other (but the `untied` two); n0 stole (n1, n2 saw it) and n3 told
    n0 and n4 that n2 is always late. Carries out `pairs` at tick 1, batched when `batched_pairs` is
    given, else one by one."""
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(minutes=5)), seed=11,
                  language="en")
    for i in range(8):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}", traits={"candour": 0.9, "exaggeration": 0.1}))
    for a in range(8):
        for b in range(8):
            if a != b and (untied is None or {f"n{a}", f"n{b}"} != set(untied)):
                world.graph.set_edge(f"n{a}", f"n{b}", "friend", 0.5 + 0.05 * ((a + b) % 5), tick=0, time=world.now,
                                     cause=Cause(kind="seed"))
    for edge in list(world.graph.edges()):
        seed_bonds(world, edge)
    memory = MemoryStore()
    sim = Simulation(world, memory, embedder=LexicalEmbedder())
    rumour = GossipRound(world, memory, p=0.0)
    sim.run_tick(0, [Beat(at=0, happen=HappenSpec(what="Npc0 stole money at the market", actor="n0",
                                                  witnesses=["n1", "n2"], valence=-0.6)),
                     Beat(at=0, say=SaySpec(speaker="n3", to=["n0", "n4"], about="n2", text="Npc2 is always late"))])
    world.clock.tick = 1
    if batched_pairs is None:
        from townsfolk.sim.actions import gossip
        log = [e for t, li in pairs for e in gossip(world, memory, teller=t, listener=li, about=None, text=None)]
        runs = 0
    else:
        log, runs = tell_all(world, memory, batched_pairs)
    log += sim.run_tick(1, [])
    return (*digests(sim, rumour, log), runs)


@pytest.mark.parametrize(("pairs", "runs"), [
    ([("n1", "n5"), ("n2", "n5")], 2),  # told twice about n0: the second appraisal reads the first's move
    ([("n1", "n5"), ("n1", "n5")], 2),  # the pair chats twice: the second familiarity reads the first
    ([("n1", "n5"), ("n0", "n5")], 2),  # n5 now thinks less of n0, then n0 tells n5: trust reads the move
    ([("n1", "n5"), ("n5", "n6")], 2),  # a chain: n5 passes on what it just heard
    ([("n1", "n5"), ("n2", "n6"), ("n4", "n7")], 1),  # three apart: one run
])
def test_tellings_that_read_an_earlier_ones_writes_start_a_new_run(pairs, runs):
    one = circle(None, pairs)
    batch = circle(pairs, pairs)
    assert batch[:2] == one[:2]
    assert batch[2] == runs


def test_a_listener_with_no_warm_tie_to_the_one_blamed_is_told_twice_in_one_run():
    """n5 has no tie to n0: neither telling's appraisal moves anything, so the second reads nothing the
    first writes, and both are written together (a run's writes have a fixed cost)."""
    pairs = [("n1", "n5"), ("n2", "n5")]
    one = circle(None, pairs, untied=("n0", "n5"))
    batch = circle(pairs, pairs, untied=("n0", "n5"))
    assert batch[:2] == one[:2]
    assert batch[2] == 1


@pytest.mark.parametrize("enabled", [True, False])
def test_a_round_runs_without_collecting_and_freezes_what_it_kept_in_a_long_lived_heap(enabled):
    import gc

    from townsfolk.sim.heap import long_lived_heap

    sim, rumour = town(30, 3)
    passes: list[str] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            passes.append(phase)

    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    gc.callbacks.append(count)
    try:
        with long_lived_heap():
            frozen = gc.get_freeze_count()
            sim.world.clock.tick = 1
            log = rumour.step()
            assert rumour.last_tellings and log
            assert passes == [], "no cyclic pass within the round"
            assert gc.get_freeze_count() > frozen, "the round's survivors joined the long-lived heap"
            assert gc.isenabled() is enabled, "the collector's state is handed back"
    finally:
        gc.callbacks.remove(count)
        (gc.enable if was else gc.disable)()
