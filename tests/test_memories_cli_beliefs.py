"""`memories NPC --about P` shows impressions, summaries and beliefs (as its help says); only the
raw events wait for `--events`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

TOLD = """
scenario: 传话
language: zh
seed: 11
start: 2026-03-01T08:00
tick: 1h
characters:
  aqing: {name: 阿青, traits: {candour: 1.0, exaggeration: 0.0}}
  xiaoliang: {name: 小梁}
  player: {name: 旅人, player: true}
relationships:
  - {from: aqing, to: xiaoliang, kind: partner, strength: 0.8, mutual: true}
timeline:
  - {at: 1, tell: {speaker: player, to: aqing, about: xiaoliang, text: 我看见小梁把货弄错了}}
  - {at: 2, happen: {what: 小梁的货晚到了, actor: xiaoliang, witnesses: [aqing], valence: -0.2}}
"""
ENV = {"COLUMNS": "250", "NO_COLOR": "1"}


def test_beliefs_show_without_events(tmp_path: Path) -> None:
    db = tmp_path / "told.db"
    play(parse_scenario(TOLD), db=db)
    runner = CliRunner()
    view = json.loads(runner.invoke(app, ["memories", "aqing", "--about", "player", "--db", str(db), "--json"],
                                    env=ENV).stdout)
    assert view["beliefs"], "aqing believes what the traveller told her"
    belief = view["beliefs"][0]["id"]
    shown = runner.invoke(app, ["memories", "aqing", "--about", "player", "--db", str(db)], env=ENV)
    assert shown.exit_code == 0, shown.output
    assert belief in shown.output
    with_events = runner.invoke(app, ["memories", "aqing", "--about", "player", "--db", str(db), "--events"], env=ENV)
    assert belief in with_events.output
    assert len(with_events.output.splitlines()) > len(shown.output.splitlines())  # the events come too
