"""A headless town's per-commit rows as blocks (sim/row_blocks.py): a block-written run loads back
as the row-written run of the same seed (minds, memory, vectors, facts, edges, timeline), a commit
that fails after its blocks were sent leaves the run at its last committed tick, deletions and
rows written after blocks land over them, and why/inspect/memories slices read blocks as rows."""

from __future__ import annotations

import base64
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from tests.test_run_reader import CROSSING, _pairs
from tests.test_scale_engine import small_town
from townsfolk.sim import bulk_writer, row_blocks, row_writer
from townsfolk.sim.run_reader import RunReader
from townsfolk.sim.run_store import RunStore, RunStoreError
from townsfolk.sim.simulate import simulate
from townsfolk.sim.why import explain
from townsfolk.sim.world_spec import load_world_spec

ROOT = Path(__file__).resolve().parent.parent


def _digest(store: RunStore) -> dict:
    """Everything a load gives back, as plain values (what a resumed run goes on from)."""
    world, memory, log = store.load()
    run = store.run_info()
    return {
        "edges": sorted((e.key, e.record().model_dump()) for e in world.graph.edges()),
        "memory": [(kind, item.model_dump()) for kind, item in memory.all_items()],
        "vectors": {k: np.asarray(v).tolist() for k, v in sorted(memory.vectors.items())},
        "facts": [f.model_dump() for f in world.facts],
        "log": [e.model_dump() for e in log],
        "minds": run.extra.get("minds"), "rng": run.rng_state, "counters": run.counters, "tick": run.last_tick,
    }


def _run(db: Path, ticks: int, *, blocks: bool, monkeypatch: pytest.MonkeyPatch, after=None,  # noqa: ANN001, ANN202
         kill_at: int | None = None):
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 1 if blocks else 10**9)
    sim, rumour = small_town(200, seed=3)
    store = RunStore(db)
    store.create(sim.world)
    store.commit_tick(sim.world, sim.memory, [], extra={"minds": sim.minds})
    for tick in range(1, ticks + 1):
        sim.world.clock.tick = tick
        log = rumour.step() + sim.run_tick(tick, [])
        if tick == 2:  # an item touched, one deleted, one given a vector
            items = [item for _kind, item in sim.memory.all_items()]
            sim.memory.touch(items[0])
            sim.memory.delete(sim.memory.kind_of(items[1]), items[1].id)
            sim.memory.vectors[items[2].id] = np.arange(4, dtype=np.float32)
            sim.memory.touch(items[2])
        if tick == kill_at:  # killed inside this tick's commit, its blocks sent, before COMMIT
            monkeypatch.setattr(row_writer.SqliteRows, "update_run", lambda *_a: os._exit(9))
        store.commit_tick(sim.world, sim.memory, log, extra={"minds": sim.minds})
    if after is not None:
        after(sim, store)
    store.release_writer()
    return sim


@pytest.mark.parametrize("edge_blocks", [False, True])
def test_a_block_written_run_loads_as_the_row_written_run(tmp_path, monkeypatch, edge_blocks):
    monkeypatch.setattr(bulk_writer, "BULK_ROWS", 1000 if edge_blocks else 10**9)  # the first commit's edges too
    _run(tmp_path / "blocks.db", 6, blocks=True, monkeypatch=monkeypatch)
    _run(tmp_path / "rows.db", 6, blocks=False, monkeypatch=monkeypatch)
    with sqlite3.connect(tmp_path / "blocks.db") as con:
        tables = {t for (t,) in con.execute('SELECT DISTINCT "table" FROM row_block')}
        memory_rows = con.execute("SELECT count(*) FROM memory_item").fetchone()[0]
        timeline_rows = con.execute("SELECT count(*) FROM timeline").fetchone()[0]
        edge_rows = con.execute("SELECT count(*) FROM edge").fetchone()[0]
        assert (con.execute("SELECT count(*) FROM edge_block").fetchone()[0] > 0) == edge_blocks
    assert {"memory_item", "timeline", "fact", "edge_change", "edge"} <= tables
    assert memory_rows == timeline_rows == edge_rows == 0  # every appended or moved row went into a block
    with sqlite3.connect(tmp_path / "rows.db") as con:
        assert con.execute("SELECT count(*) FROM row_block").fetchone()[0] == 0
    blocks, rows = _digest(RunStore(tmp_path / "blocks.db", must_exist=True)), _digest(RunStore(tmp_path / "rows.db", must_exist=True))
    assert blocks["memory"] and blocks["log"] and blocks["facts"] and blocks["vectors"]
    for key in rows:
        assert blocks[key] == rows[key], key


def test_a_run_killed_mid_commit_resumes_from_its_last_committed_tick(tmp_path, monkeypatch):
    db = tmp_path / "run.db"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        import pytest
        from tests.test_row_blocks import _run
        _run(__import__("pathlib").Path({str(db)!r}), 5, blocks=True, monkeypatch=pytest.MonkeyPatch(), kill_at=4)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 9, done.stderr[-2000:]
    killed = RunStore(db, must_exist=True)
    assert killed.run_info().last_tick == 3
    _run(tmp_path / "ref.db", 3, blocks=True, monkeypatch=monkeypatch)  # the same run, stopped after tick 3
    assert _digest(killed) == _digest(RunStore(tmp_path / "ref.db", must_exist=True))


@pytest.mark.skipif(not os.environ.get("TOWNSFOLK_TEST_PG_URL"),
                    reason="no PostgreSQL server: set TOWNSFOLK_TEST_PG_URL (.ci/run starts one when it can)")
def test_blocks_on_a_server_database_load_as_rows_on_sqlite(tmp_path, monkeypatch):
    url = os.environ["TOWNSFOLK_TEST_PG_URL"]
    _run(url, 4, blocks=True, monkeypatch=monkeypatch)
    _run(tmp_path / "rows.db", 4, blocks=False, monkeypatch=monkeypatch)
    on_server, rows = _digest(RunStore(url, must_exist=True)), _digest(RunStore(tmp_path / "rows.db", must_exist=True))
    for key in rows:
        assert on_server[key] == rows[key], key


def test_a_commit_that_fails_after_its_blocks_leaves_the_last_committed_tick(tmp_path, monkeypatch):
    db = tmp_path / "run.db"
    sim = _run(db, 3, blocks=True, monkeypatch=monkeypatch)
    before = _digest(RunStore(db, must_exist=True))
    store = RunStore(db, must_exist=True)
    store.load()
    sim.world.clock.tick = 4
    touched = next(item for _kind, item in sim.memory.all_items())  # rows for blocks in the failing commit
    sim.memory.touch(touched)
    tie = next(iter(sim.world.graph.edges()))
    sim.world.graph.set_edge(tie.source, tie.target, tie.kind, 0.33, tick=4, time=sim.world.now)

    def fail(self, table, values):  # noqa: ANN001, ANN202  # the blocks have been sent when this runs
        raise sqlite3.OperationalError("disk I/O error (injected)")

    monkeypatch.setattr(row_writer.SqliteRows, "update_run", fail)
    with pytest.raises(RunStoreError, match="nothing of it was written"):
        store.commit_tick(sim.world, sim.memory, [], extra={"minds": sim.minds})
    monkeypatch.undo()
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 1)
    store.release_writer()
    reopened = RunStore(db, must_exist=True)
    assert _digest(reopened) == before
    world, memory, log = reopened.load()  # and it goes on from there, in blocks over blocks
    item = next(item for _kind, item in memory.all_items())
    memory.delete(memory.kind_of(item), item.id)
    reopened.commit_tick(world, memory, [])
    reopened.release_writer()
    again = _digest(RunStore(db, must_exist=True))
    assert len(again["memory"]) == len(before["memory"]) - 1
    assert item.id not in {i["id"] for _k, i in again["memory"]}


def test_rows_after_blocks_land_over_them(tmp_path, monkeypatch):
    """A world that goes back to rows (a player joined) deletes and updates items that live in blocks."""
    def to_rows(sim, store):  # noqa: ANN001, ANN202
        monkeypatch.setattr(row_blocks, "BLOCK_CAST", 10**9)
        items = [item for _kind, item in sim.memory.all_items()]
        sim.memory.delete(sim.memory.kind_of(items[3]), items[3].id)
        sim.memory.vectors[items[4].id] = np.ones(4, dtype=np.float32)
        sim.memory.touch(items[4])
        tie = next(iter(sim.world.graph.edges()))  # an edge whose state lives in a block, moved in rows
        sim.world.graph.set_edge(tie.source, tie.target, tie.kind, 0.42, tick=9, time=sim.world.now)
        store.commit_tick(sim.world, sim.memory, [], extra={"minds": sim.minds})

    db = tmp_path / "run.db"
    live = _run(db, 3, blocks=True, monkeypatch=monkeypatch, after=to_rows)
    got = _digest(RunStore(db, must_exist=True))
    assert got["memory"] == [(kind, item.model_dump()) for kind, item in live.memory.all_items()]
    assert got["vectors"] == {k: np.asarray(v).tolist() for k, v in sorted(live.memory.vectors.items())}
    assert got["edges"] == sorted((e.key, e.record().model_dump()) for e in live.world.graph.edges())
    assert 0.42 in [e["strength"] for _k, e in got["edges"]]


def test_a_damaged_block_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="row block"):
        row_blocks.unpack(b'{"n": 2, "cols": {}, "gone": []}\n{}')
    packed = row_blocks.pack("timeline", [(1, 0, "said", '{"a":1}'), (2, 0, "said", '{"b":"x\\ny"}')])
    assert packed is not None and row_blocks.unpack(packed).body(1) == {"b": "x\ny"}
    assert row_blocks.pack("timeline", [(1, 0, "said", '{"a":\n1}')]) is None  # not one line: rows instead
    emb = row_blocks.unpack(row_blocks.pack("memory_item", [("m1", "event", 1, "a", None, 0, False, b"\x01\x02", "{}")]))
    assert base64.b64decode(emb.cols["embedding"][0]) == b"\x01\x02"


def test_slices_of_a_block_run_answer_as_its_full_load(tmp_path, monkeypatch):
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 1)
    spec_file, db = tmp_path / "crossing.world.yaml", tmp_path / "crossing.db"
    spec_file.write_text(CROSSING.split("players:")[0], encoding="utf-8")  # headless: no visitor
    simulate(load_world_spec(spec_file), db=db, spec_path=str(spec_file))
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM row_block").fetchone()[0] > 0
        assert con.execute("SELECT count(*) FROM memory_item").fetchone()[0] == 0
    world, memory, _log = RunStore(db, must_exist=True).load()
    reader = RunReader(str(db))
    pairs = _pairs(world, memory)
    assert len(pairs) >= 5
    for holder, target in pairs:
        part = reader.slice_why(holder, target)
        assert explain(part.world, part.memory, holder, target).model_dump() == \
            explain(world, memory, holder, target).model_dump(), (holder, target)
    for npc in sorted({b.holder for b in memory.beliefs.values()})[:10]:
        part = reader.slice_memories(npc)
        held = [(k, i.model_dump()) for k, i in memory.all_items() if i.holder == npc]
        assert [(k, i.model_dump()) for k, i in part.memory.all_items()] == held
        assert {f.id for f in part.world.facts} <= {f.id for f in world.facts}
        assert all(f.model_dump() == world.facts.get(f.id).model_dump() for f in part.world.facts)
        inspected = reader.slice_inspect(npc)
        assert sorted(inspected.memory.beliefs) == sorted(memory.beliefs)
        assert len(inspected.world.facts) == len(world.facts)
