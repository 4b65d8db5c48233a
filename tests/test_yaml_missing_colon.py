"""A key written without its colon (`what "x"` for `what: "x"`) is reported on its own line with
its field, in a scenario and a world spec alike (PyYAML names the line after it, or past the end)."""

from __future__ import annotations

import pytest

from townsfolk.sim.scenario import ScenarioError, parse_scenario
from townsfolk.sim.world_spec import parse_world_spec

HEAD = "scenario: t\nlanguage: zh\nstart: 2026-03-01T08:00\ncharacters:\n  a: {name: 阿甲}\n  b: {name: 阿乙}\ntimeline:\n"
# lines 1-7; the beat's lines follow from line 8


def _error(text: str, parse=parse_scenario) -> ScenarioError:  # noqa: ANN001
    with pytest.raises(ScenarioError) as info:
        parse(text, "s.yaml")
    return info.value


@pytest.mark.parametrize(("beat", "line"), [
    ("  - at: 1\n    happen:\n      what \"阿甲打翻了茶碗\"\n      actor: a\n      witnesses: [b]\n", 10),  # first
    ("  - at: 1\n    happen:\n      actor: a\n      what \"阿甲打翻了茶碗\"\n      witnesses: [b]\n", 11),  # between
    ("  - at: 1\n    happen:\n      actor: a\n      witnesses: [b]\n      what \"阿甲打翻了茶碗\"\n", 12),  # last
    ("  - at: 1\n    happen:\n      actor: a\n      what 阿甲打翻了茶碗  # a comment\n      witnesses: [b]\n", 11),
])
def test_a_missing_colon_names_its_line_and_field(beat: str, line: int) -> None:
    err = _error(HEAD + beat)
    assert err.line == line, str(err)
    assert "timeline[0].happen.what" in str(err) and "`what` has no `:`" in str(err), str(err)
    assert f"s.yaml:{line}:" in str(err)


def test_a_missing_colon_at_the_top_and_in_a_world_spec() -> None:
    err = _error("scenario: t\nlanguage zh\nseed: 3\n")
    assert err.line == 2 and "language" in str(err) and "write `language: zh`" in str(err), str(err)
    err = _error("name: town\npopulation 300\nlanguage: en\n", parse_world_spec)
    assert err.line == 2 and "population" in str(err), str(err)


def test_other_yaml_errors_are_left_as_they_were() -> None:
    err = _error(HEAD + "  - {at: 1, say: {speaker: a, to: b, text: hello}\n")  # a `{` left open
    assert "never closed" in str(err) and "has no `:`" not in str(err)


def test_a_missing_colon_inside_braces_names_the_key_meant() -> None:
    """`{name 阿甲}` is a key "name 阿甲" with no value to YAML: said as the colon it lacks, not as an
    unknown key with a comma to quote."""
    err = _error("scenario: t\nlanguage: zh\ncharacters:\n  a: {name 阿甲}\n  b: {name: 阿乙}\n")
    assert err.line == 4 and "characters.a.name:" in str(err) and "write `name: 阿甲`" in str(err), str(err)
    err = _error(HEAD + "  - {at: 1, happen: {what \"阿甲来了\", actor: a}}\n")
    assert err.line == 8 and "timeline[0].happen.what:" in str(err) and "has no `:`" in str(err), str(err)
    err = _error("scenario: t\nlanguage: zh\ncharacters:\n  a: {nmae 阿甲}\n")  # not a key: as before
    assert "unknown key" in str(err), str(err)
