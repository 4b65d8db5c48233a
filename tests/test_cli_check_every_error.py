"""`townsfolk check` lists every mistake of a file in one run (M-14): a designer with five mistakes
ran it five times, fixing one line each time. Each is still one `error: FILE:LINE: FIELD: message`
line, in the order of the file; `play` still stops at the first, and the exit code is 2."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

FIVE = """\
scenario: five mistakes
language: en
characters:
  ann: {name: Ann, traits: {exagerration: 0.5}}
  bo: {name: Bo}
  you: {name: You, player: true}
relationships:
  - {from: ann, to: bo, kind: friend, strength: 1.8}
timeline:
  - {at: 1, say: {speeker: ann, to: [bo], about: bo, text: "You were late again."}}
  - {at: 2, say: {speaker: ann, to: [zed], about: bo, text: "Late."}}
  - {at: 3, ask: {player: bo, npc: ann, text: "What happened?"}}
expect:
  - {at: 3, relation: {from: ann, to: bo, kind: friend}, below: 0.8}
"""


def lines_of(done) -> list[str]:  # noqa: ANN001
    return [" ".join(chunk.split()) for chunk in ("\n" + done.output).split("\nerror: ")[1:]]


def test_five_mistakes_are_five_lines_in_file_order(tmp_path: Path) -> None:
    path = tmp_path / "five.yaml"
    path.write_text(FIVE, encoding="utf-8")
    done = CliRunner().invoke(app, ["check", str(path)])
    assert done.exit_code == 2
    got = lines_of(done)
    assert [g.split(": ")[0] for g in got] == [f"{path}:{n}" for n in (4, 8, 10, 11, 12)], got
    assert [g.split(": ")[1] for g in got] == ["characters.ann.traits.exagerration", "relationships[0].strength",
                                                "timeline[0].say.speeker", "timeline[1].say.to[0]",
                                                "timeline[2].ask.player"], got
    assert "did you mean 'exaggeration'" in got[0] and "did you mean 'speaker'" in got[2]
    assert "unknown character 'zed'" in got[3] and "a player is needed here" in got[4]
    # the typo is the one mistake: no "missing 'speaker'" beside it, and the friend edge set aside
    # for its strength does not make the expectation's kind "one no relationship has"
    assert "missing" not in done.output and "no relationship of kind" not in done.output


def test_play_still_stops_at_the_first_and_check_says_it_too(tmp_path: Path) -> None:
    path = tmp_path / "five.yaml"
    path.write_text(FIVE, encoding="utf-8")
    played = CliRunner().invoke(app, ["play", str(path), "--db", str(tmp_path / "x.db")])
    done = CliRunner().invoke(app, ["check", str(path)])
    assert played.exit_code == 2 and len(lines_of(played)) == 1
    assert lines_of(played)[0] in lines_of(done)


def test_a_world_spec_with_two_unknown_keys_gets_both(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[1] / "scenarios" / "town.world.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.world.yaml"
    bad.write_text(text.replace("population:", "populaton:", 1).replace("seed:", "sead:", 1), encoding="utf-8")
    done = CliRunner().invoke(app, ["check", str(bad)])
    assert done.exit_code == 2
    assert "'populaton'" in done.output and "'sead'" in done.output, done.output
