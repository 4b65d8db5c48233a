"""`talk` on a `simulate` town talks read-only (with a note saying so) instead of refusing and
pointing a CLI user at the Python API (newcomer K-17); nothing of the turns is saved."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.run_store import RunStore

TOWN = Path(__file__).resolve().parent.parent / "scenarios" / "town.world.yaml"


def test_talk_on_a_simulate_run_answers_read_only(tmp_path: Path) -> None:
    db = tmp_path / "town.db"
    made = CliRunner().invoke(app, ["simulate", str(TOWN), "--npcs", "30", "--days", "0.25", "--db", str(db), "--json"])
    assert made.exit_code == 0, made.output
    before = RunStore(db).run_info().last_tick
    cast = RunStore(db).load()[0].characters
    player = next(cid for cid, c in cast.items() if c.is_player)
    npc = next(cid for cid, c in cast.items() if not c.is_player)
    done = CliRunner().invoke(app, ["talk", "--db", str(db), player, npc, "Hello, who are you?"])
    assert done.exit_code == 0, done.output
    assert f"{cast[npc].name}: " in done.stdout
    assert "talking read-only" in done.stderr and "Town.open" not in done.output
    assert RunStore(db).run_info().last_tick == before
