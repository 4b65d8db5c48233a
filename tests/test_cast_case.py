"""A name typed in another case ("quill" for Quill) reaches the one character it can mean, on the CLI
and the facade (HTTP goes through it) alike: it was "unknown" while the did-you-mean named exactly
that character (newcomer K-30). Two characters that differ only in case are still refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk import Town
from townsfolk.sim.cli import app
from townsfolk.sim.town_error import TownError

WORLD = """
scenario: The press
language: en
seed: 7
characters:
  milo: {name: Milo}
  agatha: {name: Agatha}
  ada: {name: Ada}
  ada2: {name: ADA}
  author: {name: Quill, player: true}
relationships:
  - {from: milo, to: agatha, kind: colleague, strength: 0.8, mutual: true}
timeline:
  - {at: 1, meet: [milo, agatha]}
"""


def test_the_facade_takes_a_name_typed_in_another_case() -> None:
    town = Town.from_scenario(WORLD)
    assert town.say("quill", "MILO", "hello").answered is not None
    assert town.why("milo", "aGaThA").target == "agatha"
    with pytest.raises(TownError, match="unknown"):
        town.why("milo", "ada ")  # not a match but for case
    with pytest.raises(TownError):
        town.why("milo", "aDa")  # Ada or ADA: not guessed


def test_the_cli_takes_it_too(tmp_path: Path) -> None:
    spec = tmp_path / "press.yaml"
    spec.write_text(WORLD, encoding="utf-8")
    db = tmp_path / "press.db"
    assert CliRunner().invoke(app, ["play", str(spec), "--db", str(db)]).exit_code == 0
    done = CliRunner().invoke(app, ["why", "--db", str(db), "milo", "agatha"])
    assert done.exit_code == 0, done.output
    lower = CliRunner().invoke(app, ["why", "--db", str(db), "MILO", "agatha"])
    assert lower.exit_code == 0 and lower.output == done.output
    talked = CliRunner().invoke(app, ["talk", "--db", str(db), "--read-only", "quill", "milo", "hi"])
    assert talked.exit_code == 0 and talked.output.startswith("Milo: "), talked.output
    assert CliRunner().invoke(app, ["why", "--db", str(db), "milo", "ada2"]).exit_code == 0
    assert CliRunner().invoke(app, ["why", "--db", str(db), "milo", "aDa"]).exit_code == 2
