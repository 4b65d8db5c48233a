"""What a newcomer following the README stumbled on at the command line: `decisions` on a headless
run (it keeps counts only), and the advice for a missing database (it names `simulate` too)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.tiny_town import tiny_spec
from townsfolk.sim.cli import app
from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec

SPEC = tiny_spec(1)
ENV = {"COLUMNS": "250", "NO_COLOR": "1"}


def test_decisions_on_a_headless_run_say_it_keeps_counts_and_show_them(tmp_path: Path) -> None:
    db = tmp_path / "tiny.db"
    result = simulate(parse_world_spec(SPEC), db=db, days=0.5)
    counts = result.sim.minds.counts
    npc = result.town.npcs[0]
    shown = CliRunner().invoke(app, ["decisions", npc, "--db", str(db)], env=ENV)
    assert shown.exit_code == 0, shown.output
    assert "(0)" in shown.output
    assert "keeps the gate's counts only" in shown.output
    assert f"spoke {counts['meeting:speak']:,}" in shown.output
    assert f"held back {counts['meeting:hold']:,}" in shown.output


@pytest.mark.parametrize("command", [["report"], ["why", "a", "b"], ["memories", "a", "--about", "b"]])
def test_a_missing_database_names_simulate_and_play(tmp_path: Path, command: list[str]) -> None:
    db = tmp_path / "none.db"
    done = CliRunner().invoke(app, [*command, "--db", str(db)], env=ENV)
    assert done.exit_code == 2, done.output
    text = " ".join(done.output.split())
    assert "no database at" in text and "townsfolk simulate" in text and "townsfolk play" in text
    assert not db.exists()


def test_an_offline_play_summary_counts_no_model_calls(tmp_path: Path) -> None:
    import json

    teahouse = Path(__file__).resolve().parent.parent / "scenarios" / "teahouse.yaml"
    played = CliRunner().invoke(app, ["play", str(teahouse), "--db", str(tmp_path / "t.db"), "--json", "--until", "6"])
    assert played.exit_code == 0, played.output[-1500:]
    summary = json.loads(played.stdout.strip().splitlines()[-1])
    assert summary["model"] == "offline"
    assert (summary["model_calls"], summary["tokens_in"], summary["tokens_out"]) == (0, 0, 0)
    assert summary["offline_calls"] >= 1 and summary["offline_tokens_in"] > 0


def test_piped_output_is_not_wrapped_at_80_columns(tmp_path: Path) -> None:
    import re

    teahouse = Path(__file__).resolve().parent.parent / "scenarios" / "teahouse.yaml"
    played = CliRunner().invoke(app, ["play", str(teahouse), "--db", str(tmp_path / "t.db")],
                                env={"COLUMNS": None, "NO_COLOR": "1"})
    assert played.exit_code == 0, played.output[-1500:]
    lines = played.stdout.splitlines()
    timeline = [line for line in lines[1:] if not line.startswith("─")][:-3]
    assert max(len(line) for line in lines) > 80  # a long sentence stays one line
    assert all(re.match(r"t\s*\d+ ", line) for line in timeline[:20]), timeline[:20]


def test_sweep_help_and_errors_say_what_each_alias_stands_for(tmp_path: Path) -> None:
    shown = CliRunner().invoke(app, ["sweep", "--help"], env={"COLUMNS": "120"})
    text = " ".join(shown.output.replace("│", " ").split())
    assert "p = rumour.tell_probability" in text and "meetings = rumour.meetings_per_hour" in text
    spec = tmp_path / "tiny.world.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    wrong = CliRunner().invoke(app, ["sweep", str(spec), "--param", "q=0.1", "--out", str(tmp_path / "out")], env=ENV)
    assert wrong.exit_code == 2
    said = " ".join(wrong.output.split())
    assert "unknown spec key 'q'" in said and "p = rumour.tell_probability" in said
    assert "rule = rumour.rule" in said
