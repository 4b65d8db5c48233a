"""`talk --advance N` lets N ticks pass before the turns (saved, as `Town.advance`): every turn was
at the run's last tick, so a player coming back met an NPC who had "told you all I know" that same
day (newcomer K-39). A `simulate` town's time passes with `simulate --resume`, so there it is refused."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.run_store import RunStore

WORLD = """
scenario: The press
language: en
seed: 7
characters:
  milo: {name: Milo}
  agatha: {name: Agatha}
  author: {name: Quill, player: true}
relationships:
  - {from: milo, to: agatha, kind: colleague, strength: 0.8, mutual: true}
timeline:
  - {at: 1, meet: [milo, agatha]}
"""
TOWN = Path(__file__).resolve().parent.parent / "scenarios" / "town.world.yaml"


def test_advance_moves_the_clock_before_the_turns_and_saves_it(tmp_path: Path) -> None:
    spec = tmp_path / "press.yaml"
    spec.write_text(WORLD, encoding="utf-8")
    db = tmp_path / "press.db"
    assert CliRunner().invoke(app, ["play", str(spec), "--db", str(db)]).exit_code == 0
    last = RunStore(db).run_info().last_tick
    done = CliRunner().invoke(app, ["talk", "--db", str(db), "--advance", "24", "author", "milo", "hi", "--json"])
    assert done.exit_code == 0, done.output
    assert RunStore(db).run_info().last_tick == last + 24
    assert f"to t{last + 24}" in done.stderr
    read_only = CliRunner().invoke(app, ["talk", "--db", str(db), "--advance", "5", "--read-only", "author", "milo", "hi"])
    assert read_only.exit_code == 0, read_only.output
    assert RunStore(db).run_info().last_tick == last + 24  # read-only: nothing saved


def test_a_simulate_town_refuses_advance(tmp_path: Path) -> None:
    db = tmp_path / "town.db"
    assert CliRunner().invoke(app, ["simulate", str(TOWN), "--npcs", "30", "--days", "0.25", "--db", str(db)]).exit_code == 0
    npc = next(cid for cid, c in RunStore(db).load()[0].characters.items() if not c.is_player)
    done = CliRunner().invoke(app, ["talk", "--db", str(db), "--advance", "3", "traveller", npc, "hi"])
    assert done.exit_code == 2 and "simulate SPEC --db DB --resume" in " ".join(done.output.split())
