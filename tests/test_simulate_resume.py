"""`simulate --resume`: a run killed mid-way (SIGKILL, a real process) and resumed ends exactly as
one that never stopped: the same timeline, facts, memories, edges, minds, rng and daily-life state."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.run_store import RunStore

SPEC = """\
world: Tiny
language: en
population: 200
days: 2
places:
  - {id: market, kind: market, capacity: 80}
  - {id: inn, kind: tavern, capacity: 40}
  - {id: shop, kind: work, count: 6, capacity: 20}
roles:
  - {id: keeper, share: 0.5, works_at: shop}
  - {id: idler, share: 0.5}
evening: {weights: {home: 0.3, tavern: 0.7}}
events:
  - {id: theft, rate_per_day: 4, predicate: theft, valence: -0.7, text: {en: "{actor} stole a loaf at {place}"}}
rumour: {seed_fraction: 0.1}
"""
SIMULATE = "import sys; from townsfolk.sim.cli import app; sys.argv[0] = 'townsfolk'; app()"


def _run_digest(db: Path) -> tuple[str, dict]:
    """One hash of everything the run holds, and its saved extra (minds, usage, daily life, series)."""
    store = RunStore(db, must_exist=True)
    run = store.run_info()
    world, memory, log = store.load()
    h = hashlib.sha256()
    for e in log:
        h.update(e.to_json().encode())
    for f in world.facts:
        h.update(f.model_dump_json().encode())
    for kind, item in memory.all_items():
        h.update(kind.encode() + item.model_dump_json().encode())
    graph = world.graph
    for name in ("edge", "seq", "tick", "before", "after", "cause_kind", "cause_id", "reason"):
        h.update(getattr(graph.log, name)[:graph.log.n].tobytes())
    h.update(graph.columns.strength[:graph.columns.n].tobytes())
    h.update(json.dumps(run.rng_state, sort_keys=True, default=str).encode())
    h.update(json.dumps(run.counters, sort_keys=True).encode())
    extra = json.loads(json.dumps(run.extra, sort_keys=True, default=str))
    store.engine.dispose()
    return h.hexdigest(), extra


def _kill_after(args: list[str], db: Path, tick: int, sig: int = signal.SIGKILL) -> int:
    """Start `townsfolk simulate` in its own process and send it `sig` once `tick` is on disk."""
    proc = subprocess.Popen([sys.executable, "-c", SIMULATE, *args], stdout=subprocess.DEVNULL,
                            stderr=open(db.with_suffix(".err"), "w"))  # noqa: SIM115
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                run = RunStore(db, must_exist=True).run_info()
            except Exception:  # noqa: BLE001  (not created yet, or mid-creation)
                run = None
            if run is not None and run.last_tick >= tick:
                break
            time.sleep(0.05)
        assert proc.poll() is None, "the run ended before it could be killed"
        proc.send_signal(sig)
        assert proc.wait(timeout=60) == (-sig if sig == signal.SIGKILL else 130)
    finally:
        if proc.poll() is None:
            proc.kill()
    run = RunStore(db, must_exist=True).run_info()
    assert not run.finished
    return run.last_tick


@pytest.mark.parametrize("commit_every", [1, 4])
def test_a_killed_run_resumed_equals_one_that_never_stopped(tmp_path: Path, commit_every: int) -> None:
    spec = tmp_path / "tiny.world.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    whole, broken = tmp_path / "whole.db", tmp_path / "broken.db"
    common = ["--commit-every", str(commit_every), "--json"]
    done = CliRunner().invoke(app, ["simulate", str(spec), "--db", str(whole), *common])
    assert done.exit_code == 0, done.output

    stopped = _kill_after(["simulate", str(spec), "--db", str(broken), *common], broken, 12)
    assert 12 <= stopped < 48
    refused = CliRunner().invoke(app, ["simulate", str(spec), "--db", str(broken), "--json"])
    assert refused.exit_code != 0
    assert "unfinished" in refused.output and f"tick {stopped} of 48" in refused.output
    assert "--resume" in refused.output

    resumed = CliRunner().invoke(app, ["simulate", str(spec), "--db", str(broken), "--resume", *common])
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.output.strip().splitlines()[-1])["ticks"] == 48
    assert RunStore(broken, must_exist=True).run_info().finished
    digest_whole, extra_whole = _run_digest(whole)
    digest_resumed, extra_resumed = _run_digest(broken)
    assert extra_resumed == extra_whole
    assert digest_resumed == digest_whole


def test_resume_refuses_a_finished_run_and_another_town(tmp_path: Path) -> None:
    spec = tmp_path / "tiny.world.yaml"
    spec.write_text(SPEC.replace("days: 2", "days: 0.25"), encoding="utf-8")
    db = tmp_path / "tiny.db"
    assert CliRunner().invoke(app, ["simulate", str(spec), "--db", str(db), "--json"]).exit_code == 0
    finished = CliRunner().invoke(app, ["simulate", str(spec), "--db", str(db), "--resume", "--json"])
    assert finished.exit_code != 0 and "finished run" in finished.output
    again = CliRunner().invoke(app, ["simulate", str(spec), "--db", str(db), "--json"])
    assert again.exit_code != 0 and "finished" in again.output and "--resume" not in again.output
    fresh = CliRunner().invoke(app, ["simulate", str(spec), "--db", str(tmp_path / "none.db"), "--resume", "--json"])
    assert fresh.exit_code != 0 and "no run to resume" in fresh.output


def test_ctrl_c_says_where_the_run_stopped_and_how_to_resume(tmp_path: Path) -> None:
    spec = tmp_path / "tiny.world.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    db = tmp_path / "tiny.db"
    stopped = _kill_after(["simulate", str(spec), "--db", str(db), "--json"], db, 5, signal.SIGINT)
    said = db.with_suffix(".err").read_text(encoding="utf-8").strip().splitlines()
    assert said[-1].startswith(f"interrupted after tick {stopped} of 48")
    assert said[-1].endswith(f"--db {db} --resume")
    assert "Traceback" not in "\n".join(said)


def test_resume_and_overwrite_together_are_refused(tmp_path: Path) -> None:
    spec = tmp_path / "tiny.world.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    both = CliRunner().invoke(app, ["simulate", str(spec), "--db", str(tmp_path / "t.db"), "--resume", "--overwrite"])
    assert both.exit_code == 2 and "give one of them" in " ".join(both.output.split())
