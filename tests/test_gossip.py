"""Gossip: who distorts how often, what each distortion does, and what a retelling records."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.memory.claims import PREDICATES, Claim
from townsfolk.memory.store import MemoryStore
from townsfolk.sim import actions
from townsfolk.sim.gossip import DISTORTIONS, choose_distortion, distort, distortion_weights, retell
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import load_scenario
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World

TEAHOUSE = Path(__file__).resolve().parent.parent / "scenarios" / "teahouse.yaml"

EXAGGERATOR = Character(id="x", name="X", traits={"exaggeration": 0.95, "candour": 0.1})
CANDID = Character(id="c", name="C", traits={"candour": 0.95, "exaggeration": 0.0})
LATE = Claim(about="b", predicate="late", severity=0.2, said_by="a", quote="he was late again")

unit = st.floats(0.0, 1.0)


# --- how often ---------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(candour=unit, exaggeration=unit, mischief=unit, hedged=st.booleans())
def test_distortion_weights_are_a_distribution(candour, exaggeration, mischief, hedged):
    teller = Character(id="t", name="T", traits={"candour": candour, "exaggeration": exaggeration,
                                                  "mischief": mischief})
    w = distortion_weights(teller, LATE.model_copy(update={"hedged": hedged}))
    assert w.shape == (len(DISTORTIONS),)
    assert (w >= 0).all()
    assert w.sum() == pytest.approx(1.0)


def test_an_exaggerator_intensifies_far_more_often_than_a_candid_teller():
    draws = 2000
    counts = {}
    for who in (EXAGGERATOR, CANDID):
        rng = np.random.default_rng(12345)
        counts[who.id] = Counter(choose_distortion(who, LATE, rng) for _ in range(draws))
    loud, quiet = counts["x"]["intensify"], counts["c"]["intensify"]
    assert loud > 0.4 * draws, counts
    assert loud > 10 * max(quiet, 1), counts
    assert counts["c"]["faithful"] > 0.8 * draws, counts
    assert counts["x"]["faithful"] < counts["c"]["faithful"]


def test_the_same_seed_draws_the_same_distortions():
    rng1, rng2 = np.random.default_rng(99), np.random.default_rng(99)
    seq1 = [choose_distortion(EXAGGERATOR, LATE, rng1) for _ in range(50)]
    seq2 = [choose_distortion(EXAGGERATOR, LATE, rng2) for _ in range(50)]
    assert seq1 == seq2
    assert len(set(seq1)) > 1, "an exaggerator's draws vary"


# --- what each does ------------------------------------------------------------------------------
def test_intensify_told_to_the_subject_becomes_the_speakers_attitude():
    rng = np.random.default_rng(0)
    new, applied = distort(LATE, "intensify", listener="b", others=["a", "b", "z"], rng=rng)
    assert applied == "intensify"
    assert new.is_attitude
    assert new.about == "a", "what a said about b becomes what a thinks of b"
    assert new.target == "b"
    assert new.said_by == "a"
    assert new.predicate != "late"
    assert PREDICATES[new.predicate].severity > PREDICATES["late"].severity
    assert new.severity > LATE.severity
    assert new.valence < LATE.valence


def test_intensify_told_to_a_third_party_escalates_the_claim():
    rng = np.random.default_rng(0)
    new, applied = distort(LATE, "intensify", listener="z", others=["a", "b", "z"], rng=rng)
    assert applied == "intensify"
    assert (new.about, new.target, new.said_by) == ("b", None, "a")
    assert new.severity > LATE.severity and new.predicate != "late"


def test_unread_words_are_not_made_a_habit_of_remarks():
    """An unread statement (predicate `remark`, its words kept) generalised became "X is always making
    remarks" (小何总爱说几句) of someone who had only mixed up two herbs: it is retold as it was."""
    words = Claim(about="b", predicate="remark", severity=0.3, quote="小何抓药时把当归和独活弄混了")
    new, applied = distort(words, "generalise", listener="z", others=[], rng=np.random.default_rng(0))
    assert (new, applied) == (words, "faithful")


def test_generalise_turns_once_into_always():
    new, applied = distort(LATE, "generalise", listener="z", others=[], rng=np.random.default_rng(0))
    assert applied == "generalise"
    assert new.generalised and not LATE.generalised
    assert new.severity > LATE.severity
    assert (new.about, new.predicate) == (LATE.about, LATE.predicate)


def test_misattribute_names_someone_else_as_the_source():
    for seed in range(10):
        new, applied = distort(LATE, "misattribute", listener="z", others=["a", "b", "z", "m", "n"],
                               rng=np.random.default_rng(seed))
        assert applied == "misattribute"
        assert new.said_by not in ("a", "b", "z")
        assert new.said_by in ("m", "n")
        assert (new.about, new.predicate) == (LATE.about, LATE.predicate)


def test_misattribute_never_names_whom_the_teller_had_it_from():
    for seed in range(10):
        new, applied = distort(LATE, "misattribute", listener="z", others=["a", "b", "m", "n"],
                               rng=np.random.default_rng(seed), heard_from="m")
        assert applied == "misattribute" and new.said_by == "n"
    assert distort(LATE, "misattribute", listener="z", others=["a", "b", "m"], rng=np.random.default_rng(0),
                   heard_from="m") == (LATE, "faithful")


def test_a_distortion_that_cannot_apply_is_reported_as_faithful():
    rng = np.random.default_rng(0)
    # nobody else to blame
    new, applied = distort(LATE, "misattribute", listener="z", others=["a", "b", "z"], rng=rng)
    assert (new, applied) == (LATE, "faithful")
    # no hedge to drop
    new, applied = distort(LATE, "drop_hedge", listener="z", others=[], rng=rng)
    assert (new, applied) == (LATE, "faithful")


# --- retelling in a small world -----------------------------------------------------------------------
def small_world(teller_traits: dict[str, float] | None = None) -> tuple[World, MemoryStore]:
    world = World(clock=SimClock(start=datetime(2026, 1, 1, 8)), seed=5, language="en")
    for cid, name, traits in [("a", "Ann", {"candour": 0.9}), ("b", "Bo", {}),
                              ("t", "Tam", teller_traits or {"candour": 0.9, "exaggeration": 0.0}),
                              ("l", "Lee", {})]:
        world.add_character(Character(id=cid, name=name, traits=traits))
    for src, dst, kind, s in [("a", "b", "partner", 0.8), ("t", "a", "customer", 0.7),
                              ("l", "t", "friend", 0.5), ("t", "l", "friend", 0.5), ("b", "t", "acquaintance", 0.5)]:
        world.graph.set_edge(src, dst, kind, s, tick=0, time=world.now)
    return world, MemoryStore()


def test_retell_never_passes_on_a_private_belief():
    world, memory = small_world()
    world.clock.tick = 1
    actions.say(world, memory, speaker="a", listeners=["t"], about="b", text="Bo was late again",
                private=True)
    private = memory.beliefs_of("t")
    assert private and all(b.private for b in private)
    world.clock.tick = 2
    facts_before = len(world.facts)
    for about in ("b", None):
        assert retell(world, memory, "t", "l", about=about) is None
        assert retell(world, memory, "t", "l", about=about, pinned_text="Bo is unreliable") is None
    assert memory.beliefs_of("l") == []
    assert len(world.facts) == facts_before, "nothing was told, so nothing happened"
    log = actions.gossip(world, memory, teller="t", listener="l", about="b", text=None)
    assert [e.kind for e in log] == ["gossip"] and "nothing to pass on" in log[0].text
    # a public belief alongside the private one is the one passed on
    world.clock.tick = 3
    actions.say(world, memory, speaker="a", listeners=["t"], about="b", text="Bo was careless")
    done = retell(world, memory, "t", "l", about="b")
    assert done is not None
    _, belief, _ = done
    parent = memory.beliefs[belief.parent_id]
    assert not parent.private and not belief.private
    assert "late" not in belief.text


def test_a_retold_belief_records_teller_hop_parent_and_lower_credibility():
    world, memory = small_world()
    world.clock.tick = 1
    actions.say(world, memory, speaker="a", listeners=["t"], about="b", text="Bo was late again")
    (basis,) = memory.beliefs_of("t")
    world.clock.tick = 2
    fact, belief, _ = retell(world, memory, "t", "l", about="b")
    assert belief.holder == "l"
    assert belief.source == "told"
    assert belief.told_by == "t"
    assert belief.hops == basis.hops + 1 == 2
    assert belief.parent_id == basis.id
    assert belief.origin_fact_id == basis.origin_fact_id
    assert belief.via_fact_id == fact.id
    assert belief.credibility < basis.credibility
    assert fact.kind == "retell" and fact.actor == "t" and fact.to == ("l",)
    assert fact.meta["basis"] == basis.id
    assert fact.meta["distortion"] == belief.distortion
    # and once more down the line: still one hop further and less credible
    world.clock.tick = 3
    world.graph.set_edge("l", "b", "acquaintance", 0.5, tick=3, time=world.now)
    world.graph.set_edge("l", "a", "acquaintance", 0.5, tick=3, time=world.now)
    _, third, _ = retell(world, memory, "l", "a", about="b")
    assert third.hops == 3 and third.parent_id == belief.id and third.told_by == "l"
    assert third.credibility < belief.credibility


def test_a_listener_does_not_get_their_own_story_back():
    world, memory = small_world()
    world.clock.tick = 1
    actions.say(world, memory, speaker="a", listeners=["t"], about="b", text="Bo was late again")
    world.clock.tick = 2
    retell(world, memory, "t", "l", about="b")
    world.clock.tick = 3
    assert retell(world, memory, "l", "t", about="b") is None


def test_teahouse_rumour_reaching_xiaoliang_says_unreliable():
    result = play(load_scenario(TEAHOUSE), until=3)
    memory, world = result.sim.memory, result.sim.world
    (rumour,) = [b for b in memory.beliefs_of("xiaoliang") if b.told_by == "guke"]
    assert "不靠谱" in rumour.text
    told = world.facts.get(rumour.via_fact_id)
    assert told.kind == "retell" and "不靠谱" in told.text
    assert rumour.distortion == "intensify"
    # what 阿青 actually said did not say that
    said = [f for f in world.facts if f.kind == "say" and f.actor == "aqing"]
    assert said and all("不靠谱" not in f.text for f in said)
