"""The page size of a run's SQLite file (sim/run_store.py `_block_pages`): a fresh file for a town
that writes row blocks gets 16 KB pages (its commits are megabytes of blocks, a COMMIT writes the
log a frame per page), a world in rows keeps SQLite's 4 KB (a talk turn's few rows), a file that
holds a run already keeps its own; the WAL is folded at ~40 MB either way; the run loads back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.test_scale_engine import small_town
from townsfolk.sim import row_blocks
from townsfolk.sim.run_store import BLOCK_PAGE_SIZE, WAL_CHECKPOINT_BYTES, RunStore


def _pragmas(store: RunStore) -> tuple[int, str, int]:
    with store.engine.connect() as conn:
        return tuple(conn.exec_driver_sql(f"PRAGMA {p}").scalar() for p in ("page_size", "journal_mode", "wal_autocheckpoint"))  # type: ignore[return-value]


@pytest.mark.parametrize(("blocks", "pages"), [(True, BLOCK_PAGE_SIZE), (False, 4096)])
def test_a_fresh_file_has_the_pages_its_commits_want(tmp_path: Path, monkeypatch, blocks: bool, pages: int):
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 1 if blocks else 10**9)
    sim, rumour = small_town(40, seed=5)
    db = tmp_path / "run.db"
    store = RunStore(db)
    store.create(sim.world)
    store.commit_tick(sim.world, sim.memory, [])
    for tick in (1, 2):
        sim.world.clock.tick = tick
        store.commit_tick(sim.world, sim.memory, rumour.step() + sim.run_tick(tick, []))
    assert _pragmas(store) == (pages, "wal", WAL_CHECKPOINT_BYTES // pages)
    with sqlite3.connect(db) as con:
        assert (con.execute("SELECT count(*) FROM row_block").fetchone()[0] > 0) is blocks
    store.release_writer()
    store.engine.dispose()
    reopened = RunStore(db, must_exist=True)
    assert _pragmas(reopened) == (pages, "wal", WAL_CHECKPOINT_BYTES // pages)
    _world, memory, log = reopened.load()
    assert len(list(memory.all_items())) == len(list(sim.memory.all_items())) and log


def test_a_file_holding_a_run_keeps_its_pages(tmp_path: Path, monkeypatch):
    db = tmp_path / "run.db"
    sim, _rumour = small_town(40, seed=5)
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 10**9)
    first = RunStore(db)
    first.create(sim.world)
    first.release_writer()
    first.engine.dispose()
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 1)
    again = RunStore(db)
    again.create(sim.world)  # a run made over the old one: the file's 4 KB pages stay
    assert _pragmas(again)[0] == 4096
    again.release_writer()
