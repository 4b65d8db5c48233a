"""A big first commit's edges as column blocks (sim/edge_blocks.py): the loaded graph is the saved
one, later commits' rows land over the blocks, a run killed mid-run resumes from its last commit,
and a world with players (whose rows are sealed) keeps rows."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.test_scale_engine import small_town
from townsfolk.sim import bulk_writer
from townsfolk.sim.run_store import RunStore

ROOT = Path(__file__).resolve().parent.parent


def _graph(world) -> list:  # noqa: ANN001
    """Every edge as its record with its whole history, in id order (what `why` and reports read)."""
    return sorted(((e.key, e.record().model_dump()) for e in world.graph.edges()), key=lambda x: x[0])


def _run(db: Path, ticks: int, *, blocks: bool, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN202
    monkeypatch.setattr(bulk_writer, "BULK_ROWS", 1000 if blocks else 10**9)
    sim, rumour = small_town(300, seed=5)
    store = RunStore(db)
    store.create(sim.world)
    store.commit_tick(sim.world, sim.memory, [], extra={"minds": sim.minds})
    for tick in range(1, ticks + 1):
        sim.world.clock.tick = tick
        log = rumour.step() + sim.run_tick(tick, [])
        store.commit_tick(sim.world, sim.memory, log, extra={"minds": sim.minds})
    tie = next(iter(sim.world.graph.edges()))  # an edge made after the blocks, and a dormant one in them
    sim.world.graph.set_edge(tie.source, "n299", "rival", 0.3, tick=ticks, time=sim.world.now)
    sim.world.graph.set_dormant(tie.source, tie.target, sim.world.now)
    store.commit_tick(sim.world, sim.memory, [], finished=True, extra={"minds": sim.minds})
    store.release_writer()
    return sim


def test_blocks_load_as_the_graph_that_was_saved_and_as_rows_would(tmp_path, monkeypatch):
    live = _run(tmp_path / "blocks.db", 6, blocks=True, monkeypatch=monkeypatch)
    _run(tmp_path / "rows.db", 6, blocks=False, monkeypatch=monkeypatch)
    with sqlite3.connect(tmp_path / "blocks.db") as con:
        held = {r[0] for r in con.execute("SELECT id FROM edge_block")}
        edge_rows = con.execute("SELECT count(*) FROM edge").fetchone()[0]
    assert {"edge:strength", "log:prev", "codes:nodes"} <= held
    assert 0 < edge_rows < live.world.graph.columns.n  # only edges that moved after the blocks are rows
    world, _memory, _log = RunStore(tmp_path / "blocks.db", must_exist=True).load()
    from_rows, _m, _l = RunStore(tmp_path / "rows.db", must_exist=True).load()
    assert _graph(world) == _graph(live.world) == _graph(from_rows)
    assert world.graph.dormant_pairs() == live.world.graph.dormant_pairs()
    c, lc = world.graph.columns, live.world.graph.columns  # and the arrays, in the order of creation
    for name in ("strength", "count", "tagged", "seed_start"):
        assert getattr(c, name)[:c.n].tolist() == getattr(lc, name)[:lc.n].tolist(), name
    assert [c.times.values[t] for t in c.since[:c.n]] == [lc.times.values[t] for t in lc.since[:lc.n]]


def test_a_loaded_block_run_goes_on_committing_rows_over_its_blocks(tmp_path, monkeypatch):
    _run(tmp_path / "run.db", 3, blocks=True, monkeypatch=monkeypatch)
    store = RunStore(tmp_path / "run.db", must_exist=True)
    world, memory, _log = store.load()
    a, b = list(world.characters)[:2]
    edge = world.graph.edges_between(a, b)[0]
    world.graph.set_edge(a, b, edge.kind, 0.11, tick=9, time=world.now, reason="a later quarrel")
    store.commit_tick(world, memory, [])
    store.release_writer()
    again, _m, _l = RunStore(tmp_path / "run.db", must_exist=True).load()
    assert _graph(again) == _graph(world)
    moved = next(e for e in again.graph.edges_between(a, b) if e.kind == edge.kind)
    assert moved.strength == 0.11 and moved.history[-1].reason == "a later quarrel"


def test_a_block_run_killed_mid_run_resumes_from_its_last_commit(tmp_path):
    db = tmp_path / "run.db"
    script = textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(ROOT)!r})
        from tests.test_scale_engine import small_town
        from townsfolk.sim import bulk_writer
        from townsfolk.sim.run_store import RunStore
        bulk_writer.BULK_ROWS = 1000
        sim, rumour = small_town(300, seed=5)
        store = RunStore({str(db)!r})
        store.create(sim.world)
        store.commit_tick(sim.world, sim.memory, [], extra={{"minds": sim.minds}})
        for tick in range(1, 5):
            sim.world.clock.tick = tick
            log = rumour.step() + sim.run_tick(tick, [])
            if tick == 4:
                os._exit(9)  # killed with tick 4 in flight
            store.commit_tick(sim.world, sim.memory, log, extra={{"minds": sim.minds}})
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 9, done.stderr
    store = RunStore(db, must_exist=True)
    assert store.run_info().last_tick == 3
    world, _memory, _log = store.load()
    sim, rumour = small_town(300, seed=5)  # the same run, uninterrupted, to tick 3
    for tick in range(1, 4):
        sim.world.clock.tick = tick
        rumour.step()
        sim.run_tick(tick, [])
    assert _graph(world) == _graph(sim.world)


def test_a_world_with_a_player_keeps_its_edges_as_rows(tmp_path, monkeypatch):
    from townsfolk.world.characters import Character

    monkeypatch.setattr(bulk_writer, "BULK_ROWS", 1000)
    sim, _rumour = small_town(300, seed=5)
    sim.world.add_character(Character(id="p1", name="Pia", is_player=True))
    store = RunStore(tmp_path / "run.db")
    store.create(sim.world)
    store.commit_tick(sim.world, sim.memory, [], extra={"minds": sim.minds})
    store.release_writer()
    with sqlite3.connect(tmp_path / "run.db") as con:
        assert con.execute("SELECT count(*) FROM edge_block").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM edge").fetchone()[0] == sim.world.graph.columns.n


def test_a_reader_of_a_few_edges_finds_them_in_the_blocks_with_their_later_rows(tmp_path, monkeypatch):
    from townsfolk.sim.edge_blocks import block_slice
    from townsfolk.sim.edge_rows import load_edges
    from townsfolk.world.world import World

    _run(tmp_path / "run.db", 4, blocks=True, monkeypatch=monkeypatch)
    store = RunStore(tmp_path / "run.db", must_exist=True)
    full, _memory, _log = store.load()
    moved = {eid for (eid,) in sqlite3.connect(tmp_path / "run.db").execute("SELECT id FROM edge")}
    who = next(e.source for e in full.graph.edges() if "|".join(e.key) in moved)  # one whose ties moved too
    with store.engine.connect() as conn:
        blocks = store._edge_blocks(conn)  # noqa: SLF001
        table = store._json_rows(conn, f"SELECT id, data FROM edge WHERE source = '{who}' OR target = '{who}' ORDER BY id")  # noqa: SLF001
        later = store._json_rows(conn, "SELECT edge_id, data FROM edge_change ORDER BY edge_id, seq")  # noqa: SLF001
        edges, changes = block_slice(blocks, table, lambda ids: [r for r in later if r[0] in set(ids)], either=who)
    shell = World(clock=full.clock, seed=full.seed, language=full.language)
    for cid, c in full.characters.items():
        shell.characters[cid] = c
        shell.graph.add_character(cid)
    load_edges(shell, edges, changes)
    want = sorted((e.key, e.record().model_dump()) for e in full.graph.edges() if who in (e.source, e.target))
    assert sorted((e.key, e.record().model_dump()) for e in shell.graph.edges()) == want
    assert any(len(d["history"]) > 1 for _k, d in want)  # later changes came from rows


def test_why_and_inspect_read_a_block_run_as_its_full_load(tmp_path, monkeypatch):
    from townsfolk.sim.run_reader import RunReader
    from townsfolk.sim.why import explain

    _run(tmp_path / "run.db", 4, blocks=True, monkeypatch=monkeypatch)
    world, memory, _log = RunStore(tmp_path / "run.db", must_exist=True).load()
    reader = RunReader(str(tmp_path / "run.db"))
    told = [e for e in world.graph.edges() if any(ch.cause.kind in ("belief", "event") for ch in e.history)]
    assert told
    for e in [*told[:8], *list(world.graph.edges())[:4]]:
        part = reader.slice_why(e.source, e.target)
        assert explain(part.world, part.memory, e.source, e.target).model_dump() == \
            explain(world, memory, e.source, e.target).model_dump()
        inspected = reader.slice_inspect(e.source)
        want = sorted((x.key, x.record().model_dump()) for x in world.graph.edges() if e.source in (x.source, x.target))
        assert sorted((x.key, x.record().model_dump()) for x in inspected.world.graph.edges()) == want


def _rows(world) -> list:  # noqa: ANN001
    """Every edge at its graph row (row i is the i-th edge made), and each character's adjacency order."""
    by_row = {e.row: e.key for e in world.graph.edges()}
    g = world.graph.g
    return [by_row.get(i) for i in range(world.graph.columns.n)], {n: list(g.adj[n]) for n in g}


def _made_mid_run(db: Path, *, blocks: bool, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN202
    """A run whose ties made after its first commit come in an order that is not their ids' (as a
    first chat's familiarity, a player's or a trust edge would), committed, then loaded."""
    monkeypatch.setattr(bulk_writer, "BULK_ROWS", 1000 if blocks else 10**9)
    sim, rumour = small_town(300, seed=5)
    store = RunStore(db)
    store.create(sim.world)
    store.commit_tick(sim.world, sim.memory, [], extra={"minds": sim.minds})
    sim.world.clock.tick = 1
    log = rumour.step() + sim.run_tick(1, [])
    for source, target, kind in (("n155", "n0", "trust"), ("n0", "n299", "rival"), ("n7", "n299", "rival"),
                                 ("n7", "n10", "rival")):  # made in this order; by id it is the reverse
        sim.world.graph.set_edge(source, target, kind, 0.3, tick=1, time=sim.world.now)
    store.commit_tick(sim.world, sim.memory, log, finished=True, extra={"minds": sim.minds})
    store.release_writer()
    world, _memory, _log = RunStore(db, must_exist=True).load()
    return sim.world, world


# An edge made after a run's first commit is written in name order with the rest of its commit
# (take_dirty_rows); its graph row is kept beside it (the edge table's and a row block's `seq`), so a
# load puts every edge back at its row and each character's ties in the order they were made.
def test_edges_made_after_the_blocks_load_at_the_rows_they_were_made_at(tmp_path, monkeypatch):
    live, loaded = _made_mid_run(tmp_path / "run.db", blocks=True, monkeypatch=monkeypatch)
    assert _graph(loaded) == _graph(live)  # the same edges and histories already
    assert _rows(loaded) == _rows(live)


def test_a_row_saved_run_loads_its_edges_at_the_rows_they_were_made_at(tmp_path, monkeypatch):
    live, loaded = _made_mid_run(tmp_path / "run.db", blocks=False, monkeypatch=monkeypatch)
    assert _graph(loaded) == _graph(live)
    assert _rows(loaded) == _rows(live)
