"""An event's `predicate:` sets how its text is read, and `roles:` who does it (session 24, K-20 / K-21).

K-20: a world spec's "{actor} left a frayed rope on the trapeze rig" with `predicate: careless` was refused
("reads as nothing (no cue word)"), so designers wrote ", careless work" into it and the actor then said
"I left a frayed rope on the trapeze rig, careless work." A scenario's `happen` had no `predicate:` at all.
K-21: events could not be tied to a role: the seeded rope was frayed at 05:00 by a groom at the stables.
"""

from __future__ import annotations

import pytest

from townsfolk.sim.scenario import ScenarioError, parse_scenario
from townsfolk.sim.simulate import simulate
from townsfolk.sim.town import Town
from townsfolk.sim.world_spec import parse_world_spec

SPEC = """\
world: Ring
language: en
population: 80
days: 1
places:
  - {id: ring, kind: work, capacity: 60}
  - {id: stables, kind: work, capacity: 40}
  - {id: shed, kind: work, capacity: 30}
  - {id: cookhouse, kind: tavern, capacity: 80}
roles:
  - {id: acrobat, share: 3, works_at: ring, hours: [9, 17]}
  - {id: groom, share: 2, works_at: stables, hours: [5, 13]}
  - {id: rigger, share: 1, works_at: shed}
events:
  - {id: rope, rate_per_day: 6, text: {en: "{actor} left a frayed rope on the trapeze rig"}, valence: -0.5,
     predicate: careless, at: [work], roles: [rigger]}
rumour: {seed_fraction: 0.05, seed_events: [rope]}
"""


def test_a_spec_predicate_sets_the_reading_without_a_cue_word() -> None:
    run = simulate(parse_world_spec(SPEC, "ring.world.yaml"))  # was: "the text reads as nothing (no cue word)"
    world, memory = run.sim.world, run.sim.memory
    ropes = [f for f in world.facts if f.kind == "happen" and "frayed rope" in f.text]
    assert ropes and all(", careless" not in f.text for f in ropes)
    seen = [b for f in ropes for w in f.witnesses for b in memory.beliefs_of(w, f.actor) if b.origin_fact_id == f.id]
    assert seen and {b.claim.predicate for b in seen} == {"careless"}, {b.claim.predicate for b in seen}


def test_an_event_with_roles_is_done_by_one_of_them() -> None:
    run = simulate(parse_world_spec(SPEC, "ring.world.yaml"))
    world = run.sim.world
    ropes = [f for f in world.facts if f.kind == "happen" and "frayed rope" in f.text]
    assert len(ropes) >= 3
    assert {world.character(f.actor).role for f in ropes} == {"rigger"}  # not the grooms up at 05:00


@pytest.mark.parametrize(("change", "needle"), [
    ("roles: [rigger]", "roles: [riger]"),
    ("{actor} left a frayed rope on the trapeze rig", "{actor} didn't leave a careless knot"),
])
def test_a_bad_role_or_words_that_say_the_opposite_are_refused(change: str, needle: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(SPEC.replace(change, needle), "ring.world.yaml")
    said = str(err.value)
    assert said.startswith(("ring.world.yaml:15: events[0].text", "ring.world.yaml:16: events[0].roles")), said
    assert "did you mean 'rigger'?" in said or "(negated)" in said, said


def test_a_place_id_in_at_points_to_roles() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(SPEC.replace("at: [work]", "at: [shed]"), "ring.world.yaml")
    assert "write 'work'; `roles: [rigger]` draws who does it" in str(err.value)


SCENARIO = """\
scenario: rope
language: en
characters:
  alan: {name: Alan}
  edith: {name: Edith}
  visitor: {name: Nora, player: true}
timeline:
  - {at: 1, happen: {what: Alan left a frayed rope on the trapeze rig, actor: alan, witnesses: [edith],
                     valence: -0.4, predicate: careless}}
"""


def test_a_scenario_happen_predicate_sets_the_reading() -> None:
    town = Town.from_scenario(parse_scenario(SCENARIO))
    town.advance(1)
    (belief,) = town.memory.beliefs_of("edith")
    assert belief.claim.predicate == "careless"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(SCENARIO.replace("predicate: careless", "predicate: carless"), "rope.yaml")
    assert "timeline[0].happen.predicate: unknown predicate 'carless'" in str(err.value)


def test_the_seeded_occurrence_s_actor_does_not_do_it_again_that_hour() -> None:
    # 自流井: 崔志云 mixed up the same two salt accounts twice at 08:00, as the seed and as a drawn occurrence
    run = simulate(parse_world_spec(SPEC.replace("rate_per_day: 6", "rate_per_day: 40"), "ring.world.yaml"))
    ropes = [(f.tick, f.actor) for f in run.sim.world.facts if f.kind == "happen" and "frayed rope" in f.text]
    first = min(t for t, _ in ropes)
    assert sum(t == first for t, _ in ropes) >= 2  # the seed and drawn occurrences share its hour
    assert len(set(ropes)) == len(ropes), sorted(ropes)


def test_a_declared_mishap_does_not_cool_the_witness() -> None:
    # 自流井: seeing 龙强勇's brine pipe crack (predicate: mishap) cooled a witness 0.50 -> 0.48 ("说实话，我不太喜欢")
    text = SCENARIO.replace("Alan left a frayed rope on the trapeze rig", "Alan's brine pipe cracked at the well") \
                   .replace("predicate: careless", "predicate: mishap")
    town = Town.from_scenario(parse_scenario(text))
    town.advance(1)
    moved = {e.kind: [c.delta for c in e.history] for e in town.world.graph.edges_between("edith", "alan")}
    assert not [d for d in moved.get("affinity", []) if d < 0], moved
    assert any(d > 0 for d in moved.get("familiarity", [])), moved  # she was there all the same
    said = town.say("visitor", "edith", "What do you think of Alan?").text
    assert "not fond" not in said and "distance" not in said, said  # nothing against him for it
