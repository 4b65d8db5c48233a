"""A run that stopped before its end says so to whoever reads it (newcomer N-40): `play X | head -3`
stopped a run at tick 1 of 29, and `why` showed the tie "over time: 0.70" with no word that the
rumour's ticks never ran. Now why / inspect / memories / decisions print the notice on stderr (with
the resume line), and nothing for a finished run; their --json output stays clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.unfinished_note import planned_last_tick

SCENARIO = """scenario: yard
language: {lang}
seed: 2
start: 2026-05-02T08:00
tick: 1h
place: yard
characters:
  ada: {{name: Ada}}
  bo: {{name: Bo}}
  pip: {{name: Pip, player: true}}
relationships:
  - {{from: ada, to: bo, kind: friend, strength: 0.6, mutual: true}}
timeline:
  - {{at: 1, happen: {{what: "Bo broke the gate", actor: bo, witnesses: [ada], valence: -0.4}}}}
  - {{at: 3, meet: [ada, bo], every: 2, until: 9}}
"""


def _played(tmp_path: Path, lang: str, until: int | None) -> tuple[str, str]:
    path = tmp_path / "yard.yaml"
    path.write_text(SCENARIO.format(lang=lang), encoding="utf-8")
    db = str(tmp_path / "yard.db")
    done = CliRunner().invoke(app, ["play", str(path), "--db", db, *(["--until", str(until)] if until else [])])
    assert done.exit_code == 0, done.output
    return str(path), db


@pytest.mark.parametrize("lang,words", [("en", "run unfinished: saved up to tick 1 of 9"),
                                        ("zh", "这次运行没有跑完：只保存到第 1 个时刻（共 9 个）")])
def test_the_readers_say_a_run_stopped_early(tmp_path: Path, lang: str, words: str) -> None:
    path, db = _played(tmp_path, lang, until=1)
    for args in (["why", "ada", "bo"], ["inspect"], ["inspect", "ada"], ["memories", "ada", "--about", "pip"],
                 ["decisions", "ada"]):
        done = CliRunner().invoke(app, [*args, "--db", db])
        assert done.exit_code == 0, done.output
        said = " ".join(done.stderr.split())
        assert words in said and "--resume" in said and path in said, (args, said)
    done = CliRunner().invoke(app, ["why", "ada", "bo", "--db", db, "--json"])
    assert json.loads(done.stdout)["holder"] == "ada"  # stdout is the JSON alone


def test_a_finished_run_says_nothing(tmp_path: Path) -> None:
    _, db = _played(tmp_path, "en", until=None)
    done = CliRunner().invoke(app, ["why", "ada", "bo", "--db", db])
    assert done.exit_code == 0 and "unfinished" not in done.stderr and "unfinished" not in done.stdout


def test_the_planned_end_counts_repeats_and_headless_ticks() -> None:
    assert planned_last_tick({"scenario": {"timeline": [{"at": 3, "every": 2, "until": 10}], "expect": [{"at": 4}]}}) == 9
    assert planned_last_tick({"headless": {"ticks": 48}}) == 48
    assert planned_last_tick({}) is None
