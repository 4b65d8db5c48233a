"""The engine at scale, on small worlds: the vectorised gossip round is deterministic, the array
pass over bond edges agrees with a walk over Edge objects, and commits every N ticks are as
crash-safe as commits every tick (a crash or a kill loses only the ticks since the last commit,
and resuming replays them exactly)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

import townsfolk.sim.engine as sim_engine
from townsfolk.agents.bonds import BOND_KINDS, INTERACTION, axes, seed_bonds
from townsfolk.agents.gate import bond_pull
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.drive import IMPLIED_INTERACTIONS, bond_pulls
from townsfolk.sim.engine import Simulation
from townsfolk.sim.gossip_round import GossipRound
from townsfolk.sim.playback import play
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.scenario import Beat, HappenSpec, load_scenario
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

ROOT = Path(__file__).resolve().parent.parent
TEAHOUSE = ROOT / "scenarios" / "teahouse.yaml"


def small_town(n: int, seed: int, *, language: str = "en", drive: bool = False) -> tuple[Simulation, GossipRound]:
    """A powerlaw-cluster town of n friends, one rumour witnessed at tick 0 (the rumour workload, small)."""
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(minutes=5)), seed=seed,
                  language=language)
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}" if language == "en" else f"阿{i}",
                                      traits={"exaggeration": (i % 7) / 7, "candour": (i % 5) / 5}))
    for u, v in nx.powerlaw_cluster_graph(n, 3, 0.1, seed=seed).edges():
        for a, b in ((u, v), (v, u)):
            world.graph.set_edge(f"n{a}", f"n{b}", "friend", 0.6, tick=0, time=world.now, cause=Cause(kind="seed"))
    for edge in list(world.graph.edges()):
        seed_bonds(world, edge)
    memory = MemoryStore()
    sim = Simulation(world, memory, embedder=LexicalEmbedder(), drive=drive)
    rumour = GossipRound(world, memory, p=0.4)
    what = "Npc0 cheated a customer" if language == "en" else "阿0骗了一个客人"
    sim.run_tick(0, [Beat(at=0, happen=HappenSpec(what=what, actor="n0", witnesses=[f"n{i}" for i in range(1, 11)],
                                                  valence=-0.6))])
    return sim, rumour


def tellings(sim: Simulation, rumour: GossipRound, ticks: int) -> list[tuple]:
    for tick in range(1, ticks + 1):
        sim.world.clock.tick = tick
        rumour.step()
        sim.run_tick(tick, [])
    return [(f.id, f.tick, f.actor, f.to, f.text, f.meta.get("distortion")) for f in sim.world.facts
            if f.kind == "retell"]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_gossip_round_is_the_same_for_the_same_seed(language):
    first = tellings(*small_town(150, seed=3, language=language), ticks=6)
    again = tellings(*small_town(150, seed=3, language=language), ticks=6)
    other = tellings(*small_town(150, seed=4, language=language), ticks=6)
    assert len(first) > 20, "the rumour spread"
    assert first == again
    assert first != other


def test_the_draw_only_picks_informed_npcs_and_their_acquaintances():
    sim, rumour = small_town(120, seed=5)
    tellers, listeners = rumour.draw()
    informed = {b.holder for b in sim.memory.beliefs.values()}
    for t, li in zip(tellers.tolist(), listeners.tolist(), strict=True):
        assert rumour.ids[t] in informed
        assert rumour.ids[li] in sim.world.graph.acquaintances(rumour.ids[t])


def _walk(world: World, minds) -> tuple[np.ndarray, np.ndarray, dict[str, list[tuple[float, str]]]]:  # noqa: ANN001
    """The bond pulls as a walk over every Edge object (what the array pass replaced)."""
    pull, inter = np.zeros(len(minds.npcs)), np.zeros(len(minds.npcs))
    ranked: dict[str, list[tuple[float, str]]] = {}
    seen = set()
    for edge in world.graph.edges():
        if edge.kind not in BOND_KINDS or edge.source not in minds.affect.index:
            continue
        row = minds.affect.index[edge.source]
        if edge.kind == "familiarity":
            inter[row] += sum(1 for c in edge.history if c.reason.startswith(INTERACTION))
            if edge.history and edge.history[0].cause.kind == "seed":
                inter[row] += IMPLIED_INTERACTIONS * edge.history[0].after
        if (edge.source, edge.target) in seen:
            continue
        seen.add((edge.source, edge.target))
        p = float(bond_pull(axes(world, edge.source, edge.target)))
        ranked.setdefault(edge.source, []).append((p, edge.target))
        pull[row] = max(pull[row], p)
    return pull, inter, {k: sorted(v, key=lambda t: (-t[0], t[1])) for k, v in ranked.items()}


def test_bond_pulls_from_the_columns_match_a_walk_over_the_edges():
    sim, rumour = small_town(200, seed=8)
    tellings(sim, rumour, ticks=5)  # interactions and appraisals have moved edges since the seed
    pull, inter, ranked = bond_pulls(sim.world, sim.minds)
    ref_pull, ref_inter, ref_ranked = _walk(sim.world, sim.minds)
    assert np.allclose(pull, ref_pull, atol=1e-12) and np.allclose(inter, ref_inter, atol=1e-9)
    assert ref_inter.max() > IMPLIED_INTERACTIONS * 0.6, "some pairs interacted during the run"
    for npc in sim.minds.npcs:
        assert ranked.get(npc, []) == ref_ranked.get(npc, [])


# --- commits every N ticks ------------------------------------------------------------------------
@pytest.fixture
def fast_embedder(monkeypatch):
    monkeypatch.setattr(sim_engine, "make_embedder", lambda name=None: LexicalEmbedder())


def _on_disk(db: Path) -> dict:
    store = RunStore(db)
    world, memory, log = store.load()
    info = store.run_info()
    decisions = store.decisions()
    store.engine.dispose()
    return {"last_tick": info.last_tick, "finished": info.finished,
            "edges": sorted((e.key, e.strength, len(e.history)) for e in world.graph.edges()),
            "facts": [f.model_dump(mode="json") for f in world.facts],
            "memory": sorted((k, i.model_dump_json()) for k, i in memory.all_items()),
            "log": [e.model_dump() for e in log], "decisions": decisions,
            "counters": dict(world.counters), "rng": world.rng_state()}


def test_commits_every_n_ticks_write_what_commits_every_tick_write(fast_embedder, tmp_path):
    teahouse = load_scenario(TEAHOUSE)
    play(teahouse, db=tmp_path / "each.db")
    play(teahouse, db=tmp_path / "batched.db", commit_every=4)
    assert _on_disk(tmp_path / "batched.db") == _on_disk(tmp_path / "each.db")


def test_a_crash_between_batched_commits_resumes_from_the_last_one(fast_embedder, tmp_path, monkeypatch):
    teahouse = load_scenario(TEAHOUSE)
    assert teahouse.last_tick >= 8
    play(teahouse, db=tmp_path / "whole.db")
    real_run_tick = Simulation.run_tick

    def power_cut(self, tick, beats):  # noqa: ANN001, ANN202
        if tick == 6:
            raise RuntimeError("power cut")
        return real_run_tick(self, tick, beats)

    monkeypatch.setattr(Simulation, "run_tick", power_cut)
    with pytest.raises(RuntimeError, match="power cut"):
        play(teahouse, db=tmp_path / "cut.db", commit_every=4)
    monkeypatch.setattr(Simulation, "run_tick", real_run_tick)
    cut = _on_disk(tmp_path / "cut.db")
    assert cut["last_tick"] == 3 and not cut["finished"], "ticks 0-3 were committed, 4-5 were not"
    assert max(f["tick"] for f in cut["facts"]) <= 3
    resumed = play(teahouse, db=tmp_path / "cut.db", resume=True, commit_every=4)
    assert resumed.resumed_from == 3 and resumed.finished
    assert _on_disk(tmp_path / "cut.db") == _on_disk(tmp_path / "whole.db")


KILLED = textwrap.dedent("""
    import os, sys
    import townsfolk.sim.engine as sim_engine
    from townsfolk.memory.embeddings import LexicalEmbedder
    from townsfolk.sim.playback import play
    from townsfolk.sim.scenario import load_scenario
    sim_engine.make_embedder = lambda name=None: LexicalEmbedder()

    def die(entry):
        if sys.argv[3] == "kill" and entry.tick == 7:
            os._exit(9)  # no finally, no flush: as if the process were killed

    play(load_scenario(sys.argv[1]), db=sys.argv[2], commit_every=3, on_entry=die,
         resume=sys.argv[3] == "resume")
""")


def _run(db: Path, mode: str) -> subprocess.CompletedProcess:
    """Each run in a fresh process, so nothing an earlier test left in this one can differ."""
    return subprocess.run([sys.executable, "-c", KILLED, str(TEAHOUSE), str(db), mode], capture_output=True,
                          text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, timeout=300, check=False)


def test_a_killed_process_leaves_the_last_batched_commit_and_resumes(tmp_path):
    assert _run(tmp_path / "whole.db", "whole").returncode == 0
    db = tmp_path / "killed.db"
    done = _run(db, "kill")
    assert done.returncode == 9, done.stderr[-2000:]
    killed = _on_disk(db)
    assert killed["last_tick"] == 5, "commits at ticks 2 and 5; tick 6 and 7 were in flight"
    resumed = _run(db, "resume")
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert _on_disk(db) == _on_disk(tmp_path / "whole.db")
