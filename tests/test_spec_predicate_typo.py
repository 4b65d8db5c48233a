"""A predicate spelt almost right in a world spec gets a did-you-mean, as a scenario's does (newcomer N-25:
`predicate: overcharge` listed all 62 predicates; `carless` in a scenario said "did you mean 'careless'?")."""

from __future__ import annotations

import pytest

from tests.tiny_town import tiny_spec
from townsfolk.sim.scenario import ScenarioError
from townsfolk.sim.world_spec import parse_world_spec


def test_a_near_miss_predicate_is_named() -> None:
    text = tiny_spec(1)
    assert "predicate: theft" in text
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(text.replace("predicate: theft", "predicate: thef", 1))
    said = str(err.value)
    assert "unknown predicate 'thef'" in said and "did you mean 'theft'?" in said and "festival" not in said, said
