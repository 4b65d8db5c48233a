"""Where a command writes (report --out, sweep --out, serve --data): a folder that is missing is made,
a file where a folder belongs (or the reverse) or a place that cannot be written is one error line
naming the option, exit 2, never a traceback after the work is done."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app

TOWN = Path(__file__).resolve().parent.parent / "scenarios" / "town.world.yaml"


def _said(done) -> str:  # noqa: ANN001
    return " ".join(done.output.split())  # rich wraps at the terminal width


def test_report_into_a_missing_folder_makes_it_and_a_folder_as_out_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "run.db"
    done = CliRunner().invoke(app, ["simulate", str(TOWN), "--npcs", "30", "--days", "0.25", "--db", str(db), "--json"])
    assert done.exit_code == 0, done.output
    out = tmp_path / "new" / "deeper" / "r.html"
    done = CliRunner().invoke(app, ["report", "--db", str(db), "--out", str(out)])
    assert done.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!"), _said(done)
    done = CliRunner().invoke(app, ["report", "--db", str(db), "--out", str(tmp_path)])
    assert done.exit_code == 2 and "--out" in _said(done) and "is a folder" in _said(done), _said(done)
    assert "Traceback" not in _said(done)


@pytest.mark.parametrize("command", [["sweep", str(TOWN), "--param", "p=0.2", "--seeds", "1", "--out"],
                                     ["serve", "--data"]])
def test_a_file_where_a_folder_belongs_is_one_line(tmp_path: Path, command: list[str]) -> None:
    a_file = tmp_path / "taken.yaml"
    a_file.write_text("x: 1\n", encoding="utf-8")
    done = CliRunner().invoke(app, [*command, str(a_file)])
    said = _said(done)
    assert done.exit_code == 2 and "is a file" in said and command[-1] in said, said
    assert "Traceback" not in said and "FileExistsError" not in said
    assert a_file.read_text(encoding="utf-8") == "x: 1\n"  # nothing written over it
