"""The report's header and cards write numbers as the language does: '2,000 NPCs' and '1 NPC' in
English (it said '1 NPCs' and '2000'), '300 个 NPC' in Chinese."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

ROOT = Path(__file__).resolve().parents[1]


def _page(tmp_path: Path, spec: str, npcs: int) -> str:
    db, out = tmp_path / "r.db", tmp_path / "r.html"
    runner = CliRunner()
    sim = runner.invoke(app, ["simulate", str(ROOT / "scenarios" / spec), "--npcs", str(npcs), "--days", "0.1",
                              "--db", str(db)])
    assert sim.exit_code == 0, sim.output
    assert runner.invoke(app, ["report", "--db", str(db), "--out", str(out)]).exit_code == 0
    return out.read_text(encoding="utf-8")


def test_english_header_and_cards_use_thousands_and_the_plural(tmp_path: Path) -> None:
    page = _page(tmp_path, "town.world.yaml", 1200)
    header = re.search(r"<header>.*?</header>", page).group(0)
    assert "1,200 NPCs ·" in header, header
    assert "<b>1,200</b><span>NPCs</span>" in page


def test_chinese_header_keeps_its_measure_word(tmp_path: Path) -> None:
    page = _page(tmp_path, "zhen.world.yaml", 30)
    header = re.search(r"<header>.*?</header>", page).group(0)
    assert "30 个 NPC ·" in header and "NPCs" not in header, header
