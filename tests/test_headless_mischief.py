"""Mischief misattributes in a headless town (issue 10, N2 finding 4c): a town's beliefs are witnessed
acts nobody is named as saying (said_by None), so every misattribute draw fell back to faithful and a
mischief of 0.9 made retellings more faithful. Now such a claim gets a source from the teller's circle,
never the one the teller had it from: naming the true source is no misattribution (newcomer N-33)."""

from __future__ import annotations

from collections import Counter

from tests.tiny_town import tiny_spec
from townsfolk import Town
from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec


def _run(mischief: float):  # noqa: ANN202
    text = tiny_spec(2).replace("population: 30", "population: 120")
    text = text.replace("rumour:", f"traits: {{mischief: {{mean: {mischief}}}}}\nrumour:")
    return simulate(parse_world_spec(text))


def _retold(mischief: float) -> Counter[str]:
    return Counter(b.distortion for b in _run(mischief).sim.memory.beliefs.values() if b.hops > 0)


def test_a_misattribution_never_names_the_tellers_own_source() -> None:
    # Bo had it from Ada, who saw it; Bo, all mischief, tells Cy again and again: he may name Di as the source,
    # never Ada (she did say it: that is the true source, and "misattribute" on it was a false label)
    beats = [{"at": 1, "happen": {"what": "Eli kicked the dog", "actor": "eli", "witnesses": ["ada"], "valence": -0.5}},
             {"at": 2, "gossip": {"teller": "ada", "to": "bo", "about": "eli"}}]
    beats += [{"at": t, "gossip": {"teller": "bo", "to": "cy", "about": "eli"}} for t in range(3, 23)]
    people = {c: {"name": c.title()} for c in ("ada", "cy", "di", "eli")}
    people["bo"] = {"name": "Bo", "traits": {"candour": 0.0, "exaggeration": 0.0, "mischief": 1.0}}
    town = Town.from_scenario({"scenario": "yard", "language": "en", "seed": 3, "start": "2026-05-02T08:00", "tick": "1h",
                               "place": "yard", "characters": people, "timeline": beats, "relationships": [
                                   {"from": "bo", "to": o, "kind": "friend", "strength": 0.6, "mutual": True}
                                   for o in ("ada", "cy", "di")]})
    town.advance(23)
    told = [b for b in town.memory.beliefs.values() if b.holder == "cy" and b.distortion == "misattribute"]
    assert len(told) >= 5
    assert {b.claim.said_by for b in told} == {"di"}


def test_a_high_mischief_town_misattributes_some_retellings() -> None:
    mischievous, mild = _retold(0.9), _retold(0.05)
    assert mischievous["misattribute"] >= 5
    assert mischievous["faithful"] / sum(mischievous.values()) < mild["faithful"] / sum(mild.values())
