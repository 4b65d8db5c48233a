"""A scenario or world spec path that is not a readable file gives one line and exit 2, never a
traceback or an exception class name ('cannot read: IsADirectoryError')."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_folder_is_named_as_a_folder(tmp_path: Path, command: str) -> None:
    done = CliRunner().invoke(app, [command, str(tmp_path)])
    said = " ".join(done.output.split())  # rich wraps at the terminal width
    assert done.exit_code == 2 and "is a folder, not a" in said, said
    assert "Traceback" not in said and "IsADirectoryError" not in said


def test_missing_binary_and_empty_files(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_bytes(b"\x00\x01\xff\xfe binary")
    (tmp_path / "e.yaml").write_text("", encoding="utf-8")
    for name, words in (("nope.yaml", "no such scenario file"), ("b.yaml", "not UTF-8"),
                        ("e.yaml", "must be a YAML mapping")):
        done = CliRunner().invoke(app, ["play", str(tmp_path / name)])
        said = " ".join(done.output.split())
        assert done.exit_code == 2 and words in said and "Traceback" not in said, said


def test_simulate_days_shorter_than_a_tick_is_refused(tmp_path: Path) -> None:
    spec = Path(__file__).resolve().parents[1] / "scenarios" / "town.world.yaml"
    done = CliRunner().invoke(app, ["simulate", str(spec), "--npcs", "5", "--days", "0.01",
                                    "--db", str(tmp_path / "r.db")])
    said = " ".join(done.output.split())
    assert done.exit_code == 2 and "less than one tick" in said and "nothing would run" in said, said
    assert not (tmp_path / "r.db").exists()  # refused before anything was built or saved
