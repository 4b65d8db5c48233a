"""Every numeric key of a world spec can be swept by its dotted path (issue 10): trait distributions,
event rates (a list item by index or by its id), and a wrong key is named with the valid ones near it;
the table counts the offline rules' answers as `simulate --json` does."""

from __future__ import annotations

import pytest

from tests.tiny_town import tiny_spec
from townsfolk.sim.simulate import apply_overrides
from townsfolk.sim.spec_paths import settable_keys
from townsfolk.sim.sweep import SweepError, parse_params, run_one
from townsfolk.sim.world_spec import parse_world_spec
from townsfolk.sim.worldgen import generate

SPEC = parse_world_spec(tiny_spec(1).replace("rumour:", "traits: {exaggeration: {mean: 0.3, sd: 0.1}}\nrumour:"))


@pytest.mark.parametrize(("written", "key"), [
    ("traits.exaggeration.mean=0.1,0.9", "traits.exaggeration.mean"),
    ("events.0.rate_per_day=0,20", "events.0.rate_per_day"),
    ("events[0].rate_per_day=0,20", "events.0.rate_per_day"),
    ("events.theft.rate_per_day=0,20", "events.theft.rate_per_day"),
    ("roles.keeper.share=0.2,0.8", "roles.keeper.share"),
    ("places.inn.capacity=5,10", "places.inn.capacity"),
    ("social.friendships.m=1,4", "social.friendships.m"),
    ("evening.weights.tavern=0.1,0.9", "evening.weights.tavern"),
])
def test_a_dotted_path_to_any_number_is_a_sweep_key(written: str, key: str) -> None:
    assert list(parse_params([written], SPEC)) == [key]


def test_a_swept_value_reaches_the_town() -> None:
    assert apply_overrides(SPEC, {"events.theft.rate_per_day": 7}).events[0].rate_per_day == 7
    assert apply_overrides(SPEC, {"events.0.rate_per_day": 9}).events[0].rate_per_day == 9
    low = generate(apply_overrides(SPEC, {"traits.exaggeration.mean": 0.1, "traits.exaggeration.sd": 0.0}))
    high = generate(apply_overrides(SPEC, {"traits.exaggeration.mean": 0.9, "traits.exaggeration.sd": 0.0}))
    n = low.npcs[0]
    assert low.world.characters[n].traits["exaggeration"] == 0.1
    assert high.world.characters[n].traits["exaggeration"] == 0.9
    # a trait the engine reads but the spec does not list yet starts from the defaults
    made = apply_overrides(SPEC, {"roles.keeper.traits.candour.mean": 0.8})
    assert made.roles[0].traits["candour"].mean == 0.8


def test_numeric_keys_are_listed_by_the_items_name() -> None:
    keys = settable_keys(SPEC.model_dump(mode="json"), numeric_only=True)
    assert "events.theft.rate_per_day" in keys and "traits.exaggeration.mean" in keys
    assert "places.market.capacity" in keys and "world" not in keys


@pytest.mark.parametrize(("written", "needles"), [
    ("events.thef.rate_per_day=1", ["did you mean 'events.theft.rate_per_day'"]),
    ("events.7.rate_per_day=1", ["keys under events: theft"]),
    ("traits.exaggeration.meen=1", ["did you mean 'traits.exaggeration.mean'"]),
    ("rumour.chattiness=1", ["keys under rumour:", "tell_probability"]),
])
def test_a_wrong_key_names_the_valid_ones_near_it(written: str, needles: list[str]) -> None:
    with pytest.raises(SweepError) as err:
        parse_params([written], SPEC)
    for needle in needles:
        assert needle in str(err.value)


def test_the_table_counts_offline_answers_as_simulate_does() -> None:
    row = run_one(SPEC.model_dump(mode="json"), {"events.theft.rate_per_day": 4}, 0, None, 0.5)
    assert row["model_calls"] == 0 and row["offline_calls"] > 0
    assert row["events.theft.rate_per_day"] == 4
