"""A played scenario's report says no model was used (newcomer K-43: "3 model calls · tokens 415 / 154" for an
offline play, where `play` itself said "no model (offline)")."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

SCENARIO = """
scenario: bakery talk
language: en
characters:
  ann: {name: Ann, role: baker}
  tom: {name: Tom, role: miller}
  kit: {name: Kit, player: true}
timeline:
  - {at: 1, happen: {what: Tom brought the flour late, actor: tom, witnesses: [ann], valence: -0.2}}
  - {at: 2, ask: {player: kit, npc: ann, text: "What happened?"}}
  - {at: 3, ask: {player: kit, npc: ann, text: "Who told you?"}}
"""


def test_played_run_report_says_offline(tmp_path: Path) -> None:
    path, db, out = tmp_path / "s.yaml", tmp_path / "s.db", tmp_path / "r.html"
    path.write_text(SCENARIO, encoding="utf-8")
    assert CliRunner().invoke(app, ["play", str(path), "--db", str(db)]).exit_code == 0
    result = CliRunner().invoke(app, ["report", "--db", str(db), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "none (offline)" in page and "no model: an offline run" in page
