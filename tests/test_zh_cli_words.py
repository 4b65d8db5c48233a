"""A Chinese world prints in Chinese: forget, the errand timeline and `errands`, simulate, why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = re.compile(r"\b(?:erased|redacted|edge changes|anonymous|confirmed|paused|corrected|resumed|cleared|"
                     r"its needs are met|every step|read back|waiting for|slots|NPCs|ties|days|ticks|tellings|"
                     r"interaction|saved to|model calls|errands)\b")


@pytest.fixture(scope="module")
def tea(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    db = tmp_path_factory.mktemp("zh") / "tea.db"
    run = play(load_scenario(ROOT / "scenarios" / "teahouse_order.yaml"), db=db)
    return db, [e.text for e in run.log if e.kind == "errand"]


def _run(*args: str) -> str:
    out = CliRunner().invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def test_the_errand_timeline_and_the_errands_command_read_in_chinese(tea: tuple[Path, list[str]]) -> None:
    db, notes = tea
    assert "阿青·点茶：people 已确认" in notes and "阿青·点茶：暂停" in notes
    assert any("（改正）" in n for n in notes)
    assert not [n for n in notes if ENGLISH.search(n)]
    listing = _run("errands", "--db", str(db), "阿青")
    assert "差事（1）" in listing and "所需都齐了" in listing and "办完" in listing and "改正" in listing
    assert not ENGLISH.search(listing), listing


def test_forget_reports_in_chinese(tmp_path: Path) -> None:
    db = tmp_path / "tea.db"
    play(load_scenario(ROOT / "scenarios" / "teahouse_order.yaml"), db=db)
    said = _run("forget", "--player", "player", "--db", str(db))
    assert "已抹去" in said and "条经历" in said and "处关系变化" in said
    assert not ENGLISH.search(said), said


def test_why_names_the_interaction_in_chinese(tmp_path: Path) -> None:
    db = tmp_path / "th.db"
    play(load_scenario(ROOT / "scenarios" / "teahouse.yaml"), db=db)
    said = _run("why", "aqing", "xiaoliang", "--db", str(db))
    assert "往来：" in said and "interaction:" not in said
    # kinds, causes and times in words a Chinese reader uses; the JSON keeps the identifiers
    assert "好感 现在" in said and "合作 现在" in said and "(事实 f1)" in said
    for english in ("affinity", "partner", "familiarity", "(seed)", "(fact:", "@tick", "T08:00"):
        assert english not in said, english
    assert re.search(r"始于 \d+月\d+日 \d\d:\d\d", said), said


def test_simulate_summary_in_chinese(tmp_path: Path) -> None:
    said = _run("simulate", str(ROOT / "scenarios" / "zhen.world.yaml"), "--npcs", "20", "--days", "0.5",
                "--db", str(tmp_path / "z.db"))
    summary = said.strip().splitlines()[-3:]
    assert "个 NPC" in said and "条关系" in said and "已保存到" in said
    assert not ENGLISH.search(" ".join(summary)), summary
