"""A generated town's queued occurrences of one event fire with one actor each: a day's tavern-only
occurrences waited for the evening, then fired in one tick and drew the same man drunk twice at the
same tea shed, witnessed twice by the same people (newcomer K-33). The rate is kept: occurrences
with nobody left to act wait for the next hour."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.tiny_town import tiny_spec
from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec

DRUNK = tiny_spec(2).replace(
    '{id: theft, rate_per_day: 2, predicate: theft, valence: -0.7, text: {en: "{actor} stole a loaf at {place}"}}',
    '{id: theft, rate_per_day: 2, predicate: theft, valence: -0.7, text: {en: "{actor} stole a loaf at {place}"}}\n'
    '  - {id: tipsy, rate_per_day: 6, predicate: drunk, valence: -0.2, at: [tavern],'
    ' text: {en: "{actor} got drunk at {place}"}}')


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_one_does_the_same_event_twice_in_one_tick(seed: int) -> None:
    result = simulate(parse_world_spec(DRUNK), seed=seed)
    drunk = [f for f in result.sim.world.facts if f.kind == "happen" and "got drunk" in f.text]
    assert len(drunk) + result.events_waiting >= 6  # queued, not dropped
    twice = [k for k, n in Counter((f.tick, f.actor) for f in drunk).items() if n > 1]
    assert not twice, twice
    assert len({f.tick for f in drunk}) < len(drunk)  # several did fire in one tick (the case at issue)
