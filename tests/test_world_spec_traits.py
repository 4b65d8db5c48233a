"""A misspelt trait in a world spec is a FILE:LINE: field error with a did-you-mean (issue 10): it was
drawn for every NPC and never read, the real trait left at its default."""

from __future__ import annotations

import pytest

from tests.tiny_town import tiny_spec
from townsfolk.sim.scenario import ScenarioError
from townsfolk.sim.world_spec import parse_world_spec


def _with_traits(top: str, role: str = "") -> str:
    text = tiny_spec(1).replace("rumour:", f"traits: {{{top}}}\nrumour:")
    return text.replace("{id: idler, share: 0.5}", f"{{id: idler, share: 0.5, traits: {{{role}}}}}") if role else text


def test_a_misspelt_town_trait_is_named_with_its_line() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(_with_traits("candor: {mean: 0.5}"), "town.world.yaml")
    assert str(err.value).startswith("town.world.yaml:15: traits.candor: unknown trait 'candor'")
    assert "did you mean 'candour'?" in str(err.value)


def test_a_misspelt_role_trait_is_named_with_its_line() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(_with_traits("candour: {mean: 0.5}", "candur: {mean: 0.9}"), "town.world.yaml")
    assert str(err.value).startswith("town.world.yaml:11: roles[1].traits.candur: unknown trait 'candur'")
    assert "did you mean 'candour'?" in str(err.value)


def test_a_trait_of_ones_own_far_from_all_is_accepted() -> None:
    spec = parse_world_spec(_with_traits("candour: {mean: 0.5}, thrift: {mean: 0.7}", "piety: {mean: 0.4}"))
    assert set(spec.traits) == {"candour", "thrift"} and "piety" in spec.roles[1].traits
