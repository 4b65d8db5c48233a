"""A zh play's failed-expectation line is punctuated in Chinese ('；实际：'), not with an English '; '."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

ZH = """\
scenario: 失败的期望
language: zh
characters:
  a: {name: 阿甲}
  b: {name: 阿乙}
relationships:
  - {from: a, to: b, kind: friend, strength: 0.7}
timeline:
  - {at: 1, meet: [a, b]}
expect:
  - {at: 1, relation: {from: a, to: b, kind: friend}, below: 0.5}
"""


def test_a_failed_expectation_reads_in_chinese(tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(ZH, encoding="utf-8")
    done = CliRunner().invoke(app, ["play", str(scenario), "--db", str(tmp_path / "s.db")])
    assert done.exit_code == 1, done.output[-800:]
    last = " ".join(done.output.split()[-12:])
    assert "；实际：" in last and "; " not in last, last
