"""The minds state saved as changes (sim/minds_rows.py): it comes back exactly, a commit writes only
the blocks and entries that moved, the run row no longer carries it, and a run saved the older way
(minds in the run row's JSON) still opens and moves to the tables on its next save."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path

from townsfolk import Town
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.minds import Minds
from townsfolk.sim.minds_rows import BLOCK, MindsSaved, minds_rows, minds_state
from townsfolk.sim.run_store import RunStore
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _run_extra(db: Path) -> dict:
    con = sqlite3.connect(db)
    try:
        return json.loads(con.execute("SELECT extra FROM run WHERE id = 1").fetchone()[0])
    finally:
        con.close()


def test_a_played_town_saves_its_minds_in_their_tables_and_opens_to_the_same_state(tmp_path):
    db = tmp_path / "bridge.db"
    town = Town.from_scenario(SCENARIOS / "toll_bridge.yaml", db=db, embedder=LexicalEmbedder())  # zh, players
    town.advance(2)
    town.say("shusheng", "ahu", "老马的车怎么了？")
    town.advance(3)
    want = town.sim.minds.state()
    assert RunStore(db, must_exist=True).run_info().extra["minds"] == want
    assert "minds" not in _run_extra(db)  # the run row is small: no copy of the minds rewritten per commit
    town.close()
    reopened = Town.open(db, embedder=LexicalEmbedder())
    assert reopened.sim.minds.state() == want
    reopened.say("shusheng", "ahu", "桥上收多少钱？")  # and the next save writes from what was loaded
    reopened.advance(1)
    again = reopened.sim.minds.state()
    reopened.close()
    assert Town.open(db, embedder=LexicalEmbedder(), read_only=True).sim.minds.state() == again


def _minds(n: int) -> Minds:
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 8, 0)), seed=1, language="en", title="rows")
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"N{i}", role="townsfolk"))
    return Minds(world, MemoryStore())


def test_a_commit_writes_only_the_blocks_and_entries_that_changed():
    minds = _minds(2 * BLOCK + 10)  # three blocks per per-NPC array
    saved = MindsSaved()
    first = minds_rows(saved, minds)
    assert {b[0] for b in first.blocks} >= {"fast:0", "fast:1", "fast:2", "moods:2", "pair_slow:0"}
    assert {e[0] for e in first.entries} == {"whole:npcs", "whole:budget", "whole:counts"}
    nothing = minds_rows(saved, minds)
    assert not (nothing.blocks or nothing.entries or nothing.gone_blocks or nothing.gone_entries)

    minds.affect.fast[BLOCK + 5, 0] = 0.25  # one NPC's mood moved: one block of one array
    minds.stages["n3|n4"] = "met"
    minds.last_spoke["n3"] = datetime(2026, 3, 2, 9, 0)
    moved = minds_rows(saved, minds)
    assert [b[0] for b in moved.blocks] == ["fast:1"]
    assert sorted(e[0] for e in moved.entries) == ["last_spoke:n3", "stages:n3|n4"]

    del minds.stages["n3|n4"]
    minds.affect.converse("n1", "n2")  # two new pairs: the pair arrays grow; two NPCs leave the group
    gone = minds_rows(saved, minds)
    assert gone.gone_entries == ["stages:n3|n4"] and not gone.entries
    assert {b[0] for b in gone.blocks} == {"pair_slow:0", "pairs:0", "pair_row:0", "group_of:0"}

    # and what the rows say is the state itself
    latest = {b[0]: b[1:] for rows in (first, moved, gone) for b in rows.blocks}
    entries = {e[0]: (e[0], e[1], json.loads(e[2])) for rows in (first, moved, gone) for e in rows.entries}
    for eid in gone.gone_entries:
        entries.pop(eid)
    blocks = list(latest.values())
    state, _saved = minds_state(blocks, list(entries.values()))
    assert state == minds.state()


def test_a_run_saved_with_its_minds_in_the_run_row_still_opens_and_moves_them_to_the_tables(tmp_path):
    db = tmp_path / "ferry.db"
    town = Town.from_scenario(SCENARIOS / "ferry.yaml", db=db)
    town.advance(4)
    want = town.sim.minds.state()
    town.close()
    # the layout of a run saved before the minds tables: the state in the run row, no tables
    con = sqlite3.connect(db)
    extra = json.loads(con.execute("SELECT extra FROM run WHERE id = 1").fetchone()[0])
    con.execute("UPDATE run SET extra = ? WHERE id = 1", (json.dumps({**extra, "minds": want}),))
    con.execute("DROP TABLE mind_array")
    con.execute("DROP TABLE mind_entry")
    con.commit()
    con.close()
    old = Town.open(db)
    assert old.sim.minds.state() == want
    old.advance(2)
    now = old.sim.minds.state()
    old.close()
    assert "minds" not in _run_extra(db)
    assert Town.open(db, read_only=True).sim.minds.state() == now
