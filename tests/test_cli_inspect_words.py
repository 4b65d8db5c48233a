"""`inspect` says a belief's source and a fact's kind in the world's language, and `why` sent to a
file or a pipe keeps every line whole (newcomer findings, session 18: "told ← 老陆" and "account ←
小翠" in a Chinese world; `why ... > file` cut at 80 columns mid-word, "(事实 f1")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

WORLD = """
scenario: 两回传话
language: zh
seed: 2
characters:
  xiaocui: {name: 小翠, traits: {candour: 0.8}}
  ahu: {name: 阿虎}
  laolu: {name: 老陆, traits: {candour: 0.2, exaggeration: 0.9}}
  zhou: {name: 周先生, player: true}
relationships:
  - {from: ahu, to: xiaocui, kind: colleague, strength: 0.8, mutual: true}
  - {from: laolu, to: ahu, kind: acquaintance, strength: 0.5, mutual: true}
timeline:
  - {at: 1, happen: {what: 阿虎练功时不小心把小翠的戏服扯破了，小翠气得直跺脚，说这已经是这个月第三回了, actor: ahu, witnesses: [xiaocui], valence: -0.3}}
  - {at: 2, say: {speaker: xiaocui, to: laolu, about: ahu, text: 阿虎又把我的戏服弄坏了，真是马虎}}
  - {at: 3, gossip: {teller: laolu, to: ahu, about: xiaocui}}
  - {at: 4, mediate: {player: zhou, between: [xiaocui, ahu]}}
"""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("inspect") / "run.db"
    play(parse_scenario(WORLD), db=path)
    return path


def _run(*args: str) -> str:
    out = CliRunner().invoke(app, list(args))  # not a terminal: what a pipe or a file gets
    assert out.exit_code == 0, out.output
    return out.output


def test_inspect_sources_and_fact_kinds_in_chinese(db: Path) -> None:
    out = _run("inspect", "ahu", "--db", str(db))
    assert "听说 ← 老陆" in out and "当面说明 ← 小翠" in out, out
    assert "亲眼看到" in out and "传话" in out and "发生" in out, out
    assert not re.search(r"\b(?:told|account|witnessed|retell|happen)\b", out), out


def test_inspect_piped_keeps_each_text_whole(db: Path) -> None:
    out = _run("inspect", "ahu", "--db", str(db))
    assert "阿虎练功时不小心把小翠的戏服扯破了，小翠气得直跺脚，说这已经是这个月第三回了" in out, out
    assert "…" not in out, out


def test_why_piped_is_not_cut_at_80_columns(db: Path) -> None:
    out = _run("why", "ahu", "xiaocui", "--db", str(db))
    lines = out.splitlines()
    long = [ln for ln in lines if "这个月第三回了" in ln]
    assert long and max(cell_len(ln) for ln in long) > 80, out  # columns, not characters
    # a change's cause closes on the line it opened on ("(事实 f1" was cut)
    assert all(ln.count("(") == ln.count(")") for ln in lines if "事实 f" in ln and "  (" in ln), out
