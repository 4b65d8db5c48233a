"""A headless run stopped from outside (issue 10): SIGTERM is handled as Ctrl-C (the resume line,
exit 143), a zh world says it in Chinese, the resume line leaves --days out as the README says, and
the progress bar's last ticks/s is the summary's."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.cli_headless import _resume_command
from townsfolk.sim.run_store import RunStore

SIMULATE = "import sys; from townsfolk.sim.cli import app; sys.argv[0] = 'townsfolk'; app()"
SPEC = """\
world: {title}
language: {lang}
population: 200
days: 2
places:
  - {{id: market, kind: market, capacity: 80}}
  - {{id: shop, kind: work, count: 6, capacity: 20}}
roles:
  - {{id: keeper, share: 0.5, works_at: shop}}
  - {{id: idler, share: 0.5}}
events:
  - {{id: theft, rate_per_day: 4, predicate: theft, valence: -0.7, text: {{{lang}: "{text}"}}}}
rumour: {{seed_fraction: 0.1}}
"""
WORDS = {"en": {"title": "Tiny", "text": "{actor} stole a loaf at {place}"},
         "zh": {"title": "小镇", "text": "{actor}在{place}偷了一个馒头"}}


def _stop_after(tmp_path: Path, lang: str, sig: int) -> tuple[int, int, str]:
    spec = tmp_path / f"tiny.{lang}.world.yaml"
    spec.write_text(SPEC.format(lang=lang, **WORDS[lang]), encoding="utf-8")
    db = tmp_path / f"tiny.{lang}.db"
    err = tmp_path / "err.txt"
    with err.open("w") as fh:
        proc = subprocess.Popen([sys.executable, "-c", SIMULATE, "simulate", str(spec), "--db", str(db),
                                 "--days", "2", "--json"], stdout=subprocess.DEVNULL, stderr=fh)
        try:
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline and proc.poll() is None:
                try:
                    if RunStore(db, must_exist=True).run_info().last_tick >= 3:
                        break
                except Exception:  # noqa: BLE001  (not created yet)
                    pass
                time.sleep(0.05)
            assert proc.poll() is None, "the run ended before it could be stopped"
            proc.send_signal(sig)
            code = proc.wait(timeout=120)
        finally:
            if proc.poll() is None:
                proc.kill()
    return code, RunStore(db, must_exist=True).run_info().last_tick, err.read_text(encoding="utf-8")


@pytest.mark.parametrize(("lang", "sig", "code", "line"), [
    ("en", signal.SIGTERM, 143, r"^interrupted after tick (\d+) of 48 .*continue it with: .* --resume$"),
    ("zh", signal.SIGINT, 130, r"^运行在第 (\d+) 个时刻（共 48 个）之后中断.*继续运行：.* --resume$"),
])
def test_a_stopped_run_says_where_and_how_to_go_on(tmp_path: Path, lang: str, sig: int, code: int,
                                                   line: str) -> None:
    exit_code, last, said = _stop_after(tmp_path, lang, sig)
    assert exit_code == code, said
    last_line = said.strip().splitlines()[-1]
    found = re.match(line, last_line)
    assert found and int(found.group(1)) == last, last_line
    assert "--days" not in last_line and "Traceback" not in said


def test_the_resume_line_leaves_days_out() -> None:
    again = _resume_command(Path("t.world.yaml"), "r.db", "r.db", 30, 6.0, 2, 1)
    assert again == "townsfolk simulate t.world.yaml --npcs 30 --seed 2 --db r.db --resume"


def test_the_bar_ends_on_the_summarys_rate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import townsfolk.sim.sim_progress as progress

    shown: list[str] = []
    render = progress._Rate.render
    monkeypatch.setattr(progress._Rate, "render", lambda self, task: shown.append(str(render(self, task))) or
                        render(self, task))
    monkeypatch.setattr("townsfolk.sim.cli_headless.out_console", lambda: Console(width=400, force_terminal=False))
    spec = tmp_path / "t.world.yaml"
    spec.write_text(SPEC.format(lang="en", **WORDS["en"]).replace("population: 200", "population: 20"),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", str(spec), "--days", "0.5", "--db", str(tmp_path / "t.db")])
    assert result.exit_code == 0, result.output
    rate = re.search(r"([\d.]+) ticks/s", " ".join(result.output.split()))
    assert rate and shown, result.output
    assert shown[-1] == f"{float(rate.group(1)):.1f} ticks/s"
