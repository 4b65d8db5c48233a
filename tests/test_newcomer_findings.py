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
