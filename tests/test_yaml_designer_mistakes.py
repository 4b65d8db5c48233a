"""A designer's slip is named in a designer's words, with file, line and field (newcomer findings,
session 18): a misindented key ("expected <block end>, but found '<block mapping start>'", no
field), a tab ("found character '\\t' that cannot start any token"), an NPC written by its name,
an id one letter off (only the known ids were listed) and a wrong type (the value not echoed)."""

from __future__ import annotations

import pytest

from townsfolk.sim.scenario import ScenarioError, parse_scenario

HEAD = """scenario: t
language: {lang}
characters:
  hale:
    name: {hale}
    role: master
  pike: {{name: {pike}}}
  juno: {{name: Juno, player: true}}
"""


def _error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as exc:
        parse_scenario(text, "w.yaml")
    return exc.value


def _head(lang: str) -> str:
    hale, pike = ("Captain Hale", "Pike") if lang == "en" else ("阿虎", "老陆")
    return HEAD.format(lang=lang, hale=hale, pike=pike)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("spaces", [3, 6])
def test_a_misindented_key_names_its_line_field_and_the_indent(lang: str, spaces: int) -> None:
    text = _head(lang).replace("    role: master", " " * spaces + "role: master")
    e = _error(text)
    assert e.line == 6 and e.field == "characters.hale.role", str(e)
    assert f"indented {spaces} spaces" in str(e) and "indented 4" in str(e), str(e)


def test_a_misindented_list_item_is_named_as_one() -> None:
    e = _error(_head("en") + "timeline:\n  - {at: 1, meet: [hale, pike]}\n   - {at: 2, meet: [hale, pike]}\n")
    assert e.line == 11 and "the list item on line 11 is indented 3 spaces" in str(e), str(e)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tab_says_indent_with_spaces(lang: str) -> None:
    e = _error(_head(lang).replace("  pike:", "\tpike:"))
    assert e.line == 7 and e.field == "characters.pike", str(e)
    assert "tabs are not allowed in YAML, indent with spaces" in str(e), str(e)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_npc_written_by_its_name_is_told_its_id(lang: str) -> None:
    name = "Captain Hale" if lang == "en" else "阿虎"
    e = _error(_head(lang) + f"timeline:\n  - {{at: 1, ask: {{player: juno, npc: {name}, text: hi}}}}\n")
    assert e.line == 10 and e.field == "timeline[0].ask.npc", str(e)
    assert f"{name!r} is the name of hale; use the id hale" in str(e), str(e)


@pytest.mark.parametrize(("lang", "typo", "meant"), [("en", "pyke", "'pike' (Pike)"), ("zh", "老六", "'pike' (老陆)")])
def test_an_unknown_id_says_did_you_mean(lang: str, typo: str, meant: str) -> None:
    e = _error(_head(lang) + f"timeline:\n  - {{at: 1, ask: {{player: juno, npc: {typo}, text: hi}}}}\n")
    assert e.field == "timeline[0].ask.npc" and f"did you mean {meant}?" in str(e), str(e)
    assert "known: hale, juno, pike" in str(e), str(e)


@pytest.mark.parametrize("value", ["high", "很强"])
def test_a_wrong_type_echoes_the_value(value: str) -> None:
    e = _error(_head("en") + f"relationships:\n  - {{from: hale, to: pike, kind: friend, strength: {value}}}\n")
    assert e.line == 10 and e.field == "relationships[0].strength", str(e)
    assert f"(got {value!r})" in str(e), str(e)
