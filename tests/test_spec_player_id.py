"""A player id that is a generated NPC's (n5) is refused where it is written (third newcomer K-52: `check` said
ok, then `simulate` died with a traceback 'character n5 already exists', exit 1)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

SPEC = """world: test town
language: en
seed: 1
days: 1
population: 30
places:
  - {id: fields, kind: work, capacity: 40}
  - {id: square, kind: market, capacity: 40}
roles:
  - {id: farmer, name: {en: farmer}, share: 1.0, works_at: fields, hours: [6, 16]}
events:
  - {id: gift, rate_per_day: 2, predicate: gift, valence: 0.5, other: true, text: {en: "{actor} gave {other} a basket of eggs"}}
players:
  - {id: PLAYER, name: Nora, visits: [market]}
"""


def test_generated_npc_id_refused(tmp_path: Path) -> None:
    spec = tmp_path / "t.world.yaml"
    spec.write_text(SPEC.replace("PLAYER", "n5"), encoding="utf-8")
    for args in (["check", str(spec)], ["simulate", str(spec), "--db", str(tmp_path / "t.db")]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "players[0].id" in result.output and "generated NPC" in result.output and "Traceback" not in result.output
    spec.write_text(SPEC.replace("PLAYER", "nora"), encoding="utf-8")
    assert CliRunner().invoke(app, ["check", str(spec)]).exit_code == 0
