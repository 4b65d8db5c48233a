"""A tie that fell at a meeting says what it fell over (the rumour told, and by whom); a witness's
and an actor's fall name what was seen. "met" alone read as if meeting had made them like less."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.run_reader import RunReader
from townsfolk.sim.why import explain

COVE = """\
scenario: The fish basket
language: {lang}
characters:
  ash: {{name: {ash}, role: fisher}}
  zhou: {{name: {zhou}, role: net maker}}
  red: {{name: {red}, role: fishmonger}}
relationships:
  - {{from: ash, to: red, kind: friend, strength: 0.7, mutual: true}}
  - {{from: zhou, to: ash, kind: neighbour, strength: 0.7, mutual: true}}
timeline:
  - {{at: 1, happen: {{what: "{stole}", actor: ash, about: zhou, witnesses: [red], valence: -0.6}}}}
  - {{at: 2, say: {{speaker: red, to: zhou, about: ash, text: "{told}"}}}}
  - {{at: 3, meet: [zhou, ash]}}
"""
EN = {"lang": "en", "ash": "Ash", "zhou": "Zhou", "red": "Red", "stole": "Ash stole Zhou's fish basket",
      "told": "Ash stole your fish basket."}
ZH = {"lang": "zh", "ash": "阿水", "zhou": "老周", "red": "小红", "stole": "阿水偷了老周的鱼篓", "told": "阿水偷了你的鱼篓。"}


def _played(tmp_path: Path, words: dict[str, str]) -> RunReader:
    scenario = tmp_path / "cove.yaml"
    scenario.write_text(COVE.format(**words), encoding="utf-8")
    db = tmp_path / "cove.db"
    done = CliRunner().invoke(app, ["play", str(scenario), "--db", str(db), "--json"])
    assert done.exit_code == 0, done.output[-1500:]
    return RunReader(str(db))


def _falls(reader: RunReader, holder: str, target: str) -> list:
    part = reader.slice_why(holder, target)
    ex = explain(part.world, part.memory, holder, target)
    return [c for e in ex.edges for c in e.changes if c.after < c.before and c.cause_kind == "fact"]


def test_a_cold_meeting_names_the_rumour_and_its_teller_en(tmp_path: Path) -> None:
    reader = _played(tmp_path, EN)
    (fall,) = [c for c in _falls(reader, "zhou", "ash") if c.tick == 3]
    assert "over heard: Red says Ash stole something" in fall.reason and "(told by Red)" in fall.reason, fall.reason
    assert [h.holder for h in fall.chain] == ["red", "zhou"]  # the tellers, witness first
    (other,) = [c for c in _falls(reader, "ash", "zhou") if c.tick == 3]  # no grievance of his own
    assert other.reason.endswith("Zhou was cold") and not other.chain
    (saw,) = _falls(reader, "red", "ash")
    assert saw.reason == "saw: Ash stole Zhou's fish basket"
    (seen,) = _falls(reader, "ash", "red")
    assert seen.reason == "Red saw it: Ash stole Zhou's fish basket"


def test_a_cold_meeting_names_the_rumour_and_its_teller_zh(tmp_path: Path) -> None:
    reader = _played(tmp_path, ZH)
    (fall,) = [c for c in _falls(reader, "zhou", "ash") if c.tick == 3]
    assert "因为听说" in fall.reason and "（小红说的）" in fall.reason, fall.reason
    (saw,) = _falls(reader, "red", "ash")
    assert saw.reason == "亲眼看到：阿水偷了老周的鱼篓"
    said = " ".join(CliRunner().invoke(app, ["why", "老周", "阿水", "--db", str(tmp_path / "cove.db")]).output.split())
    assert "碰面，心里有疙瘩，不太热络——因为听说" in said and "小红：“" in said, said
