"""Beliefs: credibility from source, trust and distance; facts stay true while beliefs are revised."""

from __future__ import annotations

import copy
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

import townsfolk.sim.engine as sim_engine
from townsfolk.memory.beliefs import credibility
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.scenario import load_scenario
from townsfolk.world.facts import Fact, FactStore

TEAHOUSE = Path(__file__).resolve().parent.parent / "scenarios" / "teahouse.yaml"
FAST = settings(max_examples=25, deadline=None)


@pytest.fixture(scope="module")
def teahouse():
    return load_scenario(TEAHOUSE)


@pytest.fixture(scope="module")
def teahouse_run(teahouse):
    """The teahouse played tick by tick to its end, with every fact as it read after tick 4."""
    with pytest.MonkeyPatch.context() as mp:
        # which embedder ranks memories for replies has nothing to do with beliefs and facts
        mp.setattr(sim_engine, "make_embedder", lambda name=None: LexicalEmbedder())
        world, memory = build_world(teahouse)
        simulation = Simulation(world, memory)
        by_tick = teahouse.beats_by_tick()
        at_tick_4: dict[str, dict] = {}
        for tick in range(teahouse.last_tick + 1):
            simulation.run_tick(tick, by_tick.get(tick, []))
            if tick == 4:
                at_tick_4 = {f.id: copy.deepcopy(f.model_dump(mode="json")) for f in world.facts}
    return simulation, at_tick_4


# --- credibility ----------------------------------------------------------------------------------
@pytest.mark.parametrize("trust", [0.0, 0.5, 1.0])
@pytest.mark.parametrize("hops", [0, 1, 2, 5])
def test_witnessed_beats_told_whatever_the_trust_and_hops(trust, hops):
    seen = credibility("witnessed", trust_in_teller=trust, hops=hops)
    heard = credibility("told", trust_in_teller=trust, hops=max(1, hops))
    assert seen > heard
    assert credibility("witnessed") > credibility("told", trust_in_teller=1.0, hops=1)


def test_more_trust_in_the_teller_means_more_credible():
    values = [credibility("told", trust_in_teller=t, hops=1) for t in (0.0, 0.25, 0.5, 0.75, 1.0)]
    assert values == sorted(values) and len(set(values)) == len(values), values


def test_more_hops_means_less_credible():
    values = [credibility("told", trust_in_teller=0.6, hops=h) for h in (1, 2, 3, 4, 6)]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values), values


@FAST
@given(t1=st.floats(0.0, 1.0), t2=st.floats(0.0, 1.0), hops=st.integers(1, 8))
def test_trust_is_monotone(t1, t2, hops):
    lo, hi = sorted((t1, t2))
    assert credibility("told", trust_in_teller=lo, hops=hops) <= credibility("told", trust_in_teller=hi, hops=hops)


@FAST
@given(trust=st.floats(0.0, 1.0), hops=st.integers(1, 30), more=st.integers(1, 10))
def test_hops_are_monotone(trust, hops, more):
    near = credibility("told", trust_in_teller=trust, hops=hops)
    far = credibility("told", trust_in_teller=trust, hops=hops + more)
    assert far <= near


@FAST
@given(source=st.one_of(st.sampled_from(["witnessed", "account", "told", "inferred"]), st.text(max_size=8)),
       trust=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**6, 10**6)),
       hops=st.integers(-5, 10**4))
def test_credibility_is_always_in_unit_range(source, trust, hops):
    value = credibility(source, trust_in_teller=trust, hops=hops)
    assert 0.0 <= value <= 1.0


# --- facts are append-only --------------------------------------------------------------------------
def _fact(fid: str, text: str = "x") -> Fact:
    return Fact(id=fid, tick=1, time=datetime(2026, 1, 1, 9), kind="happen", actor="a", text=text)


def test_fact_store_refuses_a_second_fact_with_the_same_id():
    store = FactStore()
    store.append(_fact("f1", "the delivery was late"))
    with pytest.raises(ValueError, match="f1"):
        store.append(_fact("f1", "the delivery was on time"))
    assert len(store) == 1
    assert store.get("f1").text == "the delivery was late"


def test_a_fact_cannot_be_edited():
    fact = _fact("f1", "the delivery was late")
    with pytest.raises(ValidationError):
        fact.text = "the delivery was on time"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        fact.actor = "someone else"  # type: ignore[misc]
    assert fact.text == "the delivery was late" and fact.actor == "a"


# --- belief revision in the teahouse -----------------------------------------------------------------
def test_teahouse_rumour_is_superseded_by_an_account(teahouse_run):
    memory = teahouse_run[0].memory
    rumours = [b for b in memory.beliefs_of("xiaoliang", "aqing", held_only=False) if b.hops >= 2]
    assert len(rumours) == 1
    rumour = rumours[0]
    assert rumour.status == "superseded" and not rumour.held
    assert rumour.superseded_reason and rumour.superseded_reason.strip()
    assert rumour.superseded_tick == 8
    assert rumour.superseded_by is not None
    successor = memory.beliefs[rumour.superseded_by]
    assert successor.held and successor.holder == "xiaoliang"
    assert successor.source == "account"
    assert successor.told_by == "aqing"
    assert successor.claim.severity < rumour.claim.severity
    assert successor.credibility > rumour.credibility
    # the rumour is no longer among what he holds, its correction is
    held = [b.id for b in memory.beliefs_of("xiaoliang", "aqing")]
    assert rumour.id not in held and successor.id in held


def test_beliefs_never_change_the_facts(teahouse_run):
    simulation, snapshot = teahouse_run
    world, memory = simulation.world, simulation.memory
    assert snapshot, "facts should exist by tick 4"
    # by the end beliefs were superseded and edges moved back...
    assert any(b.status == "superseded" for b in memory.beliefs.values())
    # ...but every fact recorded by tick 4 reads exactly as it did then
    later = {f.id: f.model_dump(mode="json") for f in world.facts}
    for fid, dumped in snapshot.items():
        assert later[fid] == dumped
    assert list(later)[: len(snapshot)] == list(snapshot), "facts are only ever appended"
    assert len(later) > len(snapshot)
