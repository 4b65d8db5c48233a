"""The commit path below `RunStore.commit_tick`: the text scan that decides which rows are sealed
finds exactly the players the old walk over the decoded value found; a commit that fails midway
leaves nothing of itself behind and the store carries on; the stored script is sealed once per
cast and key; the SQLite durability setting is what was asked for."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk import Town
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.sim import row_writer
from townsfolk.sim.crypto_shred import owners_in, owners_in_text, sealed_kids
from townsfolk.sim.run_store import RunStore, RunStoreError, open_engine

PLAYERS = {"p1", "p2", "player", "玩家"}
# strings built from the ids and the characters that could fool a scan of JSON text
PIECES = st.sampled_from(["p1", "p2", "player", "玩家", "play", '"', "\\", ":", ",", "[", "]", "{", "}", " ", "x"])
TEXTS = st.lists(PIECES, max_size=6).map("".join)
VALUES = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | TEXTS,
                      lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXTS, inner, max_size=4),
                      max_leaves=12)

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "toll_bridge.yaml"  # zh, two players


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_the_text_scan_finds_exactly_the_players_the_walk_finds(value):
    want = owners_in(value, PLAYERS)
    for text in (json.dumps(value, ensure_ascii=False), json.dumps(value, separators=(",", ":")),
                 json.dumps(value, ensure_ascii=False, indent=1)):
        assert owners_in_text(text, PLAYERS) == want, text


def test_an_id_that_needs_escaping_falls_back_to_the_walk():
    odd = {'say "hi"', "p1"}
    value = {"a": 'say "hi"', "b": ['say "hi"', "x"], 'say "hi"': 1}
    assert owners_in_text(json.dumps(value), odd) == owners_in(value, odd) == {'say "hi"'}


def _rows(db) -> dict[str, int]:
    con = sqlite3.connect(db)
    try:
        return {t: con.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0]
                for t in ("fact", "memory_item", "timeline", "edge", "edge_change", "decision")}
    finally:
        con.close()


def test_a_commit_that_fails_midway_leaves_nothing_and_the_store_refuses_to_write_over_the_gap(tmp_path,
                                                                                              monkeypatch):
    db = tmp_path / "bridge.db"
    town = Town.from_scenario(SCENARIO, db=db, embedder=LexicalEmbedder())
    town.advance(2)  # the player's question and the stuck cart
    before = _rows(db)
    tick = RunStore(db, must_exist=True).run_info().last_tick
    town.autosave = False
    town.say("shusheng", "ahu", "老马的车怎么了？")  # facts, memories, bond changes, timeline lines

    def fail(self, table, values):  # every row of the turn has been sent when this runs
        raise sqlite3.OperationalError("disk I/O error (injected)")

    monkeypatch.setattr(row_writer.SqliteRows, "update_run", fail)
    with pytest.raises(RunStoreError, match="nothing of it was written"):
        town.save()
    monkeypatch.undo()
    assert _rows(db) == before  # rolled back whole: no fact, memory or line of the turn on disk
    with pytest.raises(RunStoreError, match="an earlier commit failed"):
        town.save()  # its journals are gone: a later commit would leave a gap, so it is refused
    town.close()
    reopened = Town.open(db, embedder=LexicalEmbedder())  # back at the last committed tick, whole
    assert reopened.tick == tick and len(reopened.world.facts) == before["fact"]
    reopened.say("shusheng", "ahu", "老马的车怎么了？")  # and it goes on from there
    reopened.close()
    assert _rows(db)["fact"] > before["fact"]


def test_the_stored_script_is_sealed_once_per_cast_and_key(tmp_path):
    town = Town.from_scenario(SCENARIO, db=tmp_path / "bridge.db", embedder=LexicalEmbedder())
    store = town.store
    players = {"keren", "shusheng"}
    extra = town._extra()  # noqa: SLF001
    first = store._seal_extra(extra, players)["scenario"]["timeline"]  # noqa: SLF001
    assert store._seal_extra(extra, players)["scenario"]["timeline"] == first  # noqa: SLF001  # not sealed again
    asked, cart, asked_too = first
    assert sealed_kids(asked) == store.keys.kids_of("keren") and not sealed_kids(cart)
    assert sealed_kids(asked_too) == store.keys.kids_of("shusheng")
    old = store.keys.retire("keren")  # an erasure: the player's new rows go under a fresh key
    fresh = store._seal_extra(extra, players)["scenario"]["timeline"]  # noqa: SLF001
    assert sealed_kids(fresh[0]) and sealed_kids(fresh[0]) != old
    town.close()


def test_sqlite_durability_is_what_was_asked_for(tmp_path):
    for asked, level in (("NORMAL", 1), ("FULL", 2)):
        engine = open_engine(tmp_path / f"{asked}.db", synchronous=asked)
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == level
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        engine.dispose()
    with pytest.raises(ValueError, match="synchronous"):
        open_engine(tmp_path / "x.db", synchronous="OFF")
