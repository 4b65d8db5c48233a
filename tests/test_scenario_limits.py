"""Hostile scenario input (issue 7 §3): every case once crashed, hung or was silently accepted.

Each must now be one ScenarioError naming file, line and field (exit 2 from the CLI, one line on
stderr, no traceback); a limit names the limit.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from townsfolk.sim.scenario import MAX_TICKS, ScenarioError, parse_scenario
from townsfolk.sim.scenario_yaml import MAX_TEXT_CHARS, MAX_YAML_NODES

TOWNSFOLK = Path(sys.executable).parent / "townsfolk"

BASE = """\
scenario: limits
language: en
characters:
  ann: {name: Ann}
  bo: {name: Bo}
  you: {name: You, player: true}
relationships:
  - {from: ann, to: bo, kind: friend, strength: 0.5}
"""  # lines 1-8; cases append from line 9


def _beat(body: str) -> str:
    return BASE + "timeline:\n  - " + body + "\n"  # the beat is on line 10


BOMB = "scenario: x\na: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(6))

# name: (text, line, field, words the message must contain)
CASES: dict[str, tuple[str, int, str, list[str]]] = {
    "date_that_is_no_date": (BASE.replace("scenario: limits", "scenario: 2026-13-40"), 1, "scenario",
                             ["2026-13-40", "not a date"]),
    "unknown_key_with_a_bracket": (BASE + "foo[1]: 2\n", 9, "foo[1]", ["unknown key", "foo[1]"]),
    "say_to_oneself": (_beat("{at: 1, say: {speaker: ann, to: ann, text: hi}}"), 10, "timeline[0].say.to",
                       ["themselves"]),
    "negative_seed": (BASE + "seed: -1\n", 9, "seed", ["0"]),
    "seed_past_64_bits": (BASE + "seed: 100000000000000000000000\n", 9, "seed", ["9223372036854775807"]),
    "tick_too_long_for_a_timedelta": (BASE + "tick: 99999999999d\n", 9, "tick", ["too long"]),
    "run_past_the_calendar": (BASE + "start: 9999-12-31T08:00\ntimeline:\n  - {at: 1, meet: [ann, bo]}\n", 9,
                              "start", ["9900-12-31"]),
    "run_ending_past_the_calendar": (BASE + "start: 9900-12-01T08:00\ntick: 1d\ntimeline:\n"
                                     "  - {at: 40, meet: [ann, bo]}\n", 9, "start", ["9900-12-31"]),
    "recursive_alias": ("scenario: x\ncharacters: &c\n  ann: {name: Ann}\n  bo: *c\n", 4, "characters.bo",
                        ["recursive"]),
    "alias_bomb": (BOMB, 0, "f", [str(MAX_YAML_NODES)]),
    "duplicate_character": (BASE.replace("  bo: {name: Bo}\n", "  bo: {name: Bo}\n  ann: {name: Anne}\n"), 6,
                            "characters.ann", ["duplicate key 'ann'", "line 4"]),
    "duplicate_beat_key": (BASE + "timeline:\n  - at: 1\n    meet: [ann, bo]\n    at: 2\n", 12, "timeline[0].at",
                           ["duplicate key 'at'", "line 10"]),
    "mediate_one_npc_twice": (_beat("{at: 1, mediate: {player: you, between: [ann, ann]}}"), 10,
                              "timeline[0].mediate.between[1]", ["two different"]),
    "say_to_nobody": (_beat("{at: 1, say: {speaker: ann, to: [], text: hi}}"), 10, "timeline[0].say.to",
                      ["at least 1"]),
    "bool_where_a_number_is_expected": (BASE.replace("strength: 0.5", "strength: true"), 8,
                                        "relationships[0].strength", ["number", "true"]),
    "bool_as_a_trait": (BASE.replace("{name: Bo}", "{name: Bo, traits: {candour: yes}}"), 5,
                        "characters.bo.traits.candour", ["number"]),
    "not_a_finite_number": (BASE + "settled_days: .inf\n", 9, "settled_days", []),
    "relationship_kind_typo": (BASE.replace("kind: friend", "kind: frend"), 8, "relationships[0].kind",
                               ["frend", "did you mean 'friend'"]),
    "relation_kind_typo": (BASE + "expect:\n  - {at: 1, relation: {from: ann, to: bo, kind: frend}, below: 0.9}\n",
                           10, "expect[0].relation.kind", ["frend", "did you mean 'friend'"]),
    "beat_far_in_the_future": (_beat("{at: 100000000, meet: [ann, bo]}"), 10, "timeline[0].at", [str(MAX_TICKS)]),
    "repeating_beat_without_a_sane_end": (_beat("{at: 1, every: 1, until: 100000000, meet: [ann, bo]}"), 10,
                                          "timeline[0].until", [str(MAX_TICKS)]),
    "expectation_far_in_the_future": (BASE + "expect:\n  - {at: 999999, belief: {holder: ann, about: bo}}\n", 10,
                                      "expect[0].at", [str(MAX_TICKS)]),
    "text_too_long": (_beat('{at: 1, say: {speaker: ann, to: bo, text: "' + "Bo was late. " * 2700 + '"}}'), 10,
                      "timeline[0].say.text", [str(MAX_TEXT_CHARS)]),
    "at_where_at_does_not_belong": (_beat("{at: 1, happen: {what: x, at: 2}}"), 10, "timeline[0].happen.at",
                                    ["does not belong here", "allowed here: what"]),
    "meet_someone_twice": (_beat("{at: 1, meet: [ann, ann]}"), 10, "timeline[0].meet", ["twice"]),
    "gossip_to_oneself": (_beat("{at: 1, gossip: {teller: ann, to: ann}}"), 10, "timeline[0].gossip.to",
                          ["themselves"]),
    "time_zone_in_start": (BASE + "start: 2026-05-04T06:00+02:00\n", 9, "start", ["time zone"]),
    "deep_nesting": (BASE + "place: " + "[" * 5000 + "]" * 5000 + "\n", 0, "", ["nested"]),
    "list_as_a_key": (BASE + "? [a, b]\n: 1\n", 9, "", ["key"]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_scenario_is_one_clear_error(name):
    text, line, fieldname, words = CASES[name]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "bad.yaml")
    err = info.value
    assert err.file == "bad.yaml"
    if line:
        assert err.line == line, f"{name}: line {err.line}, expected {line}: {err}"
    assert err.field == fieldname, f"{name}: {err}"
    for word in words:
        assert word in str(err), f"{word!r} not in {err}"
    assert "did you mean 'at'" not in str(err)


def test_a_date_is_still_a_date_and_anchors_still_work():
    s = parse_scenario(BASE + "start: 2026-05-04 06:30:00\nimpressions:\n  - &i {holder: ann, about: bo, text: kind}\n"
                       "  - *i\n", "ok.yaml")
    assert s.start.hour == 6 and len(s.impressions) == 2


# --- the command line: exit 2, one line, the option named ---------------------------------------
CLI_FILE_CASES = ["date_that_is_no_date", "unknown_key_with_a_bracket", "say_to_oneself", "negative_seed",
                  "tick_too_long_for_a_timedelta", "run_past_the_calendar", "recursive_alias", "duplicate_character",
                  "beat_far_in_the_future", "text_too_long"]
OK = BASE + "timeline:\n  - {at: 1, meet: [ann, bo]}\n"
CLI_OPTION_CASES: dict[str, tuple[list[str], list[str]]] = {
    "seed_negative": (["play", "ok.yaml", "--seed", "-5"], ["--seed", "0 to"]),
    "seed_huge": (["play", "ok.yaml", "--seed", str(10**23)], ["--seed", "9223372036854775807"]),
    "until_negative": (["play", "ok.yaml", "--until", "-3"], ["--until", "0 to"]),
    "db_driver_missing": (["play", "ok.yaml", "--db", "mysql+mysqldb://u:secret@localhost/x"],
                          ["--db", "mysqldb", "not installed"]),
    "db_kind_unknown": (["play", "ok.yaml", "--db", "bogus://x"], ["--db", "bogus"]),
    "db_unknown_for_inspect": (["inspect", "--db", "bogus://x"], ["--db", "bogus"]),
    "outcome_unknown": (["decisions", "ann", "--db", "ok.db", "--outcome", "maybe"], ["--outcome", "speak"]),
    "timeout_zero": (["play", "ok.yaml", "--llm-timeout", "0"], ["--llm-timeout"]),
}


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOWNSFOLK), *args], cwd=cwd, env={**os.environ, "COLUMNS": "400"},
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


@pytest.fixture(scope="module")
def cli_runs(tmp_path_factory) -> dict[str, tuple[subprocess.CompletedProcess[str], list[str]]]:
    cwd = tmp_path_factory.mktemp("limits")
    (cwd / "ok.yaml").write_text(OK, encoding="utf-8")
    assert _run(["play", "ok.yaml", "--db", "ok.db"], cwd).returncode == 0
    jobs: dict[str, tuple[list[str], list[str]]] = {}
    for name in CLI_FILE_CASES:
        text, line, fieldname, words = CASES[name]
        (cwd / f"{name}.yaml").write_text(text, encoding="utf-8")
        jobs[name] = (["play", f"{name}.yaml", "--db", f"{name}.db"], [f"{name}.yaml:{line}", fieldname, *words])
    jobs.update(CLI_OPTION_CASES)
    with ThreadPoolExecutor(max_workers=3) as pool:
        done = dict(zip(jobs, pool.map(lambda a: _run(a[0], cwd), jobs.values()), strict=True))
    assert not any((cwd / f"{n}.db").exists() for n in CLI_FILE_CASES), "a bad scenario created a database"
    return {n: (done[n], jobs[n][1]) for n in jobs}


@pytest.mark.parametrize("name", CLI_FILE_CASES + list(CLI_OPTION_CASES))
def test_cli_refuses_hostile_input_with_one_line_and_exit_2(cli_runs, name):
    r, must_say = cli_runs[name]
    assert "Traceback" not in r.stderr + r.stdout, r.stderr
    assert r.returncode == 2, f"exit {r.returncode}\n{r.stdout}\n{r.stderr}"
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), r.stderr
    for words in must_say:
        assert words in lines[0], f"{words!r} not in {lines[0]}"
    assert "secret" not in lines[0], "a password from --db was printed"
