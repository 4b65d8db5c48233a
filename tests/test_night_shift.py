"""The night watch talks on its shift: people who work through the night meet and talk at their
post while the town sleeps, and sleep off the shift by day (the daily life's waking hours are each
person's own, not one town-wide 07:00-22:00)."""

from __future__ import annotations

import numpy as np
import pytest

from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec

SPEC = """\
world: Nightport
language: {lang}
seed: 4
start: 2026-11-02T08:00
days: 1
population: 120
settled_days: 2000
places:
  - {{id: watchhouse, kind: work, capacity: 200, name: {{{lang}: "{post}"}}}}
  - {{id: yard, kind: work, capacity: 200, name: {{{lang}: "{yard}"}}}}
  - {{id: tavern, kind: tavern, capacity: 200, name: {{{lang}: "{tavern}"}}}}
roles:
  - {{id: watch, share: 0.5, works_at: watchhouse, hours: [22, 6]}}
  - {{id: wright, share: 0.5, works_at: yard, hours: [8, 17]}}
social:
  households: {{size_mean: 3}}
  workplaces: {{per_npc: 4}}
events:
  - {{id: stuck, rate_per_day: 6, predicate: mishap, valence: -0.2, at: [work], witnesses: 3,
     text: {{{lang}: "{stuck}"}}}}
  - {{id: pinched, rate_per_day: 2, predicate: theft, valence: -0.7, at: [work], witnesses: 3,
     text: {{{lang}: "{pinched}"}}}}
rumour: {{meetings_per_hour: 1.0, tell_probability: 0.5, seed_fraction: 0.3, seed_events: [pinched]}}
"""
WORDS = {"en": {"post": "the watch house", "yard": "the yard", "tavern": "the Lamp", "stuck": "{actor}'s cart got stuck at {place}",
               "pinched": "{actor} stole a lantern at {place}"},
         "zh": {"post": "更楼", "yard": "船厂", "tavern": "茶馆", "stuck": "{actor}的车卡在{place}的门缝里了",
               "pinched": "{actor}在{place}偷了一盏灯"}}


@pytest.fixture(scope="module", params=["en", "zh"])
def run(request: pytest.FixtureRequest):  # noqa: ANN201
    lang = request.param
    return simulate(parse_world_spec(SPEC.format(lang=lang, **WORDS[lang]), f"night.{lang}.world.yaml"))


def _talk(run) -> list[tuple[int, set[str]]]:  # noqa: ANN001
    return [(f.time.hour, set(f.participants)) for f in run.sim.world.facts if f.kind in ("meet", "retell")]


def test_the_watch_is_awake_on_its_shift_and_asleep_after_it(run) -> None:  # noqa: ANN001
    watch = run.town.role == 0
    for hour in (23, 0, 3, 5):
        awake = run.life.awake(hour)
        assert awake[watch].all() and not awake[~watch].any(), hour
    for hour in (8, 12):
        awake = run.life.awake(hour)
        assert not awake[watch].any() and awake[~watch].all(), hour
    assert run.life.awake(18)[watch].all()  # up again for the evening


def test_the_watch_meets_and_talks_at_night_and_nobody_else_does(run) -> None:  # noqa: ANN001
    watch = {cid for i, cid in enumerate(run.town.npcs) if run.town.role[i] == 0}
    night = [people for hour, people in _talk(run) if hour >= 22 or hour < 6]
    assert len(night) >= 3, _talk(run)
    assert all(people <= watch for people in night)
    sleeping = [people for hour, people in _talk(run) if 7 <= hour < 14]
    assert sleeping and not any(people & watch for people in sleeping)


def test_positions_put_the_watch_at_its_post_at_night(run) -> None:  # noqa: ANN001
    watch = np.flatnonzero(run.town.role == 0)
    assert (run.life.positions(2)[watch] == run.town.work[watch]).all()
