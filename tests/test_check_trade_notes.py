"""`check` said "ok" of a world whose master glassblower would decline every "Can you blow me a bottle?":
the designer learnt that a role names no trade the engine knows only by asking (newcomer K-3). Now each
such NPC gets a `note:` line with its line and what to add; a role the engine reads, one with `sells:`, and
a role that is no trade (a schoolteacher, the harbour master) get none, and the exit stays 0."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

WORLD = """\
scenario: glassworks
language: {lang}
characters:
  ida: {{name: Ida, role: {unknown}}}
  bo: {{name: Bo, role: {unknown}, sells: [{{ware: bottle, price: 6}}]}}
  kit: {{name: Kit, role: {known}}}
  ann: {{name: Ann, role: {plain}}}
  me: {{name: Me, player: true}}
timeline: []
"""


def _checked(tmp_path: Path, lang: str, unknown: str, known: str, plain: str) -> tuple[int, str]:
    path = tmp_path / "w.yaml"
    path.write_text(WORLD.format(lang=lang, unknown=unknown, known=known, plain=plain), encoding="utf-8")
    done = CliRunner().invoke(app, ["check", str(path)])
    return done.exit_code, " ".join(done.output.split())


def test_a_trade_role_with_nothing_to_sell_is_noted(tmp_path: Path) -> None:
    code, out = _checked(tmp_path, "en", "master glassblower", "printer", "harbour master")
    assert code == 0 and out.startswith("ok: "), out
    assert out.count("note: ") == 1, out
    assert ":4: characters.ida.role:" in out and "'master glassblower'" in out and "`sells:`" in out, out


def test_zh_trade_role_noted(tmp_path: Path) -> None:
    code, out = _checked(tmp_path, "zh", "琉璃匠", "修表匠", "教书先生")
    assert code == 0 and out.count("note: ") == 1 and "characters.ida.role" in out and "'琉璃匠'" in out, out
