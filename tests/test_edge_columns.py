"""Columnar edges: the bulk paths give the same graph as the one-edge paths, views are live and
read-only, the change log is what histories read, and a store saves only what changed."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

import numpy as np
import pytest

from townsfolk.agents.bonds import fade_tensions, record_interaction, seed_bonds, seed_bonds_all
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.run_store import RunStore
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.relationships import Cause, EdgeChange, RelationshipGraph
from townsfolk.world.world import World

T0 = datetime(2026, 3, 2, 8, 0)
TIE_KINDS = ("friend", "rival", "family", "colleague", "creditor", "acquaintance", "pen_pal")  # pen_pal: unknown


def _world(language: str = "en", n: int = 40) -> World:
    w = World(clock=SimClock(start=T0, tick_length=timedelta(hours=1)), seed=3, language=language, title="t")
    for i in range(n):
        w.add_character(Character(id=f"c{i}", name=f"C{i}", role="townsfolk", is_player=i == 0))
    return w


def _ties(n: int = 40, seed: int = 5) -> list[tuple[str, str, str, float]]:
    """Random ties, some pairs holding two kinds, one way or both, a player among them."""
    rng = np.random.default_rng(seed)
    out, seen = [], set()
    for _ in range(160):
        a, b = (int(x) for x in rng.choice(n, 2, replace=False))
        kind = TIE_KINDS[int(rng.integers(len(TIE_KINDS)))]
        if (a, b, kind) not in seen:
            seen.add((a, b, kind))
            out.append((f"c{a}", f"c{b}", kind, round(float(rng.random()), 3)))
    return out


def _dump(w: World) -> list[dict]:
    return sorted((e.model_dump(mode="json") for e in w.graph.edges()), key=lambda d: (d["source"], d["target"],
                                                                                        d["kind"]))


@pytest.mark.parametrize("language", ["en", "zh"])
def test_bulk_build_gives_the_same_graph_as_one_edge_at_a_time(language):
    ties = _ties()
    one = _world(language)
    for a, b, kind, s in ties:
        one.graph.set_edge(a, b, kind, s, tick=0, time=one.now, cause=Cause(kind="seed"), reason="generated")
    for edge in list(one.graph.edges()):
        seed_bonds(one, edge)
    bulk = _world(language)
    rows = bulk.graph.add_edges([t[0] for t in ties], [t[1] for t in ties], [t[2] for t in ties],
                                [t[3] for t in ties], tick=0, time=bulk.now, cause=Cause(kind="seed"), reason="generated")
    assert rows.tolist() == list(range(len(ties)))
    seeded = seed_bonds_all(bulk)
    assert seeded == sum(1 for a, *_ in ties if a != "c0")  # the player keeps no bonds
    assert _dump(bulk) == _dump(one)
    # and the graph's own order of edges (which later passes walk) is the same
    assert [e.key for e in bulk.graph.edges()] == [e.key for e in one.graph.edges()]
    # pairs with two ties went the slow way and still match; the bond history says where it came from
    fam = next(e for e in bulk.graph.edges() if e.kind == "familiarity")
    assert fam.history[0].cause.kind == "seed"
    assert ("关系而来" in fam.history[0].reason) == (language == "zh")


def test_add_edges_refuses_what_set_edge_refuses_and_adds_nothing():
    w = _world()
    g = w.graph
    g.set_edge("c1", "c2", "friend", 0.5, tick=0, time=w.now)
    cases = [
        ((["c1"], ["c2"], ["friend"], [0.4]), ValueError),  # exists
        ((["c3", "c3"], ["c4", "c4"], ["friend", "friend"], [0.4, 0.5]), ValueError),  # twice in one call
        ((["c3"], ["c4"], ["friend"], [1.2]), ValueError),
        ((["c3"], ["c4"], ["friend"], [float("nan")]), ValueError),
        ((["c3"], ["c3"], ["friend"], [0.4]), ValueError),
        ((["c3"], ["nobody"], ["friend"], [0.4]), KeyError),
        ((["c3"], ["c4", "c5"], ["friend"], [0.4]), ValueError),
    ]
    for args, error in cases:
        with pytest.raises(error):
            g.add_edges(*args, tick=0, time=w.now)
    assert [e.key for e in g.edges()] == [("c1", "c2", "friend")] and g.columns.n == 1 and g.log.n == 1


def test_a_view_is_live_and_read_only():
    g = RelationshipGraph()
    for p in ("a", "b"):
        g.add_character(p)
    edge = g.set_edge("a", "b", "friend", 0.5, tick=0, time=T0)
    g.adjust("a", "b", "friend", 0.2, tick=1, time=T0 + timedelta(hours=1), cause=Cause(kind="fact", id="f1"))
    assert edge.strength == pytest.approx(0.7) and len(edge.history) == 2
    assert edge.history[-1].cause == Cause(kind="fact", id="f1")
    with pytest.raises(AttributeError):
        edge.strength = 0.1  # type: ignore[misc]
    history = edge.history  # what it was when read: a later change is not in it
    g.adjust("a", "b", "friend", -0.1, tick=2, time=T0 + timedelta(hours=2), cause=Cause(kind="fact", id="f2"))
    assert len(history) == 2 and history[-1].cause.id == "f1" and list(history) == history[:]
    assert len(edge.history) == 3 and edge.history[-1].cause.id == "f2" and edge.history[1] == history[1]
    assert [c.before for c in edge.history] == pytest.approx([0.5, 0.5, 0.7])
    # changes are built without validation: they must still carry every field the models declare
    from townsfolk.world.edge_log import _CAUSE_FIELDS, _CHANGE_FIELDS

    assert set(EdgeChange.model_fields) == _CHANGE_FIELDS and set(Cause.model_fields) == _CAUSE_FIELDS
    # the graph of record holds only the row; the numbers are in the columns
    assert all(set(d) == {"row"} for _u, _v, d in g.g.edges(data=True))
    # erasure's way of rewriting a change is the graph's, and the view shows it
    g.rewrite_change(edge.history[-1], reason="someone helped", cause=Cause(kind="erased"))
    assert (edge.history[-1].reason, edge.history[-1].cause.id) == ("someone helped", None)
    assert edge.history[-1].after == pytest.approx(0.6)


def _tension_walk(world: World, min_step: float = 0.01) -> list[tuple[tuple[str, str, str], float]]:
    """What fade_tensions did as a walk over every Edge (the pass it replaced), without writing."""
    from townsfolk.agents.bond_axes import fade_tension
    from townsfolk.agents.bonds import TENSION_HALF_LIFE_S

    out = []
    for edge in world.graph.edges():
        if edge.kind != "tension" or edge.strength <= 0:
            continue
        last = edge.history[-1].time
        faded = float(fade_tension(edge.strength, max(0.0, (world.now - last).total_seconds()), TENSION_HALF_LIFE_S))
        if edge.strength - faded >= min_step:
            out.append((edge.key, round(faded, 4)))
    return sorted(out)


def test_fading_tensions_in_one_array_pass_matches_the_walk():
    w = _world()
    ties = _ties()
    w.graph.add_edges([t[0] for t in ties], [t[1] for t in ties], [t[2] for t in ties], [t[3] for t in ties],
                      tick=0, time=w.now)
    seed_bonds_all(w)
    for hours, (a, b) in enumerate([("c1", "c2"), ("c3", "c4"), ("c5", "c6")], start=1):
        w.clock.tick = hours * 5
        record_interaction(w, a, b, cause=Cause(kind="fact", id=f"f{hours}"), conflict=0.5, note="quarrel")
    w.clock.tick = 60
    expected = _tension_walk(w)
    assert expected, "the scene must have tensions to fade"
    assert fade_tensions(w) == len(expected)
    assert sorted((e.key, e.strength) for e in w.graph.edges()
                  if e.kind == "tension" and e.history[-1].reason == "tension fades") == expected
    assert _tension_walk(w) == []  # nothing left to fade at this moment


def _counts(db) -> tuple[int, int]:  # noqa: ANN001
    with sqlite3.connect(db) as c:
        return (c.execute("select count(*) from edge").fetchone()[0],
                c.execute("select count(*) from edge_change").fetchone()[0])


def test_a_store_writes_only_new_edges_and_changes_and_loads_them_back(tmp_path):
    w = _world(n=60)
    ties = [t for t in _ties(60, seed=9) if t[0] != "c0"]
    w.graph.add_edges([t[0] for t in ties], [t[1] for t in ties], [t[2] for t in ties], [t[3] for t in ties],
                      tick=0, time=w.now)
    seed_bonds_all(w)
    memory = MemoryStore()
    store = RunStore(tmp_path / "run.db")
    store.create(w)
    store.commit_tick(w, memory, [])
    edges, changes = _counts(tmp_path / "run.db")
    assert (edges, changes) == (w.graph.columns.n, w.graph.log.n)
    w.clock.tick = 3
    record_interaction(w, "c1", "c2", cause=Cause(kind="fact", id="f1"), valence=0.5, note="helped")
    a, b, kind, _ = ties[0]
    w.graph.adjust(a, b, kind, -0.1, tick=3, time=w.now, cause=Cause(kind="belief", id="b1"), reason="heard it")
    w.graph.set_dormant("c3", "c4", w.now)
    new_edges = w.graph.columns.n - edges
    store.commit_tick(w, memory, [])
    assert _counts(tmp_path / "run.db") == (edges + new_edges, w.graph.log.n)
    store.commit_tick(w, memory, [])  # nothing changed: nothing written
    assert _counts(tmp_path / "run.db") == (w.graph.columns.n, w.graph.log.n)
    loaded, _memory, _log = RunStore(tmp_path / "run.db").load()
    assert _dump(loaded) == _dump(w)
    assert loaded.graph.dormant_pairs() == w.graph.dormant_pairs()
    assert np.array_equal(np.sort(loaded.graph.columns.tagged[: loaded.graph.columns.n]),
                          np.sort(w.graph.columns.tagged[: w.graph.columns.n]))


def test_edges_into_lists_them_in_the_graphs_own_order():
    w = _world()
    ties = _ties()
    for a, b, kind, s in ties[:60]:
        w.graph.set_edge(a, b, kind, s, tick=0, time=w.now)
    seed_bonds_all(w)
    for a, b, kind, s in ties[60:]:  # later ties into pairs that already have edges, and new pairs
        w.graph.set_edge(a, b, kind, s, tick=1, time=w.now)
    for targets in (["c0"], ["c3", "c0", "c7"], []):
        assert [e.key for e in w.graph.edges_into(targets)] == [e.key for e in w.graph.edges() if e.target in targets]


def test_bodies_written_from_the_columns_are_what_the_records_dump_as(tmp_path):
    import json

    w = World(clock=SimClock(start=T0, tick_length=timedelta(minutes=7)), seed=1, language="zh", title="t")
    names = ["阿青", 'say "hi"', "back\\slash", "tab\there"]
    for cid in names:
        w.add_character(Character(id=cid, name=cid, role="townsfolk"))
    w.graph.add_edges(names[:3], names[1:], "friend", [0.1, 0.123456789, 1.0], tick=0, time=w.now, reason="由朋友关系而来")
    seed_bonds_all(w)
    w.clock.tick = 5
    w.graph.adjust(names[0], names[1], "friend", 1e-7, tick=5, time=w.now, cause=Cause(kind="belief", id='b"1'),
                   reason="听说：“不靠谱”")
    w.graph.set_dormant(names[2], names[3], w.now)
    store = RunStore(tmp_path / "run.db")
    store.create(w)
    store.commit_tick(w, MemoryStore(), [])
    with sqlite3.connect(tmp_path / "run.db") as c:
        edges = dict(c.execute("select id, data from edge").fetchall())
        changes = {(e, q): d for e, q, d in c.execute("select edge_id, seq, data from edge_change").fetchall()}
    assert len(edges) == w.graph.columns.n and len(changes) == w.graph.log.n
    for edge in w.graph.edges():
        edge_id = "|".join(edge.key)
        assert json.loads(edges[edge_id]) == edge.model_dump(mode="json", exclude={"history"})
        for seq, change in enumerate(edge.history):
            assert json.loads(changes[(edge_id, seq)]) == change.model_dump(mode="json")


def test_bulk_seeding_leaves_a_pair_with_a_bond_already_to_seed_bonds():
    """A pair whose bond edge was set before the bulk pass (a scenario's own trust) is seeded as
    seed_bonds seeds it one edge at a time, like every other pair (the bond check by sorted search)."""
    ties = _ties(seed=9)
    worlds = []
    for bulk in (False, True):
        w = _world()
        for a, b, kind, s in ties:
            w.graph.set_edge(a, b, kind, s, tick=0, time=w.now, cause=Cause(kind="seed"), reason="generated")
        a, b = ties[3][0], ties[3][1]
        w.graph.set_edge(a, b, "trust", 0.9, tick=0, time=w.now, cause=Cause(kind="seed"), reason="told so")
        if bulk:
            seed_bonds_all(w)
        else:
            for edge in [e for e in w.graph.edges() if e.kind in TIE_KINDS]:
                seed_bonds(w, edge)
        worlds.append(w)
    assert _dump(worlds[1]) == _dump(worlds[0])
    assert worlds[1].graph.get(ties[3][0], ties[3][1], "trust").history[0].reason == "told so"
