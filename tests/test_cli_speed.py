"""The command line's start-up and its progress bar: `--help`, an option error and a mistyped name
never import the engine (they cost ~2 s of CPU when they did: `python -X importtime`), and the
`simulate` bar shows ticks/s, ETA, NPCs, tellings and model calls at 80 and 60 columns."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from townsfolk.sim.cli import app

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
ENGINE = ("numpy", "sqlalchemy", "networkx", "townsfolk.sim.engine", "townsfolk.sim.run_store",
          "townsfolk.memory.store", "townsfolk.sim.scenario")

# run the command in a fresh interpreter and report its exit code and which heavy modules it loaded
PROBE = """
import json, sys
from townsfolk.sim.cli import app
try:
    app(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
else:
    code = 0
print(json.dumps({"code": code, "loaded": [m for m in ENGINE if m in sys.modules]}), file=sys.__stderr__)
""".replace("ENGINE", repr(ENGINE))


def _probe(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=300,
                          env={"COLUMNS": "120", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"})
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("args", [["--help"], ["why", "--help"], ["simulate", "--help"], ["why", "--bogus"],
                                  ["inspect"]])
def test_help_and_option_errors_load_no_engine(args: list[str]) -> None:
    seen = _probe(*args)
    assert seen["code"] in (0, 2), seen
    assert seen["loaded"] == [], seen


def test_a_mistyped_name_is_refused_before_the_engine_loads(tmp_path: Path) -> None:
    db = tmp_path / "tea.db"
    played = CliRunner().invoke(app, ["play", str(SCENARIOS / "teahouse.yaml"), "--db", str(db), "--until", "0", "--json"])
    assert played.exit_code in (0, 1), played.output[-500:]
    seen = _probe("why", "阿清", "小梁", "--db", str(db))
    assert seen["code"] == 2 and seen["loaded"] == [], seen
    said = CliRunner().invoke(app, ["why", "阿清", "小梁", "--db", str(db)], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert said.exit_code == 2 and "unknown character '阿清'" in said.output and "aqing (阿青)" in said.output, said.output


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("width", [80, 60])
def test_the_simulate_bar_fits_and_shows_every_count(language: str, width: int) -> None:
    from townsfolk.sim.sim_progress import SimulateBar

    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, force_terminal=False)
    for offline in (False, True):
        bar = SimulateBar(console, language=language, offline=offline)
        task = bar.add_task("Marlow market town" if language == "en" else "青石镇", total=2400,
                            npcs=10000, tellings=12345, calls=67890)
        for done in (100, 200, 300):
            bar.update(task, completed=done)
        console.print(bar.get_renderable())
    lines = [line for line in buf.getvalue().splitlines() if line.strip()]
    from rich.cells import cell_len

    assert all(cell_len(line) <= width for line in lines), lines
    text = "\n".join(lines)
    words = (["ticks/s", "ETA", "10,000 NPCs", "12,345 tellings", "67,890 model calls", "no model (offline)"]
             if language == "en" else ["时刻/秒", "还要", "10000 个 NPC", "传话 12345 次", "模型调用 67890 次", "没有用模型"])
    for word in words:
        assert word in text, (word, lines)
    assert "300/2400" in text, lines
