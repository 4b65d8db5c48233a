"""Crypto-shredding (issue 7 §5): a player's rows are sealed at rest with their own key, and
`forget --player` destroys the key, so copies the database keeps elsewhere (a backup of the file,
PostgreSQL's WAL) are unreadable afterwards, not merely unreferenced."""

from __future__ import annotations

import os
import re
import shutil
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

import townsfolk.sim.engine as sim_engine
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.sim.cli import app
from townsfolk.sim.crypto_shred import KeyDestroyed, KeyRing, open_json, sealed_kids
from townsfolk.sim.playback import play
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
RUNNER = CliRunner()
ASKED = "你和小梁最近怎么了"  # the traveller's words in the teahouse
SEALED = re.compile(rb'\{"sealed": ?\[("[0-9a-f]{16}"(?:, ?"[0-9a-f]{16}")*)\], ?"ct": ?"([A-Za-z0-9+/=]+)"\}')


@pytest.fixture
def lexical(monkeypatch):
    monkeypatch.setattr(sim_engine, "make_embedder", lambda *_a, **_k: LexicalEmbedder())


def _sealed_values(blob: bytes) -> list[dict]:
    return [{"sealed": [k.strip(b'" ').decode() for k in m.group(1).split(b",")], "ct": m.group(2).decode()}
            for m in SEALED.finditer(blob)]


def _readable(ring: KeyRing, values: list[dict]) -> list[str]:
    out = []
    for v in values:
        try:
            out.append(str(open_json(ring, v)))
        except KeyDestroyed:
            pass
    return out


def test_player_rows_are_sealed_and_a_backup_is_unreadable_after_forget(tmp_path, lexical):
    db = tmp_path / "tea.db"
    play(load_scenario(SCENARIOS / "teahouse.yaml"), db=db)
    store = RunStore(db, must_exist=True)
    store.checkpoint()
    world, memory, _ = store.load()
    assert any(f.text == ASKED for f in world.facts)  # readable through the store
    blob = db.read_bytes()
    assert ASKED.encode() not in blob  # but nowhere in the file's bytes (the stored script is sealed too)
    keys = KeyRing(db.with_name(db.name + ".keys"))
    [kid] = keys.kids_of("player")
    values = _sealed_values(blob)
    assert values and all(v["sealed"] == [kid] for v in values)
    assert any(ASKED in t for t in _readable(keys, values))
    backup = tmp_path / "backup.db"
    shutil.copyfile(db, backup)  # a copy made before the erasure (keys are kept apart from it)

    r = RUNNER.invoke(app, ["forget", "--db", str(db), "--player", "player"])
    assert r.exit_code == 0, r.output
    said = "".join(r.output.split())  # the world is zh: the forget line is too
    assert "destroyed1key" in said or "销毁了这位玩家的1把密钥" in said

    keys = KeyRing(db.with_name(db.name + ".keys"))
    assert kid not in keys.kids_of("player")
    old = _sealed_values(backup.read_bytes())
    assert old and _readable(keys, old) == []  # every sealed row of the backup is noise now
    with pytest.raises(KeyDestroyed):
        open_json(keys, old[0])
    # the run itself stays whole, and what is left of the player is sealed under a fresh key
    world, memory, _ = RunStore(db, must_exist=True).load()
    assert sorted(world.characters) == ["aqing", "guke", "player", "xiaoliang"]
    assert all(kid not in sealed_kids(v) for v in _sealed_values(db.read_bytes()))


def test_a_kill_between_the_swap_and_the_shredding_is_finished_by_the_next_writer(tmp_path, lexical, monkeypatch):
    db = tmp_path / "tea.db"
    play(load_scenario(SCENARIOS / "teahouse.yaml"), db=db)
    [kid] = KeyRing(db.with_name(db.name + ".keys")).kids_of("player")
    monkeypatch.setattr(KeyRing, "destroy", lambda self, kids: [])  # the process dies before destroying
    r = RUNNER.invoke(app, ["forget", "--db", str(db), "--player", "player"])
    assert r.exit_code == 0, r.output
    assert kid in KeyRing(db.with_name(db.name + ".keys")).kids_of("player")
    monkeypatch.undo()
    store = RunStore(db, must_exist=True)
    store.acquire_writer()  # any writer (play --resume, forget) finishes what the run says was retired
    store.release_writer()
    assert kid not in KeyRing(db.with_name(db.name + ".keys")).kids_of("player")


PG_URL = os.environ.get("TOWNSFOLK_TEST_PG_URL")


@pytest.fixture
def pg_db(monkeypatch, tmp_path):
    if not PG_URL:
        pytest.skip("no PostgreSQL server: set TOWNSFOLK_TEST_PG_URL (.ci/run starts one when it can)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (the dev extra has it)")
    name = f"tf_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    monkeypatch.setenv("TOWNSFOLK_KEYS_DIR", str(tmp_path / "keys"))
    url = PG_URL.rsplit("/", 1)[0] + "/" + name
    yield url, admin
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def _pg_wal(admin) -> bytes:
    with admin.connect() as c:
        c.execute(text("CHECKPOINT"))
        c.execute(text("SELECT pg_switch_wal()"))
        data_dir = c.execute(text("SHOW data_directory")).scalar()
    wal = Path(data_dir) / "pg_wal"
    try:
        files = [f for f in wal.iterdir() if f.is_file() and len(f.name) == 24]
        return b"".join(f.read_bytes() for f in files)
    except PermissionError:
        pytest.skip(f"cannot read {wal} as this user")


def test_on_postgresql_the_wal_keeps_only_sealed_rows_and_forget_shreds_them(pg_db, lexical):
    url, admin = pg_db
    result = play(load_scenario(SCENARIOS / "teahouse.yaml"), db=url)
    assert not result.failed
    store = RunStore(url, must_exist=True)
    keys = store.keys
    [kid] = keys.kids_of("player")
    wal = _pg_wal(admin)
    assert ASKED.encode() not in wal  # the words never reached the server in the clear
    mine = [v for v in _sealed_values(wal) if kid in v["sealed"]]
    assert mine and any(ASKED in t for t in _readable(keys, mine))  # sealed copies, readable with the key
    store.engine.dispose()

    r = RUNNER.invoke(app, ["forget", "--db", url, "--player", "player"])
    assert r.exit_code == 0, r.output
    wal = _pg_wal(admin)
    old = [v for v in _sealed_values(wal) if kid in v["sealed"]]
    assert old, "the server still holds the old row images in its WAL"
    keys = KeyRing(keys.path)
    assert _readable(keys, old) == []  # ...and none of them opens any more
    with create_engine(url).connect() as c:
        rows = c.execute(text("SELECT data::text FROM fact")).scalars().all()
    assert not any(ASKED in r for r in rows)
    world, memory, _ = RunStore(url, must_exist=True).load()
    assert "player" in world.characters and not any(f.text == ASKED for f in world.facts)


def test_a_second_writer_on_postgresql_is_refused(pg_db, lexical):
    url, _admin = pg_db
    play(load_scenario(SCENARIOS / "teahouse.yaml"), db=url, until=1)
    import subprocess
    import sys
    hold = subprocess.Popen([sys.executable, "-c", (
        "import sys,time\nfrom townsfolk.sim.run_store import RunStore\n"
        "s=RunStore(sys.argv[1]); s.acquire_writer(); print('locked', flush=True); time.sleep(60)"), url],
        stdout=subprocess.PIPE, text=True)
    try:
        assert hold.stdout is not None and hold.stdout.readline().strip() == "locked"
        r = RUNNER.invoke(app, ["forget", "--db", url, "--player", "player"])
        out = " ".join(r.output.split())
        assert r.exit_code == 2 and "being written by server pid" in out and "townsfolk pid" in out, out
    finally:
        hold.kill()
        hold.wait()

