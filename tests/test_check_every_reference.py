"""A newcomer's file with seven mistakes: `check` listed four (a bad `start:`, `personality:` for
`persona:`, a trait of 1.6, witnesses on a meet beat), since a refused top-level value stopped every
cross-reference check; the unknown teller, kind and predicate showed only once those were fixed. Now
a refused `start:` is set aside like a refused beat, every mistake is one line in the order of the
lines, `play` stops at the first of them, and `coworker` is answered with the kind it means."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.scenario import ScenarioError, parse_scenario

CIRCUS = """\
scenario: The frayed rope
language: en
start: 2026-06-31T14:00
tick: 30m
characters:
  ines: {name: Ines, persona: blunt, traits: {candour: 0.8}}
  alan:
    name: Alan
    personality: Proud of his knots.
  pip: {name: Pip, traits: {candour: 0.2}}
  rosa: {name: Rosa, traits: {candour: 1.6}}
  visitor: {name: Sam, player: true}
relationships:
  - {from: ines, to: alan, kind: colleague, strength: 0.8, mutual: true}
  - {from: pip, to: alan, kind: coworker, strength: 0.7}
timeline:
  - {at: 1, happen: {what: "Alan left a frayed rope", actor: alan, witnesses: [ines], predicate: carless}}
  - {at: 2, gossip: {teller: pipp, to: rosa, about: alan}}
  - {at: 3, meet: [alan, ines], witnesses: [rosa]}
"""

EXPECTED = [  # (line, the words that say the mistake), top down
    (3, "start:"),
    (9, "characters.alan.personality: unknown key 'personality' (did you mean 'persona'?)"),
    (11, "characters.rosa.traits.candour:"),
    (15, "relationships[1].kind: unknown relationship kind 'coworker' (did you mean 'colleague'?"),
    (17, "timeline[0].happen.predicate: unknown predicate 'carless' (did you mean 'careless'?)"),
    (18, "timeline[1].gossip.teller: unknown character 'pipp' (did you mean 'pip'"),
    (19, "timeline[2].witnesses: key 'witnesses' does not belong here"),
]


def _mistakes() -> list[ScenarioError]:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(CIRCUS, "circus.yaml")
    return caught.value.every()


def test_every_mistake_is_listed_though_start_is_refused() -> None:
    found = _mistakes()
    said = [str(e) for e in found]
    assert len(found) == len(EXPECTED), said
    for (line, words), err in zip(EXPECTED, found, strict=True):
        assert err.line == line and words in str(err), (line, words, said)


def test_play_stops_at_the_first_line() -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(CIRCUS, "circus.yaml")
    assert (caught.value.line, caught.value.field) == (3, "start"), str(caught.value)


def test_check_prints_them_in_the_order_of_the_lines(tmp_path: Path) -> None:
    path = tmp_path / "circus.yaml"
    path.write_text(CIRCUS, encoding="utf-8")
    done = CliRunner().invoke(app, ["check", str(path)])
    out = " ".join(done.output.split())  # rich wraps at the terminal width
    assert done.exit_code == 2
    places = [out.find(f"circus.yaml:{line}:") for line, _words in EXPECTED]
    assert -1 not in places and places == sorted(places), out


def test_a_start_set_aside_is_no_guess_for_the_last_date() -> None:
    """With `start:` refused the run's last date is not checked against the default start."""
    text = CIRCUS.replace("tick: 30m", "tick: 366d") + "  - {at: 19000, meet: [alan, ines]}\n"
    # (from the default start, tick 19000 of 366 days would fall past the last supported date)
    assert sum(e.field == "start" for e in _mistakes_of(text)) == 1


def _mistakes_of(text: str) -> list[ScenarioError]:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "circus.yaml")
    return caught.value.every()


@pytest.mark.parametrize(("word", "kind"), [("coworker", "colleague"), ("enemy", "rival"), ("client", "customer")])
def test_an_everyday_word_for_a_kind_says_the_kind(word: str, kind: str) -> None:
    text = f"""\
scenario: kinds
characters:
  a: {{name: A}}
  b: {{name: B}}
relationships:
  - {{from: a, to: b, kind: {word}, strength: 0.5}}
"""
    err = _mistakes_of(text)
    assert len(err) == 1 and f"did you mean {kind!r}? {word!r} is a word for it" in str(err[0]), str(err[0])
