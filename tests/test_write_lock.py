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

# a run long enough to be caught mid-way: a holder that takes the writer lock and keeps it
HOLD = """
import sys, time
from townsfolk.sim.run_store import RunStore
store = RunStore(sys.argv[1])
store.acquire_writer()
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOWNSFOLK), *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          env=ENV, timeout=300)


def flat(text: str) -> str:
    return " ".join(text.split())


def _holder(db: Path, seconds: float) -> subprocess.Popen[str]:
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(seconds)], stdout=subprocess.PIPE, text=True,
                         env=ENV)
    assert p.stdout is not None and p.stdout.readline().strip() == "locked"
    return p


def test_a_second_writer_is_refused_at_once_naming_the_other_process(tmp_path):
    db = tmp_path / "tea.db"
    first = run("play", str(SCENARIOS / "teahouse.yaml"), "--db", str(db), "--until", "3", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    holder = _holder(db, 60)
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
