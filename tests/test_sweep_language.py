"""A zh world's sweep chart is in Chinese: sweep.svg keeps its words as text (the reader's CJK fonts
draw them), and sweep.png is Chinese wherever matplotlib has a CJK font; an en world's is English."""

from __future__ import annotations

from pathlib import Path

from townsfolk.sim.sweep import WORDS, write_results

ROWS = [{"rumour.tell_probability": p, "seed": s, "rumour_reach": 0.2 + p / 2 + s / 50, "tellings": 10 + 20 * p,
         "mean_credibility": 0.5} for p in (0.1, 0.9) for s in (0, 1)]


def test_a_zh_sweep_is_charted_in_chinese(tmp_path: Path) -> None:
    files = write_results(ROWS, tmp_path, ["rumour.tell_probability"], "zh")
    svg = (tmp_path / "sweep.svg").read_text(encoding="utf-8")
    assert tmp_path / "sweep.svg" in files and (tmp_path / "sweep.png").stat().st_size > 5_000
    for key in ("reach", "tellings", "cred"):
        assert WORDS["zh"][key] in svg, key
    assert "扫参" in svg and "share who heard" not in svg and "seeds per point" not in svg


def test_an_en_sweep_stays_english_and_writes_no_svg(tmp_path: Path) -> None:
    files = write_results(ROWS, tmp_path, ["rumour.tell_probability"], "en")
    assert not (tmp_path / "sweep.svg").exists() and tmp_path / "sweep.png" in files
