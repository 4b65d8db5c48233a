"""The report is the page a designer mails around: a player's confidence is never printed in it, and a player's
own lines in talk are no "thing that really happened" (newcomer L-22: 别告诉别人，刘婶欠了我二十文钱一直没还。 was a
row of "rumours followed", in full; L-23: five of six "rumours" were the player's talk lines)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.report import build_report

WORLD = """
scenario: 染坊
language: zh
characters:
  zhou: {name: 周师傅, role: 染坊掌柜, pronoun: he}
  axiu: {name: 阿秀, role: 染工, pronoun: she}
  liu: {name: 刘婶, role: 邻居, pronoun: she}
  ke: {name: 客商, player: true}
relationships:
  - {from: zhou, to: liu, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, happen: {what: 阿秀把一匹布染花了, actor: axiu, witnesses: [zhou], valence: -0.3}}
  - {at: 2, gossip: {teller: zhou, to: liu, about: axiu}}
"""


def test_a_confidence_and_talk_lines_are_not_rumours_in_the_report(tmp_path: Path) -> None:
    path, db = tmp_path / "dye.yaml", tmp_path / "dye.db"
    path.write_text(WORLD, encoding="utf-8")
    run = CliRunner()
    assert run.invoke(app, ["play", str(path), "--db", str(db)]).exit_code == 0
    said = run.invoke(app, ["talk", "--db", str(db), "ke", "axiu", "别告诉别人，刘婶欠了我二十文钱一直没还。",
                            "周师傅人不错，对吧？"])
    assert said.exit_code == 0, said.output
    page = build_report(str(db))
    assert "二十文" not in page and "欠了我" not in page
    assert "周师傅人不错" not in page
    assert "染花" in page  # the thing that did happen is still followed
