"""A saved run copied without its .keys file (a plain `cp run.db`) cannot open the players' sealed rows:
`why`, `inspect` and `memories` printed a Rich traceback ending in the store's reason (newcomer N-36); now
each prints that reason as one `error:` line and exits 2, as `forget` and `play --resume` did."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "harbour_two_players.yaml"


@pytest.fixture(scope="module")
def copied(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("keys")
    run = folder / "run.db"
    done = CliRunner().invoke(app, ["play", str(SCENARIO), "--db", str(run), "--overwrite"])
    assert done.exit_code == 0, done.output
    assert Path(f"{run}.keys").exists()
    copy = folder / "copy.db"
    with sqlite3.connect(run) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)  # the rows whole; the key file is left behind
    return copy


@pytest.mark.parametrize("args", [["inspect"], ["memories", "odile", "--about", "pim"], ["why", "odile", "pim"]])
def test_a_copy_without_its_keys_is_an_error_line(copied: Path, args: list[str]) -> None:
    done = CliRunner().invoke(app, [*args, "--db", str(copied)])
    if done.exit_code == 0:  # (this pair's slice may hold no sealed row: then it reads as before)
        assert "Traceback" not in done.output
        return
    assert done.exit_code == 2, done.output
    assert "error:" in done.output and "keys" in done.output and "Traceback" not in done.output, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)


def test_inspect_names_the_missing_key_file(copied: Path) -> None:
    done = CliRunner().invoke(app, ["inspect", "--db", str(copied)])
    assert done.exit_code == 2 and "copy.db.keys" in done.output, done.output
