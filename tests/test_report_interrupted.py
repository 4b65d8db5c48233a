"""`report` on a run that stopped before its end says so (at which tick, and how to go on), and
days are rounded as a reader counts them (0.79 days, not 0.791667)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tiny_town import tiny_spec
from townsfolk.sim.report import build_report_page
from townsfolk.sim.report_words import days_text
from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec

SPEC = tiny_spec(2)


def _stop_at(tick: int):  # noqa: ANN202
    def on_tick(p):  # noqa: ANN001, ANN202
        if p.tick == tick:  # after the tick's commit, as a Ctrl-C between ticks
            raise KeyboardInterrupt
    return on_tick


def test_report_on_an_interrupted_run_says_where_it_stopped(tmp_path: Path) -> None:
    db = tmp_path / "tiny.db"
    with pytest.raises(KeyboardInterrupt):
        simulate(parse_world_spec(SPEC), db=db, on_tick=_stop_at(19))
    page = build_report_page(str(db)).html
    assert "interrupted at tick 19 of 48 (day 1, 19:00)" in page
    assert "--resume" in page
    assert "0.79 days simulated" in page and "0.791667" not in page


def test_report_on_a_finished_run_has_no_interrupted_note(tmp_path: Path) -> None:
    db = tmp_path / "tiny.db"
    simulate(parse_world_spec(SPEC), db=db, days=0.5)
    page = build_report_page(str(db)).html
    assert "interrupted" not in page.lower() and "0.5 days simulated" in page


def test_days_are_rounded_as_a_reader_counts() -> None:
    assert days_text("en", 19 / 24) == "0.79 days"
    assert days_text("en", 1) == "1 day"
    assert days_text("zh", 2.5) == "2.5 天"
