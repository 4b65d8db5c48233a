"""What a newcomer trying the engine for the first time tripped over, each pinned down."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town

ROOT = Path(__file__).resolve().parent.parent
FERRY = ROOT / "scenarios" / "ferry.yaml"


def test_memories_show_beliefs_without_asking_for_events() -> None:
    town = Town.from_scenario(FERRY)
    town.event("The courier dropped a sealed letter into the river", actor="rider", witnesses=["bram"],
               valence=-0.4)
    view = town.memories("bram", about="rider")
    assert view.beliefs and not view.events
    assert town.memories("bram", about="rider", events=True).events


STRANGERS = {"scenario": "Two at the well", "language": "zh",
             "characters": {"zhao": {"name": "赵哥"}, "qian": {"name": "钱婶"}},
             "timeline": [{"at": 1, "meet": ["zhao", "qian"]}]}


def test_why_shows_no_step_that_changes_nothing_before_the_real_one() -> None:
    town = Town.from_scenario(STRANGERS)
    town.advance(2)
    edges = town.why("zhao", "qian", everything=True).edges
    assert edges
    for edge in edges:
        for ch, nxt in zip(edge.changes, edge.changes[1:], strict=False):
            assert not (ch.before == ch.after and ch.cause_kind != "seed" and nxt.tick == ch.tick
                        and (nxt.cause_kind, nxt.cause_id) == (ch.cause_kind, ch.cause_id)), edge.changes


def test_inspect_one_character_shows_beliefs_they_hold_and_beliefs_about_them(tmp_path) -> None:
    from typer.testing import CliRunner

    from townsfolk.sim.cli import app

    db = tmp_path / "well.db"
    with Town.from_scenario(STRANGERS, db=db) as town:
        made = town.event("赵哥把井绳弄断了", actor="zhao", witnesses=["qian"], valence=-0.3)
    assert made.beliefs
    r = CliRunner().invoke(app, ["inspect", "--db", str(db), "赵哥"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    held, about = r.output.split("赵哥持有的看法")[1].split("别人关于赵哥的看法")
    assert made.beliefs[0] in about.split("事实")[0] and made.beliefs[0] not in held


def test_python_dash_m_has_the_headless_commands_too() -> None:
    import subprocess
    import sys

    for command in ("simulate", "report", "sweep"):
        done = subprocess.run([sys.executable, "-m", "townsfolk.sim.cli", command, "--help"],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "Usage" in done.stdout, (command, done.stderr[-400:])


def test_a_mistyped_name_in_a_big_cast_gets_a_suggestion_not_the_cast() -> None:
    from datetime import datetime

    from townsfolk.sim.cli import unknown_character
    from townsfolk.world.characters import Character
    from townsfolk.world.clock import SimClock
    from townsfolk.world.world import World

    w = World(clock=SimClock(start=datetime(2026, 1, 1)), seed=1, language="en")
    for i in range(400):
        w.add_character(Character(id=f"n{i}", name=f"Callum Gunn{i}" if i == 7 else f"Person {i}"))
    said = unknown_character(w, "Callum Gun7")
    assert "did you mean n7 (Callum Gunn7)" in said and len(said) < 200, said
    assert "none of the 400" in unknown_character(w, "Zzyzx")
