"""`check` set aside a list entry the schema refused and a refused character stopped every cross-reference
check: `{from: ann, to: nobody, strength: 2}` said only the strength, and a bad `sells:` price on Bo hid an
unknown id and a misspelt kind elsewhere. Now the ids inside a refused entry are checked, and a refused
character still counts as cast; `play` still stops at the same first mistake."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

BAD = """\
scenario: bad
language: en
characters:
  ann: {name: Ann}
  bo: {name: Bo, sells: [{ware: bread, price: -2, per: loaf}]}
  me: {name: Me, player: true}
relationships:
  - {from: ann, to: nobody, kind: friend, strength: 2}
  - {from: ghost, to: bo, kind: frend, strength: 0.5}
timeline:
  - {at: 1, happen: {what: "x", actor: nobody3, witnesses: [ann], valence: 5}}
  - {at: 2, meet: [ann, bo]}
"""


def test_every_mistake_inside_refused_entries(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    done = CliRunner().invoke(app, ["check", str(path)])
    out = " ".join(done.output.split())  # rich wraps at the terminal width
    assert done.exit_code == 2
    for field in ("characters.bo.sells[0].price", "relationships[0].strength", "relationships[0].to: unknown character 'nobody'",
                  "relationships[1].from: unknown character 'ghost'", "relationships[1].kind: unknown relationship kind 'frend'",
                  "timeline[0].happen.valence", "timeline[0].happen.actor: unknown character 'nobody3'"):
        assert field in out, (field, out)
    assert "'bo'" not in out.replace("known: ann, bo, me", "")  # Bo is cast though its entry was refused
    played = CliRunner().invoke(app, ["play", str(path), "--db", str(tmp_path / "bad.db")])
    assert played.exit_code != 0 and "characters.bo.sells[0].price" in " ".join(played.output.split()), played.output
