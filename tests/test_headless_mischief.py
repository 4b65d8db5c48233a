"""Mischief misattributes in a headless town (issue 10, N2 finding 4c): a town's beliefs are witnessed
acts nobody is named as saying (said_by None), so every misattribute draw fell back to faithful and a
mischief of 0.9 made retellings more faithful. Now such a claim gets a source from the teller's circle."""

from __future__ import annotations

from collections import Counter

from tests.tiny_town import tiny_spec
from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec


def _retold(mischief: float) -> Counter[str]:
    text = tiny_spec(2).replace("population: 30", "population: 120")
    text = text.replace("rumour:", f"traits: {{mischief: {{mean: {mischief}}}}}\nrumour:")
    run = simulate(parse_world_spec(text))
    return Counter(b.distortion for b in run.sim.memory.beliefs.values() if b.hops > 0)


def test_a_high_mischief_town_misattributes_some_retellings() -> None:
    mischievous, mild = _retold(0.9), _retold(0.05)
    assert mischievous["misattribute"] >= 5
    assert mischievous["faithful"] / sum(mischievous.values()) < mild["faithful"] / sum(mild.values())
