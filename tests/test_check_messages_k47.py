"""`check` messages in the designer's words (newcomer K-47): a list given to a gossip beat's `to` got pydantic's
"Input should be a valid string"; "tick: 1 hour" quoted the value twice ("... '1 hour' (...) (got '1 hour')")."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

HEAD = "scenario: m\nlanguage: en\n{extra}characters:\n  a: {{name: A}}\n  b: {{name: B}}\n  c: {{name: C}}\n"


def _check(tmp_path: Path, text: str) -> str:
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2, result.output
    return result.output


def test_gossip_to_a_list(tmp_path: Path) -> None:
    out = _check(tmp_path, HEAD.format(extra="") + "timeline:\n  - {at: 1, gossip: {teller: a, to: [b, c], about: c}}\n")
    assert "one gossip beat per listener" in out and "valid string" not in out, out


def test_value_quoted_once(tmp_path: Path) -> None:
    out = _check(tmp_path, HEAD.format(extra="tick: 1 hour\n"))
    assert out.count("'1 hour'") == 1, out
