"""A `{ }` mapping gone wrong in a scenario or world spec names the line to fix, the field, and
says to quote text holding ?, : or , (PyYAML alone names the line after a missing `}`)."""

from __future__ import annotations

import pytest

from townsfolk.sim.scenario import ScenarioError, parse_scenario
from townsfolk.sim.world_spec import parse_world_spec

HEAD = "scenario: t\nlanguage: en\nstart: 2026-03-01T08:00\n"  # lines 1-3


def _error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "s.yaml")
    return info.value


def test_a_missing_brace_is_reported_on_the_line_it_opened() -> None:
    err = _error(HEAD + "characters:\n  ann: {name: Ann, role: baker\n  bob: {name: Bob}\n")
    assert err.line == 5
    assert "characters.ann" in str(err)
    assert "`{` opened on line 5 is never closed" in str(err) and "add `}` at the end of that line" in str(err)


def test_a_missing_brace_in_a_timeline_beat_at_the_end_of_the_file() -> None:
    text = HEAD + ("characters:\n  ann: {name: Ann}\n  bob: {name: Bob}\ntimeline:\n"
                   "  - {at: 1, say: {speaker: ann, to: bob, text: hello}\n\n# the end\n")
    err = _error(text)
    assert err.line == 8 and "timeline[0]" in str(err)


def test_a_mapping_over_several_lines_closes_after_its_last_written_line() -> None:
    text = HEAD + "characters:\n  ann: {name: Ann,\n        role: baker\n  bob: {name: Bob}\n"
    err = _error(text)
    assert err.line == 5 and "at the end of line 6" in str(err)


@pytest.mark.parametrize("words", ["How are you?", "note: this", "what? no"])
def test_unquoted_text_with_a_question_mark_or_colon_says_quote_it(words: str) -> None:
    text = HEAD + ("characters:\n  ann: {name: Ann}\n  bob: {name: Bob}\ntimeline:\n"
                   f"  - {{at: 1, say: {{speaker: ann, to: bob, text: {words}}}}}\n")
    err = _error(text)
    assert err.line == 8
    assert "timeline[0].say.text" in str(err) and "quote the text" in str(err)


def test_a_comma_in_unquoted_text_says_quote_it() -> None:
    text = HEAD + ("characters:\n  ann: {name: Ann}\n  bob: {name: Bob}\ntimeline:\n"
                   "  - {at: 1, say: {speaker: ann, to: bob, text: Well, hello}}\n")
    err = _error(text)
    assert err.line == 8 and "unknown key 'hello'" in str(err) and "quote the text" in str(err)


def test_a_block_key_with_no_value_gets_no_comma_hint() -> None:
    err = _error(HEAD + "characters:\n  ann:\n    name: Ann\n    hello:\n")
    assert "unknown key 'hello'" in str(err) and "comma" not in str(err)


def test_a_world_spec_gets_the_same_reading() -> None:
    with pytest.raises(ScenarioError) as info:
        parse_world_spec("world: w\nlanguage: en\nplaces:\n  - {id: square, name: Square\n  - {id: inn}\n", "w.yaml")
    assert info.value.line == 4 and "never closed" in str(info.value)
