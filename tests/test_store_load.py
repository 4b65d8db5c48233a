"""Loading a saved run in bulk (sim/edge_rows.load_edges, RunStore._json_rows): the graph it makes
is the one `RelationshipGraph.load_edges` makes of the same rows, record by record and array by
array, for a played zh town with players (sealed rows), interactions, tensions and dormancy."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from townsfolk import Town
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.sim.edge_rows import _DATETIME
from townsfolk.sim.run_store import RunStore
from townsfolk.world.edge_log import NONE
from townsfolk.world.world import World

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
EDGE_COLS = ("src", "tgt", "kind", "strength", "since", "last_reinforced", "dormant", "seed_start", "tagged", "tail",
             "count", "dirty")
TIME_COLS = ("since", "last_reinforced", "dormant", "time")
TEXT_COLS = ("cause_kind", "cause_id", "reason")
LOG_COLS = ("edge", "seq", "tick", "time", "before", "after", "cause_kind", "cause_id", "reason", "prev")


def _one_by_one(store: RunStore, world: World) -> World:
    """The same characters, edges loaded through RelationshipGraph.load_edges (per edge, in the order
    they were made: each edge row keeps its graph row as seq)."""
    other = World(clock=world.clock, seed=world.seed, language=world.language, title=world.title)
    for c in world.characters.values():
        other.characters[c.id] = c
        other.graph.add_character(c.id)
    with store.engine.connect() as conn:
        changes = store._json_rows(conn, "SELECT edge_id, data FROM edge_change ORDER BY edge_id, seq")  # noqa: SLF001
        edges = store._json_rows(conn, "SELECT id, data FROM edge ORDER BY seq, id")  # noqa: SLF001  # creation order
    history: dict[str, list[tuple]] = {}
    for edge_id, b in changes:
        history.setdefault(edge_id, []).append((b["tick"], _DATETIME.validate_python(b["time"]), b["before"], b["after"],
                                                b["cause"]["kind"], b["cause"].get("id"), b.get("reason", "")))
    other.graph.load_edges(
        (b["source"], b["target"], b["kind"], b["strength"], _DATETIME.validate_python(b["since"]),
         _DATETIME.validate_python(b["last_reinforced"]),
         None if b.get("dormant_since") is None else _DATETIME.validate_python(b["dormant_since"]),
         history.get(edge_id, []))
        for edge_id, b in edges)
    return other


def _values(graph, owner, name: str) -> list:  # noqa: ANN001
    """A column as values: times and texts by what they stand for (their codes may be interned in
    another order), the rest as stored."""
    col = getattr(owner, name)[: owner.n].tolist()
    if name in TIME_COLS:
        return [None if c == NONE else graph.columns.times.values[c] for c in col]
    if name in TEXT_COLS:
        return [None if c == NONE else graph.columns.texts.values[c] for c in col]
    return col


def test_the_bulk_load_makes_the_graph_the_per_edge_load_makes(tmp_path):
    db = tmp_path / "bridge.db"
    town = Town.from_scenario(SCENARIOS / "toll_bridge.yaml", db=db, embedder=LexicalEmbedder())
    town.advance(2)
    town.say("shusheng", "ahu", "老马的车怎么了？")
    town.advance(4)
    a, b = town.npcs()[:2]
    town.world.graph.set_dormant(a, b, datetime(2026, 3, 2, 12, 0))
    town.save()
    town.close()
    store = RunStore(db, must_exist=True)
    bulk, _memory, _log = store.load()
    slow = _one_by_one(store, bulk)
    g1, g2 = bulk.graph, slow.graph
    assert g1.columns.n == g2.columns.n > 0 and g1.log.n == g2.log.n > g1.columns.n
    for name in EDGE_COLS:
        assert _values(g1, g1.columns, name) == _values(g2, g2.columns, name), name
    for name in LOG_COLS:
        assert _values(g1, g1.log, name) == _values(g2, g2.log, name), name
    assert [e.record() for e in g1.edges()] == [e.record() for e in g2.edges()]
    assert g1.dormant_pairs() == g2.dormant_pairs() and g1.dormant_pairs()
    assert list(g1.g.edges(keys=True, data=True)) == list(g2.g.edges(keys=True, data=True))


def test_a_first_commit_builds_the_edge_indexes_after_its_rows_and_keeps_them(tmp_path, monkeypatch):
    import sqlite3

    from townsfolk.sim import bulk_writer

    monkeypatch.setattr(bulk_writer, "BULK_ROWS", 1)  # the path a 10k town's first commit takes
    db = tmp_path / "ferry.db"
    town = Town.from_scenario(SCENARIOS / "ferry.yaml", db=db)
    town.advance(3)
    want = sorted(e.key for e in town.world.graph.edges())
    town.close()
    with sqlite3.connect(db) as con:
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        plan = " ".join(str(r) for r in con.execute("EXPLAIN QUERY PLAN SELECT * FROM edge_change WHERE tick = 1"))
    assert {"ix_edge_source", "ix_edge_target", "ix_edge_change_tick", "ix_edge_change_cause_id"} <= names
    assert "ix_edge_change_tick" in plan
    assert sorted(e.key for e in RunStore(db, must_exist=True).load()[0].graph.edges()) == want
