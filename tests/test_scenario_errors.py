"""Bad input fails once, clearly: file, line and field named, exit code 2, never a traceback."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from townsfolk.sim.scenario import ScenarioError, parse_scenario

TOWNSFOLK = Path(sys.executable).parent / "townsfolk"

# lines 1-6; every case below appends from line 7 on
BASE = """\
scenario: errors
language: en
characters:
  ann: {name: Ann}
  bo: {name: Bo}
  you: {name: You, player: true}
"""

# name: (yaml text, expected line, expected field, words the message must contain)
BAD_SCENARIOS: dict[str, tuple[str, int, str, list[str]]] = {
    "yaml_syntax": (BASE + "place: the tea: house\n", 7, "", ["YAML"]),
    "unknown_top_level_key": ("scenario: errors\ncharcters:\n  ann: {name: Ann}\n", 2, "charcters",
                              ["unknown key", "charcters"]),
    "unknown_key_in_a_beat": (BASE + """\
timeline:
  - at: 1
    happen:
      what: a delivery was late
      actr: bo
""", 11, "timeline[0].happen.actr", ["unknown key", "actr"]),
    "unknown_character_in_timeline": (BASE + """\
timeline:
  - at: 1
    say:
      speaker: ann
      to: zed
      about: bo
      text: hello
""", 11, "timeline[0].say.to", ["unknown character", "zed"]),
    "unknown_character_in_relationships": (BASE + """\
relationships:
  - {from: ann, to: bo, kind: friend, strength: 0.5}
  - from: bo
    to: zed
    kind: friend
    strength: 0.5
""", 10, "relationships[1].to", ["unknown character", "zed"]),
    "strength_out_of_range": (BASE + """\
relationships:
  - from: ann
    to: bo
    kind: friend
    strength: 1.5
""", 11, "relationships[0].strength", ["1"]),
    "timeline_out_of_order": (BASE + """\
timeline:
  - at: 3
    meet: [ann, bo]
  - at: 1
    meet: [ann, bo]
""", 10, "timeline[1].at", ["out of order"]),
}


# --- unit level: the exact line and field ----------------------------------------------------------
@pytest.mark.parametrize("name", list(BAD_SCENARIOS))
def test_parse_scenario_names_the_exact_line_and_field(name):
    text, line, fieldname, words = BAD_SCENARIOS[name]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "bad.yaml")
    err = info.value
    assert err.file == "bad.yaml"
    assert err.line == line, f"{name}: reported line {err.line}, the problem is on line {line}: {err}"
    if fieldname:
        assert err.field == fieldname, str(err)
    message = str(err)
    assert message.startswith(f"bad.yaml:{line}: "), message
    for word in words:
        assert word in message, message


@pytest.mark.parametrize("text, line, fieldname", [
    (BASE + "timeline:\n  - at: soon\n    meet: [ann, bo]\n", 8, "timeline[0].at"),
    (BASE + "timeline:\n  - at: 1\n    hapen: {what: x}\n", 9, "timeline[0].hapen"),
    (BASE + "timeline:\n  - at: 1\n    ask: {player: ann, npc: bo, text: hi}\n", 9, "timeline[0].ask.player"),
    (BASE + "tick: 1x\n", 7, "tick"),
    (BASE.replace("{name: Bo}", "{name: Bo, traits: {candour: 2}}"), 5, "characters.bo.traits.candour"),
    (BASE + "expect:\n  - at: 2\n    relation: {from: ann, to: zed, kind: friend}\n    below: 0.5\n", 9,
     "expect[0].relation.to"),
])
def test_more_mistakes_are_placed_exactly(text, line, fieldname):
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "s.yaml")
    assert (info.value.line, info.value.field) == (line, fieldname), str(info.value)


def test_a_good_scenario_parses():
    s = parse_scenario(BASE + "timeline:\n  - at: 2\n    meet: [ann, bo]\n", "ok.yaml")
    assert s.last_tick == 2 and set(s.characters) == {"ann", "bo", "you"}


# an unknown key inside a beat goes through the same message as `charcters`; the unit test covers it
CLI_SCENARIOS = [n for n in BAD_SCENARIOS if n != "unknown_key_in_a_beat"]


# --- the command line ------------------------------------------------------------------------------
@dataclass
class Case:
    args: list[str]
    must_say: list[str]
    absent: list[str] = field(default_factory=list)  # files that must not exist afterwards
    unchanged: dict[str, bytes] = field(default_factory=dict)  # files that must be left as they were
    result: subprocess.CompletedProcess[str] | None = None


def _run(case: Case, cwd: Path) -> Case:
    env = {**os.environ, "COLUMNS": "400"}
    case.result = subprocess.run([str(TOWNSFOLK), *case.args], cwd=cwd, env=env, capture_output=True,
                                 text=True, encoding="utf-8", timeout=120)
    return case


@pytest.fixture(scope="module")
def cli(tmp_path_factory) -> tuple[Path, dict[str, Case]]:
    cwd = tmp_path_factory.mktemp("cli")
    cases: dict[str, Case] = {}
    for name in CLI_SCENARIOS:
        text, line, fieldname, words = BAD_SCENARIOS[name]
        (cwd / f"{name}.yaml").write_text(text, encoding="utf-8")
        cases[name] = Case(["play", f"{name}.yaml", "--db", f"{name}.db"],
                           [f"{name}.yaml:{line}", fieldname, *words], absent=[f"{name}.db"])
    cases["missing_scenario_file"] = Case(["play", "missing.yaml", "--db", "m.db"],
                                          ["missing.yaml", "no such"], absent=["m.db"])
    junk = random.Random(1234).randbytes(8192)
    (cwd / "x.db").write_bytes(junk)
    for cmd in ("why", "inspect"):
        args = ["why", "--db", "x.db", "a", "b"] if cmd == "why" else ["inspect", "--db", "x.db"]
        cases[f"corrupt_db_{cmd}"] = Case(args, ["x.db"], unchanged={"x.db": junk})
        args = (["why", "--db", "nope.db", "a", "b"] if cmd == "why"
                else ["inspect", "--db", os.path.join("sub", "nope.db")])
        cases[f"missing_db_{cmd}"] = Case(args, ["nope.db", "no database"],
                                          absent=["nope.db", "nope.db-wal", "nope.db-shm", "sub"])
    with ThreadPoolExecutor(max_workers=3) as pool:
        list(pool.map(lambda c: _run(c, cwd), cases.values()))
    return cwd, cases


CLI_CASES = [*CLI_SCENARIOS, "missing_scenario_file", "corrupt_db_why", "corrupt_db_inspect",
             "missing_db_why", "missing_db_inspect"]


@pytest.mark.parametrize("name", CLI_CASES)
def test_cli_reports_one_clear_error(cli, name):
    cwd, cases = cli
    case = cases[name]
    r = case.result
    assert r is not None
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, r.stderr
    assert r.returncode == 2, f"exit {r.returncode}\nstdout: {r.stdout}\nstderr: {r.stderr}"
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, f"expected one message, got:\n{r.stderr}"
    assert lines[0].startswith("error:"), r.stderr
    for words in case.must_say:
        assert words in lines[0], f"{words!r} not in: {lines[0]}"
    assert r.stdout.strip() == "", r.stdout
    for path in case.absent:
        assert not (cwd / path).exists(), f"{path} was created"
    for path, content in case.unchanged.items():
        assert (cwd / path).read_bytes() == content, f"{path} was modified"
