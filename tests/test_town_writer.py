"""A Town that can write is its database's one writer for its whole life (nothing written is lost
to a file swapped under it), and every error of the facade is a TownError."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from townsfolk import RunStoreError, ScenarioError, Town, TownError

ROOT = Path(__file__).resolve().parent.parent
FERRY = ROOT / "scenarios" / "ferry.yaml"
CLI = [sys.executable, "-m", "townsfolk.sim.cli"]

HOLDER = """
import sys
from townsfolk import Town
town = Town.open(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
town.say("rider", "ida", "Still here, captain?")
print("saved", town.info().timeline_length, flush=True)
town.close()
"""


def _env() -> dict[str, str]:
    return dict(os.environ)


def test_an_open_town_keeps_other_writers_out_and_loses_nothing(tmp_path) -> None:
    db = tmp_path / "ferry.db"
    Town.from_scenario(FERRY, db=db).close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "ready", holder.stderr.read() if holder.stderr else ""
        # a second writer in another process is refused at once, naming the database and the holder
        with pytest.raises(TownError, match=rf"{db.name} is being written by pid {holder.pid}"):
            Town.open(db)
        forget = subprocess.run([*CLI, "forget", "--db", str(db), "--player", "rider", "--npc", "ida"],
                                capture_output=True, text=True, env=_env(), timeout=120)
        assert forget.returncode == 2, forget.stdout + forget.stderr
        assert "being written by" in forget.stderr and "Traceback" not in forget.stderr
        reader = Town.open(db, read_only=True)  # a reader is welcome, and may not write
        before = reader.info().timeline_length
        with pytest.raises(TownError, match="read_only"):
            reader.save()
        holder.stdin.write("go\n")
        holder.stdin.flush()
        out, err = holder.communicate(timeout=120)
        assert holder.returncode == 0, err
    finally:
        if holder.poll() is None:
            holder.kill()
    saved = int(out.split()[-1])
    assert saved > before
    with Town.open(db) as again:  # the holder's say reached the file, and its lock is gone
        assert again.info().timeline_length == saved


def test_save_refuses_a_file_replaced_under_the_town(tmp_path) -> None:
    db = tmp_path / "ferry.db"
    town = Town.from_scenario(FERRY, db=db)
    copy = tmp_path / "copy.db"
    town.store.checkpoint()
    shutil.copy(db, copy)
    os.replace(copy, db)  # what an outside rewrite does
    with pytest.raises(TownError, match="replaced or removed"):
        town.say("rider", "ida", "Hello?")
    town.close()
    with pytest.raises(TownError, match="closed"):
        town.save()


def test_the_facade_raises_one_error_family(tmp_path) -> None:
    assert issubclass(RunStoreError, TownError) and issubclass(ScenarioError, TownError)
    with pytest.raises(TownError, match="nonexist"):
        Town.open(tmp_path / "nonexist.db")
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nlanguage: en\ncharacters: 3\n", encoding="utf-8")
    with pytest.raises(TownError):
        Town.from_scenario(bad)
    scenario = {"scenario": "Dict", "language": "en",
                "characters": {"a": {"name": "A"}, "b": {"name": "B"}},
                "timeline": [{"at": 0, "meet": ["a", "nobody"]}]}
    with pytest.raises(ScenarioError) as err:
        Town.from_scenario(scenario)
    assert err.value.line is None and str(err.value).startswith("<scenario>: timeline[0].meet")
