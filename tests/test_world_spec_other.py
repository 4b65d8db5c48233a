"""An event text naming {other} with `other:` left false is a load error (issue 10, N2 finding 1): it loaded,
nobody was drawn for {other}, and every fact read "stole a bag of ore from  at the shaft"."""

from __future__ import annotations

import pytest

from tests.tiny_town import tiny_spec
from townsfolk.sim.scenario import ScenarioError
from townsfolk.sim.world_spec import parse_world_spec

EN = '{id: theft, rate_per_day: 2, predicate: theft, valence: -0.7, text: {en: "{actor} stole a loaf at {place}"}}'


def _with_event(event: str, language: str = "en") -> str:
    return tiny_spec(1).replace(EN, event).replace("language: en", f"language: {language}")


def test_other_in_the_text_without_other_true_is_named_with_its_line_and_fix() -> None:
    event = '{id: theft, rate_per_day: 2, predicate: theft, text: {en: "{actor} stole a loaf from {other} at {place}"}}'
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(_with_event(event), "town.world.yaml")
    assert str(err.value).startswith("town.world.yaml:14: events[0].text.en: the text names {other}")
    assert "set other: true" in str(err.value)


def test_zh_other_without_other_true_is_refused() -> None:
    event = '{id: tou, rate_per_day: 2, predicate: theft, text: {zh: "{actor}在{place}偷了{other}的笔记"}}'
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(_with_event(event, "zh"), "town.world.yaml")
    assert "events[0].text.zh: the text names {other}" in str(err.value) and "set other: true" in str(err.value)


def test_other_true_with_other_in_the_text_loads() -> None:
    event = ('{id: theft, rate_per_day: 2, predicate: theft, other: true, '
             'text: {en: "{actor} stole a loaf from {other} at {place}"}}')
    assert parse_world_spec(_with_event(event)).events[0].other
