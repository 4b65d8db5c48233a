"""A newcomer's small findings, each a clear word instead of a silent or puzzling one: trait typos,
a world spec given to `play`, hour 25, a file not in UTF-8, an empty line to ask, the predicate
table, one word for tension, and over HTTP: why's reasons in the world's language, an NPC's id
given as a player, and the one rule for unknown characters (path 404, body 422)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.serve_fixture import LiveServer
from townsfolk.memory.predicates import BUILTIN
from townsfolk.sim.cli import app
from townsfolk.sim.messages import AXES_ZH, msg
from townsfolk.sim.report_words import BOND_AXES_ZH
from townsfolk.sim.scenario import ScenarioError, load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parent.parent

BASE = """scenario: 小镇
language: zh
start: {start}
characters:
  ajia: {{name: 阿甲, traits: {{{trait}: 0.5}}}}
  ayi: {{name: 阿乙}}
  xiaoming: {{name: 小明, player: true}}
relationships:
  - {{from: ajia, to: ayi, kind: neighbour, strength: 0.6, mutual: true}}
timeline:
  - {{at: 1, meet: [ajia, ayi]}}
  - {{at: 2, ask: {{player: xiaoming, npc: ajia, text: "{ask}"}}}}
"""


def _text(start: str = "2026-07-10T08:00", trait: str = "candour", ask: str = "你好") -> str:
    return BASE.format(start=start, trait=trait, ask=ask)


def test_a_trait_typo_is_named_with_the_trait_meant_and_a_trait_of_ones_own_is_kept() -> None:
    with pytest.raises(ScenarioError, match=r"unknown trait 'exagerration' \(did you mean 'exaggeration'\?\)"):
        parse_scenario(_text(trait="exagerration"))
    assert parse_scenario(_text(trait="stubbornness")).characters["ajia"].traits == {"stubbornness": 0.5}


def test_hour_25_and_february_30_say_which_part_is_out_of_range() -> None:
    with pytest.raises(ScenarioError, match="hour 25 is out of range"):
        parse_scenario(_text(start="2026-07-10T25:00"))
    with pytest.raises(ScenarioError, match="day 30 is out of range"):
        parse_scenario(_text(start="2026-02-30T08:00"))


def test_an_empty_line_to_ask_is_refused_like_http_talk() -> None:
    with pytest.raises(ScenarioError, match="words are empty"):
        parse_scenario(_text(ask="  "))


def test_play_on_a_world_spec_and_a_file_not_in_utf8_exit_2_saying_what_to_do(tmp_path: Path) -> None:
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(_text().replace("小镇", "caf\u00e9").encode("latin-1", errors="replace"))
    spec = next(ROOT.glob("scenarios/*.world.yaml"))
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(latin)
    runner = CliRunner()
    for path, words in ((spec, "townsfolk simulate"), (latin, "save it as UTF-8")):
        run = runner.invoke(app, ["play", str(path), "--db", str(tmp_path / "x.db")])
        said = " ".join(run.output.split())
        assert run.exit_code == 2 and words in said and "Traceback" not in said, said


def test_every_built_in_predicate_is_in_the_scenario_guides_table() -> None:
    guide = (ROOT / "scenarios" / "README.md").read_text(encoding="utf-8")
    assert [p.key for p in BUILTIN if f"| `{p.key}` |" not in guide] == []


def test_tension_is_one_word_in_play_why_and_the_report() -> None:
    word = AXES_ZH["tension"]
    assert BOND_AXES_ZH["tension"] == word
    assert word in msg("zh", "stage.reasons", interactions="2 次往来", days="0 天", familiarity=0.1, trust=0.3,
                       tension=0.0)


KEYS = {"k-h": "h"}


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    server = LiveServer(tmp_path_factory.mktemp("wording"), keys=KEYS).start()
    with server.client("k-h") as client:
        yield client
    server.stop()


def test_http_why_reasons_unknown_characters_and_an_npc_as_player(api) -> None:
    r = api.post("/v1/worlds", json={"id": "xiaozhen", "scenario": _text()})
    assert r.status_code == 201, r.text
    api.post("/v1/worlds/xiaozhen/advance", json={"ticks": 2})
    why = api.get("/v1/worlds/xiaozhen/why", params={"holder": "ajia", "target": "ayi"}).json()
    reasons = [c["reason"] for e in why["edges"] for c in e["changes"]]
    assert any(r.startswith("往来：") for r in reasons) and not [r for r in reasons if "interaction" in r], reasons
    talk = "/v1/worlds/xiaozhen/talk"
    as_npc = api.post(talk, json={"player": "ajia", "npc": "ayi", "text": "你好"})
    assert as_npc.status_code == 422 and "'ajia' is an NPC, not a player" in as_npc.text, as_npc.text
    as_player = api.post(talk, json={"player": "xiaoming", "npc": "xiaoming", "text": "你好"})
    assert as_player.status_code == 422 and "is a player, not an NPC" in as_player.text, as_player.text
    # the one rule: unknown in the body is a wrong field (422), unknown in the path a missing one (404)
    assert api.post(talk, json={"player": "xiaoming", "npc": "nobody", "text": "你好"}).status_code == 422
    assert api.get("/v1/worlds/xiaozhen/npcs/nobody/memories", params={"about": "xiaoming"}).status_code == 404
    assert re.search(r"no NPC 'nobody'", api.get("/v1/worlds/xiaozhen/npcs/nobody/memories",
                                                   params={"about": "xiaoming"}).text)
