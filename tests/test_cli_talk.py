"""`townsfolk talk --db RUN PLAYER NPC "text"...` speaks to an NPC of a saved run (N-2): each text
one turn printed as `NPC: reply`, saved like any Town.say (not with --read-only); no text reads
lines from stdin until EOF; names or ids as `why` takes them, an unknown one `why`'s own error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.town import Town

TOWNSFOLK = Path(sys.executable).parent / "townsfolk"

SCENARIO = """\
scenario: a word at the stall
language: en
seed: 3
characters:
  ann: {name: Ann, role: baker}
  bo: {name: Bo, role: carter}
  you: {name: Rowan, player: true}
relationships:
  - {from: ann, to: bo, kind: colleague, strength: 0.7}
  - {from: bo, to: ann, kind: colleague, strength: 0.7}
timeline:
  - {at: 1, say: {speaker: ann, to: [bo], about: bo, text: "You were late with the flour again."}}
"""


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("talk")
    (folder / "stall.yaml").write_text(SCENARIO, encoding="utf-8")
    db = folder / "stall.db"
    done = CliRunner().invoke(app, ["play", str(folder / "stall.yaml"), "--db", str(db)])
    assert done.exit_code == 0, done.output
    return db


def replies(db: Path) -> list[str]:
    with Town.open(db, read_only=True) as town:
        return [f.text for f in town.world.facts if f.kind == "reply"]


def townsfolk(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOWNSFOLK), *args], input=stdin, capture_output=True, text=True, encoding="utf-8",
                          timeout=300)


def test_each_text_is_a_turn_answered_and_saved(run: Path) -> None:
    before = replies(run)
    done = townsfolk("talk", "--db", str(run), "Rowan", "Bo", "Hello Bo.", "What do you think of Ann?")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("Bo: ") and len(line) > len("Bo: ") for line in lines), lines
    after = replies(run)
    assert len(after) == len(before) + 2  # saved like any Town.say
    assert [f"Bo: {text}" for text in after[-2:]] == lines


def test_stdin_lines_until_eof_read_only_and_json(run: Path) -> None:
    before = replies(run)
    done = townsfolk("talk", "--db", str(run), "you", "ann", "--json", "--read-only",
                     stdin="Hello Ann.\n\nHow is Bo getting on?\n")
    assert done.returncode == 0, done.stderr
    turns = [json.loads(line) for line in done.stdout.splitlines()]
    assert [t["said"] for t in turns] == ["Hello Ann.", "How is Bo getting on?"]  # a blank line is no turn
    assert all(t["npc"] == "ann" and t["player"] == "you" and t["answered"] and t["text"] for t in turns)
    assert all(t["read_only"] for t in turns)
    assert replies(run) == before  # --read-only saved nothing


def test_an_unknown_name_is_whys_own_error(run: Path) -> None:
    talked = townsfolk("talk", "--db", str(run), "Rowan", "Boo", "Hello")
    asked = townsfolk("why", "--db", str(run), "Rowan", "Boo")
    assert talked.returncode == 2 == asked.returncode
    assert "unknown character 'Boo'" in talked.stderr and talked.stderr == asked.stderr


def test_an_npc_cannot_be_the_player(run: Path) -> None:
    done = CliRunner().invoke(app, ["talk", "--db", str(run), "Ann", "Bo", "Hello"])
    assert done.exit_code == 2 and "'ann' is an NPC, not a player" in " ".join(done.output.split()), done.output
