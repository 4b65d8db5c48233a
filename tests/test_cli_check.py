"""`townsfolk check FILE...` validates scenarios and world specs without playing them (N-1): an
`ok:` line saying what each file holds, or the very error line `play` / `simulate` give, exit 2."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"

GOOD = """\
scenario: checked
language: en
characters:
  ann: {name: Ann}
  bo: {name: Bo}
  you: {name: You, player: true}
timeline:
  - {at: 1, say: {speaker: ann, to: [bo], about: bo, text: "You were late again."}}
  - {at: 4, ask: {player: you, npc: bo, text: "What happened?"}}
"""


def said(done) -> str:  # noqa: ANN001
    return " ".join(done.output.split())  # rich wraps at the terminal width


def test_a_good_scenario_says_what_it_holds(tmp_path: Path) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    done = CliRunner().invoke(app, ["check", str(path)])
    assert done.exit_code == 0, said(done)
    assert said(done) == f"ok: {path} (3 characters, 2 beats, last tick 4)"
    assert not list(tmp_path.glob("*.db")) and not (Path("runs") / "good.db").exists()  # nothing was played


def test_a_world_spec_is_checked_as_simulate_reads_it() -> None:
    spec = SCENARIOS / "town.world.yaml"
    done = CliRunner().invoke(app, ["check", str(spec)])
    assert done.exit_code == 0, said(done)
    assert said(done).startswith(f"ok: {spec} (world spec: ") and " NPCs, " in said(done) and " ticks)" in said(done)


def test_a_bad_file_gives_plays_own_error_and_exit_2(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(GOOD, encoding="utf-8")
    bad.write_text(GOOD.replace("to: [bo]", "to: [zed]"), encoding="utf-8")
    played = CliRunner().invoke(app, ["play", str(bad), "--db", str(tmp_path / "x.db")])
    done = CliRunner().invoke(app, ["check", str(bad), str(good)])
    assert done.exit_code == 2 == played.exit_code
    error = said(played)
    assert error.startswith(f"error: {bad}:8: timeline[0].say.to[0]: unknown character 'zed'"), error
    assert error in said(done) and f"ok: {good} (3 characters" in said(done)  # every file is checked


def test_a_bad_world_spec_gives_simulates_own_error(tmp_path: Path) -> None:
    text = (SCENARIOS / "town.world.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.world.yaml"
    bad.write_text(text.replace("population:", "populaton:", 1), encoding="utf-8")
    simulated = CliRunner().invoke(app, ["simulate", str(bad), "--db", str(tmp_path / "x.db")])
    done = CliRunner().invoke(app, ["check", str(bad)])
    assert done.exit_code == 2 == simulated.exit_code
    assert "populaton" in said(done) and said(done) == said(simulated), (said(done), said(simulated))


def test_a_world_spec_that_is_no_mapping_is_named_as_a_world_spec(tmp_path: Path) -> None:
    bad = tmp_path / "town.world.yaml"
    bad.write_text("- world: Millbrook\n", encoding="utf-8")
    simulated = CliRunner().invoke(app, ["simulate", str(bad), "--db", str(tmp_path / "x.db")])
    done = CliRunner().invoke(app, ["check", str(bad)])
    assert done.exit_code == 2 and said(done) == said(simulated), (said(done), said(simulated))
    assert "a world spec must be a YAML mapping" in said(done)
