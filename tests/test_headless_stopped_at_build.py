"""A run stopped before its first tick was committed (issue 10, N2 finding 2): the store held the cast
only, `--resume` failed with "cannot resume this run: 'headless'" (a KeyError's text) after the
interrupt line itself said "interrupted after tick -1 ... continue it with ... --resume". Now such a
run resumes (as a fresh start of the same town), the interrupt line says nothing was saved yet and
gives the --overwrite command, and `report` says the db holds no ticks."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from tests.tiny_town import tiny_spec
from townsfolk.sim import simulate as simulate_module
from townsfolk.sim.cli_headless import _interrupted
from townsfolk.sim.report import build_report_page
from townsfolk.sim.run_store import RunStore, RunStoreError
from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec


def _stopped_in_tick_0(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def stop(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(simulate_module.Simulation, "run_tick", stop)
        with pytest.raises(KeyboardInterrupt):
            simulate(parse_world_spec(tiny_spec(1)), db=db)
    assert RunStore(db, must_exist=True).run_info().last_tick == -1


def test_a_run_stopped_in_its_first_tick_resumes_as_if_never_stopped(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "part.db"
    _stopped_in_tick_0(db, monkeypatch)
    resumed = simulate(parse_world_spec(tiny_spec(1)), db=db, resume=True).summary()
    whole = simulate(parse_world_spec(tiny_spec(1)), db=tmp_path / "whole.db").summary()
    drop = {"build_s", "run_s", "db"}
    assert {k: v for k, v in resumed.items() if k not in drop} == {k: v for k, v in whole.items() if k not in drop}
    assert RunStore(db, must_exist=True).run_info().finished


def test_the_interrupt_line_says_nothing_was_saved_and_report_says_no_ticks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "part.db"
    _stopped_in_tick_0(db, monkeypatch)
    with pytest.raises(typer.Exit):
        _interrupted(str(db), f"townsfolk simulate t.world.yaml --db {db} --resume", "en", 143)
    line = capsys.readouterr().err
    assert "nothing was saved yet" in line and line.strip().endswith(f"--db {db} --overwrite")
    assert "tick -1" not in line
    with pytest.raises(typer.Exit):
        _interrupted(str(db), f"townsfolk simulate t.world.yaml --db {db} --resume", "zh", 143)
    assert "还没有保存任何东西" in capsys.readouterr().err
    with pytest.raises(RunStoreError, match="holds no ticks"):
        build_report_page(str(db))
