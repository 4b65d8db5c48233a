"""`townsfolk report` on a Chinese town reads in Chinese: titles, cards, table headings, summary rows."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

ROOT = Path(__file__).resolve().parents[1]


def test_a_zh_report_has_zh_titles_and_headings(tmp_path: Path) -> None:
    db, out = tmp_path / "zhen.db", tmp_path / "zhen.html"
    runner = CliRunner()
    sim = runner.invoke(app, ["simulate", str(ROOT / "scenarios" / "zhen.world.yaml"), "--npcs", "30", "--days", "2",
                              "--db", str(db)])
    assert sim.exit_code == 0, sim.output
    made = runner.invoke(app, ["report", "--db", str(db), "--out", str(out)])
    assert made.exit_code == 0, made.output
    assert "报告已写入" in made.output and "wrote" not in made.output, made.output  # the closing line too
    page = out.read_text(encoding="utf-8")
    titles = re.findall(r"<h2>(.*?)</h2>", page)
    assert "传闻随时间传开" in titles and "概况" in titles and "情绪" in titles, titles
    assert not [t for t in titles if re.search(r"[A-Za-z]{3,}", t)], titles
    heads = re.findall(r"<th>(.*?)</th>", page)
    assert "发生了什么" in heads and not [h for h in heads if re.search(r"[A-Za-z]{3,}", h)], heads
    for english in ("Rumour reach", "simulated days", "tellings", "widest reach", "facts recorded", "heard by"):
        assert english not in page
