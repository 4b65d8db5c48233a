"""The validation messages a newcomer could not act on (N-46..N-49), each said with its fix: a
full-width comma or colon, a kind's key in Chinese, a player's name where an NPC is needed, a text
holding `: `, and pydantic's own words ("Input should be a valid list", "List should have at most
2 items after validation"). Each case copies the shape of the broken file a designer wrote."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.scenario import ScenarioError, parse_scenario
from townsfolk.sim.world_spec import parse_world_spec

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"

SCHOOL = """\
scenario: The missing bell
language: en
start: 2026-09-07T07:00
characters:
  ada:
    name: Ada
    role: schoolmistress
    persona: Strict but fair, keeps the register to the minute, hates surprises.
  owen: {name: Owen, role: caretaker}
  hattie: {name: Hattie, role: baker}
  pip: {name: Pip, role: pupil}
  newcomer: {name: Rowan, player: true}
timeline:
"""

BIAOJU = """\
scenario: 淋湿的绸缎
language: zh
characters:
  qian: {name: 钱掌柜, role: 绸缎庄掌柜}
  shitou: {name: 石头, role: 镖师}
  xiaoliu: {name: 小六, role: 趟子手}
  ke: {name: 柯, player: true}
timeline:
"""


def error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "bad.yaml")
    return info.value


# --- N-46: full-width punctuation typed in a Chinese file ---------------------------------------
def test_a_full_width_comma_in_a_list_is_named() -> None:
    e = error(BIAOJU + "  - {at: 7, meet: [qian，shitou]}\n")
    assert e.field == "timeline[0].meet", str(e)
    assert "List should have" not in e.message and "a meeting needs at least 2 people, got 1" in e.message, str(e)
    assert "'qian，shitou' holds a full-width comma ，" in e.message and "write qian, shitou" in e.message, str(e)


def test_a_full_width_comma_between_ids_is_named_where_an_id_is_unknown() -> None:
    e = error(BIAOJU + "  - {at: 1, happen: {what: 绸缎淋湿了，没盖好, actor: shitou, witnesses: [qian，xiaoliu]}}\n")
    assert "unknown character 'qian，xiaoliu'" in e.message and "full-width comma ，" in e.message, str(e)
    assert "绸缎淋湿了" not in e.message  # a line of Chinese text keeps its own commas


def test_a_full_width_colon_after_a_key_is_named() -> None:
    e = error(BIAOJU + "  - {at： 8, meet: [qian, shitou]}\n")
    assert e.field == "timeline[0].at", str(e)
    assert "full-width colon ：" in e.message and "write `at: 8`" in e.message, str(e)
    assert "a comma split it" not in e.message, str(e)


# --- N-47: a kind's key that is not an id --------------------------------------------------------
def test_a_kinds_key_in_chinese_says_what_a_key_is_and_where_the_words_go() -> None:
    e = error(BIAOJU.replace("timeline:\n", "relationship_kinds:\n  - {key: 主顾, en: client, zh: 主顾, warmth: 0.5}\n"
                             "timeline:\n") + "  - {at: 1, meet: [qian, shitou]}\n")
    assert e.field == "relationship_kinds[0].key", str(e)
    assert "should match pattern" not in e.message, str(e)
    assert "'主顾' is not a key: a key is a lowercase id (a-z, digits, _" in e.message, str(e)
    assert "e.g. client" in e.message and "words go under zh: (zh: 主顾)" in e.message, str(e)


def test_the_command_line_prints_brackets_as_written(tmp_path: Path) -> None:
    """rich read `[a-z]` and `[pip]` in an error as markup and dropped them ("pattern '^*$'")."""
    path = tmp_path / "bad.yaml"
    path.write_text(SCHOOL + "  - {at: 1, happen: {what: the bell is gone, actor: owen, witnesses: pip}}\n",
                    encoding="utf-8")
    for command in (["play", str(path), "--db", str(tmp_path / "x.db")], ["check", str(path)]):
        done = CliRunner().invoke(app, command)
        said = " ".join(done.output.split())
        assert done.exit_code == 2 and "write [pip]" in said, said


# --- N-49: YAML's and pydantic's own words ---------------------------------------------------------
def test_a_text_holding_colon_space_says_to_quote_it() -> None:
    e = error(SCHOOL.replace("persona: Strict but fair, keeps the register to the minute, hates surprises.",
                             "persona: Strict: but fair: hates surprises.") + "  - {at: 1, meet: [ada, owen]}\n")
    assert (e.line, e.field) == (8, "characters.ada.persona"), str(e)
    assert 'put the whole text in quotes (persona: "Strict: but fair: hates surprises.")' in e.message, str(e)


@pytest.mark.parametrize(("written", "fix"), [("pip", "[pip]"), ("ada and owen", "[ada, owen]")])
def test_a_text_where_a_list_is_needed_says_how_to_write_it(written: str, fix: str) -> None:
    e = error(SCHOOL + f"  - {{at: 1, happen: {{what: the bell is gone, actor: owen, witnesses: {written}}}}}\n")
    assert e.field == "timeline[0].happen.witnesses", str(e)
    assert "Input should be" not in e.message and f"got the text {written!r}: write {fix}" in e.message, str(e)


def test_too_many_mediated_says_how_many_and_which() -> None:
    e = error(SCHOOL + "  - {at: 26, mediate: {player: newcomer, between: [ada, owen, hattie]}}\n")
    assert e.field == "timeline[0].mediate.between", str(e)
    assert "after validation" not in e.message, str(e)
    assert e.message == "mediation is between exactly 2 NPCs, got 3: [ada, owen, hattie]"


def test_an_event_predicate_is_suggested_by_meaning() -> None:
    text = (SCENARIOS / "town.world.yaml").read_text(encoding="utf-8")
    assert "predicate: theft" in text
    with pytest.raises(ScenarioError) as info:
        parse_world_spec(text.replace("predicate: theft", "predicate: stealing", 1), "w.yaml")
    e = info.value
    assert e.field.endswith(".predicate") and "did you mean 'theft'?" in e.message, str(e)
    assert "known: apologised" not in e.message, str(e)  # the one meant, not 62 keys


def test_a_list_key_with_nothing_under_it_says_so() -> None:
    e = error(SCHOOL)  # `timeline:` and no beat
    assert e.field == "timeline" and "Input should be" not in e.message, str(e)
    assert "a list is expected here, got nothing" in e.message, str(e)
