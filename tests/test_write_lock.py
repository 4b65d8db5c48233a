"""One writer per database (issue 7 §2), with real processes: a second writer is refused at once
with exit 2 naming the database and the other process; readers during a fresh play see a whole
committed tick or one clear message; a fresh play never silently replaces a run."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
TOWNSFOLK = Path(sys.executable).parent / "townsfolk"
RUNNER = CliRunner()
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "250"}

# a run long enough to be caught mid-way: a holder that takes the writer lock and keeps it until
# the test kills it (it slept 60 s: on a loaded machine three refused commands outlasted that, the
# lock went with it and the third command ran instead of being refused)
HOLD = """
import sys
from townsfolk.sim.run_store import RunStore
store = RunStore(sys.argv[1])
store.acquire_writer()
print("locked", flush=True)
sys.stdin.read()
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOWNSFOLK), *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          env=ENV, timeout=300)


def flat(text: str) -> str:
    return " ".join(text.split())


def _holder(db: Path) -> subprocess.Popen[str]:
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, env=ENV)
    assert p.stdout is not None and p.stdout.readline().strip() == "locked"
    return p


def test_a_second_writer_is_refused_at_once_naming_the_other_process(tmp_path):
    db = tmp_path / "tea.db"
    first = run("play", str(SCENARIOS / "teahouse.yaml"), "--db", str(db), "--until", "3", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    holder = _holder(db)
    try:
        for args in (["play", str(SCENARIOS / "teahouse.yaml"), "--db", str(db), "--overwrite"],
                     ["play", str(SCENARIOS / "teahouse.yaml"), "--db", str(db), "--resume"],
                     ["forget", "--db", str(db), "--player", "player"]):
            t0 = time.monotonic()
            r = run(*args, cwd=tmp_path)
            waited = time.monotonic() - t0
            out = flat(r.stderr + r.stdout)
            assert r.returncode == 2, (args, out)
            assert "Traceback" not in out
            assert str(db) in out and f"pid {holder.pid}" in out and "being written by" in out, out
            assert waited < 50, "refused at once, not after waiting for the other writer"
    finally:
        holder.kill()
        holder.wait()
    # the lock went with the process (even a kill -9): the next writer goes ahead
    again = run("play", str(SCENARIOS / "teahouse.yaml"), "--db", str(db), "--resume", cwd=tmp_path)
    assert again.returncode == 0, again.stderr


def test_two_plays_at_once_one_runs_the_other_is_refused(tmp_path):
    db = tmp_path / "both.db"
    procs = [subprocess.Popen([str(TOWNSFOLK), "play", str(SCENARIOS / "teahouse.yaml"), "--db", str(db),
                               "--overwrite", "--json"], cwd=tmp_path, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=ENV) for _ in range(2)]
    outs = [(p.wait(timeout=300), p.stdout.read(), p.stderr.read()) for p in procs]  # type: ignore[union-attr]
    codes = sorted(code for code, _o, _e in outs)
    assert codes in ([0, 0], [0, 2]), outs  # the second may start after the first is done
    for code, _o, err in outs:
        assert "Traceback" not in err
        if code == 2:
            assert "being written by pid" in flat(err)
    r = RUNNER.invoke(app, ["inspect", "--db", str(db)], env={"COLUMNS": "250", "NO_COLOR": "1"})
    assert r.exit_code == 0 and "阿青" in r.output


def test_a_fresh_play_onto_an_existing_run_needs_overwrite(tmp_path):
    db = tmp_path / "tea.db"
    assert run("play", str(SCENARIOS / "teahouse.yaml"), "--db", str(db), "--until", "2", cwd=tmp_path).returncode == 0
    before = db.read_bytes()
    r = run("play", str(SCENARIOS / "bakery.yaml"), "--db", str(db), cwd=tmp_path)
    out = flat(r.stderr)
    assert r.returncode == 2 and "already holds a run" in out and "--overwrite" in out, out
    assert "Traceback" not in out
    assert db.read_bytes() == before
    r = run("play", str(SCENARIOS / "bakery.yaml"), "--db", str(db), "--overwrite", cwd=tmp_path)
    assert r.returncode == 0, r.stderr


def test_readers_during_a_fresh_play_see_a_committed_tick_or_one_clear_message(tmp_path):
    db = tmp_path / "fresh.db"
    writer = subprocess.Popen([str(TOWNSFOLK), "play", str(SCENARIOS / "teahouse_season.yaml"), "--db", str(db),
                               "--json", "--until", "120"], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, env=ENV)
    seen: dict[str, int] = {}
    try:
        while writer.poll() is None and len(seen) < 40:
            for args in (["inspect", "--db", str(db)], ["why", "--db", str(db), "阿青", "小梁"],
                         ["decisions", "--db", str(db), "阿青"]):
                r = RUNNER.invoke(app, args, env={"COLUMNS": "250", "NO_COLOR": "1"})
                text = flat(r.output)
                assert "Traceback" not in text and "no such table" not in text, text
                assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
                key = "ok" if r.exit_code == 0 else text[:90]
                seen[key] = seen.get(key, 0) + 1
                if r.exit_code != 0:
                    assert r.exit_code == 2 and "error:" in text, text
    finally:
        writer.wait(timeout=600)
    assert writer.returncode == 0, writer.stderr.read() if writer.stderr else ""
    assert seen.get("ok", 0) >= 1, seen


# a reader asking "is it being written?" as fast as it can, for the race below
PROBE = """
import sys, time
from pathlib import Path
from townsfolk.sim.write_lock import is_being_written
db, end = Path(sys.argv[1]), time.monotonic() + float(sys.argv[2])
print("probing", flush=True)
while time.monotonic() < end:
    is_being_written(db)
"""


def test_a_reader_asking_whether_a_run_is_being_written_never_makes_the_writer_fail(tmp_path):
    """The race behind the flaky readers-during-play test: the probe took a shared flock, and a
    writer starting in that moment had its exclusive non-blocking flock refused (its play exited 2,
    "being written by another process"). Measured before the fix: 148 of ~4,000 acquisitions
    refused in 4 s against one probing process; now none, however many."""
    from townsfolk.sim.write_lock import WriterBusy, WriterLock, lock_path

    db = tmp_path / "race.db"
    lock_path(db).touch()
    prober = subprocess.Popen([sys.executable, "-c", PROBE, str(db), "3"], stdout=subprocess.PIPE, text=True, env=ENV)
    assert prober.stdout is not None and prober.stdout.readline().strip() == "probing"
    refused = tries = 0
    try:
        while prober.poll() is None:
            lock = WriterLock(str(db), db, None)  # type: ignore[arg-type]
            tries += 1
            try:
                lock.acquire()
            except WriterBusy:
                refused += 1
            else:
                lock.release(force=True)
    finally:
        prober.wait(timeout=60)
    assert tries > 50 and refused == 0, (tries, refused)


def test_readers_see_who_writes_from_the_lock_file_and_a_killed_writer_is_gone(tmp_path):
    from townsfolk.sim.run_store import open_engine
    from townsfolk.sim.write_lock import is_being_written

    db = tmp_path / "opening.db"
    open_engine(db).dispose()  # what a writer's store leaves before it takes the lock: no tables yet
    r = RUNNER.invoke(app, ["why", "a", "b", "--db", str(db)], env={"COLUMNS": "250", "NO_COLOR": "1"})
    assert r.exit_code == 2 and "holds no run" in flat(r.output) and "no such table" not in r.output, r.output
    assert not is_being_written(db)
    holder = _holder(db)
    try:
        assert is_being_written(db)
        r = RUNNER.invoke(app, ["why", "a", "b", "--db", str(db)], env={"COLUMNS": "250", "NO_COLOR": "1"})
        assert r.exit_code == 2 and "being created by another process" in flat(r.output), r.output
    finally:
        holder.kill()
        holder.wait()
    assert not is_being_written(db)  # killed -9: the pid it left in the lock file is gone
