"""Each edge's graph row on disk (the edge table's and an edge row block's `seq`, sim/edge_rows.py
`creation_order`): a run older code wrote (no seq anywhere) loads as it did, edges in id order, and a
run it goes on to write loads back at the running world's rows: edges made later, in an order that
is not their ids', and old edges written again (in rows or in blocks) among them."""

from __future__ import annotations

import gzip
import sqlite3
from pathlib import Path

import pytest

from tests.test_scale_engine import small_town
from townsfolk.sim import bulk_writer, row_blocks
from townsfolk.sim.run_store import RunStore

DATA = Path(__file__).resolve().parent / "data"


def _rows(world) -> tuple[list, dict]:  # noqa: ANN001
    """Every edge at its graph row, and each character's adjacency order."""
    by_row = {e.row: e.key for e in world.graph.edges()}
    g = world.graph.g
    return [by_row.get(i) for i in range(world.graph.columns.n)], {n: list(g.adj[n]) for n in g}


def _go_on(store: RunStore, world, memory) -> None:  # noqa: ANN001
    """A commit of a loaded run: two old edges moved, four new ones made, against their id order."""
    old = sorted(world.graph.edges(), key=lambda e: e.key)
    for e in (old[0], old[-1]):
        world.graph.set_edge(e.source, e.target, e.kind, 0.25, tick=world.tick, time=world.now, reason="later")
    cast = list(world.characters)
    for a, b in ((cast[-1], cast[0]), (cast[3], cast[-2]), (cast[2], cast[-1]), (cast[1], cast[2])):
        world.graph.set_edge(a, b, "rival", 0.3, tick=world.tick, time=world.now)
    store.commit_tick(world, memory, [])
    store.release_writer()


def _old_row_run(db: Path) -> None:
    """A row-written run as code before the seq column wrote it: the column dropped again."""
    sim, _rumour = small_town(30, seed=2)
    store = RunStore(db)
    store.create(sim.world)
    store.commit_tick(sim.world, sim.memory, [], extra={"minds": sim.minds})
    store.release_writer()
    store.engine.dispose()
    with sqlite3.connect(db) as con:
        con.execute("ALTER TABLE edge DROP COLUMN seq")


@pytest.mark.parametrize("blocks", [False, True])
def test_an_old_row_run_loads_in_id_order_and_goes_on_at_its_rows(tmp_path, monkeypatch, blocks):
    monkeypatch.setattr(bulk_writer, "BULK_ROWS", 10**9)
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 10**9)
    db = tmp_path / "old.db"
    _old_row_run(db)
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 1 if blocks else 10**9)  # goes on in rows, or in blocks
    store = RunStore(db, must_exist=True)
    world, memory, _log = store.load()
    assert _rows(world)[0] == sorted((e.key for e in world.graph.edges()), key="|".join)  # as older code loaded it
    _go_on(store, world, memory)
    with sqlite3.connect(db) as con:
        assert "seq" in {r[1] for r in con.execute("PRAGMA table_info(edge)")}
    again, _m, _l = RunStore(db, must_exist=True).load()
    assert _rows(again) == _rows(world)


def test_the_start_tree_fixture_goes_on_at_its_rows(tmp_path, monkeypatch):
    """tests/data/blocks_909769e.db (edges in row blocks without seq, see tests/test_block_bodies.py)."""
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 1)
    db = tmp_path / "old.db"
    db.write_bytes(gzip.decompress((DATA / "blocks_909769e.db.gz").read_bytes()))
    store = RunStore(db, must_exist=True)
    world, memory, _log = store.load()
    assert _rows(world)[0] == sorted((e.key for e in world.graph.edges()), key="|".join)
    _go_on(store, world, memory)
    again, _m, _l = RunStore(db, must_exist=True).load()
    assert _rows(again) == _rows(world)


def test_a_rewritten_run_keeps_its_rows(tmp_path, monkeypatch):
    """An erasure's rewrite writes every edge afresh (mark_all_dirty): at the rows they had."""
    monkeypatch.setattr(bulk_writer, "BULK_ROWS", 10**9)
    db = tmp_path / "run.db"
    sim, _rumour = small_town(30, seed=2)
    store = RunStore(db)
    store.create(sim.world)
    store.commit_tick(sim.world, sim.memory, [], extra={"minds": sim.minds})
    _go_on(store, sim.world, sim.memory)
    store.rewrite(sim.world, sim.memory, [], store.run_info())
    store.release_writer()
    again, _m, _l = RunStore(db, must_exist=True).load()
    assert _rows(again) == _rows(sim.world)
