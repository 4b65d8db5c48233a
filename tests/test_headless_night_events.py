"""Events fall on people in proportion to who is about (issue 10, N2 finding 3): a rate per day was
spread evenly over 24 hours, so the few awake at night acted a third of the town's events (pump men,
5% of the town, acted 12 of 35). Now a tick's expected count is scaled by the share of the town up,
and the place is drawn weighted by the people up there."""

from __future__ import annotations

from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec

SPEC = """\
world: Shafts
language: en
population: 200
days: 2
places:
  - {id: market, kind: market, capacity: 120}
  - {id: shaft, kind: work, count: 4, capacity: 60}
roles:
  - {id: miner, share: 0.45, works_at: shaft, hours: [6, 14]}
  - {id: pumpman, share: 0.05, works_at: shaft, hours: [22, 6]}
  - {id: idler, share: 0.5}
events:
  - {id: theft, rate_per_day: 20, predicate: theft, valence: -0.7, at: [work, market],
     text: {en: "{actor} stole a bag of ore at {place}"}}
rumour: {seed_fraction: 0.02}
"""


def test_the_night_shift_acts_about_its_share_of_the_events() -> None:
    run = simulate(parse_world_spec(SPEC))
    happenings = [f for f in run.sim.world.facts if f.kind == "happen"]
    assert len(happenings) >= 25
    at_night = [f for f in happenings if f.time.hour >= 22 or f.time.hour < 6]  # only the pump men are up
    assert len(at_night) / len(happenings) < 0.12, (len(at_night), len(happenings))
