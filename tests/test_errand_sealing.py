"""Errand state is sealed with the player's key at rest (crypto-shredding): the words a player gave
an errand ("三位，要大壶") are nowhere in the database file, the errand reopens whole through the
store, and after `forget --player` a backup copied before the erasure holds no errand anyone can open."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.crypto_shred import KeyDestroyed, KeyRing, is_sealed, open_json
from townsfolk.sim.errand_seal import ErrandSeals, open_errands
from townsfolk.sim.playback import play
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
SAID = "三位，要大壶"  # the player's answer in teahouse_order.yaml, kept in the errand's history


def _stored_errands(db: Path) -> list:
    with sqlite3.connect(db) as conn:
        (extra,) = conn.execute("select extra from run").fetchone()
    return json.loads(extra)["errands"]


def test_errand_state_is_sealed_and_shredded_with_the_player(tmp_path: Path) -> None:
    db = tmp_path / "order.db"
    play(load_scenario(ROOT / "scenarios" / "teahouse_order.yaml"), db=db, until=3)
    store = RunStore(db, must_exist=True)
    store.checkpoint()
    assert SAID.encode() not in db.read_bytes()  # not in the run's record, nor in any other row
    [stored] = _stored_errands(db)
    assert is_sealed(stored)
    [errand] = store.run_info().extra["errands"]  # opened by the store as it reads
    assert errand["player"] == "player" and any(h["why"] == SAID for h in errand["history"])
    listed = CliRunner().invoke(app, ["errands", "--db", str(db), "--json"])
    assert listed.exit_code == 0 and '"order_tea#1"' in listed.output

    backup = tmp_path / "backup.db"
    shutil.copyfile(db, backup)
    assert CliRunner().invoke(app, ["forget", "--db", str(db), "--player", "player"]).exit_code == 0
    keys = KeyRing(db.with_name(db.name + ".keys"))
    [old] = _stored_errands(backup)
    try:
        open_json(keys, old)
        raise AssertionError("the erased player's errand still opens")
    except KeyDestroyed:
        pass
    assert open_errands(keys, {"errands": [old]}) == {"errands": []}  # left out, as an erased beat is
    assert _stored_errands(db) == []


def test_an_unchanged_errand_is_not_sealed_again(tmp_path: Path) -> None:
    ring = KeyRing(tmp_path / "k.keys")
    seals = ErrandSeals()
    extra = {"errands": [{"key": "a#1", "player": "p1", "npc": "n", "values": {"x": "mine"}}], "usage": {}}
    first = seals.seal(ring, extra, {"p1"})
    again = seals.seal(ring, extra, {"p1"})
    assert first["errands"][0] is again["errands"][0] and is_sealed(first["errands"][0])
    changed = seals.seal(ring, {"errands": [{**extra["errands"][0], "values": {"x": "other"}}]}, {"p1"})
    assert open_errands(ring, changed)["errands"][0]["values"] == {"x": "other"}
    assert seals.seal(ring, extra, set()) is extra  # a world without players seals nothing
