"""RelationshipGraph: typed, directional, sourced edges and the social queries built on them."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.world.relationships import Cause, Edge, EdgeChange, RelationshipGraph

T0 = datetime(2026, 3, 1, 8, 0)


def at(tick: int) -> datetime:
    return T0 + timedelta(hours=tick)


def graph(*people: str) -> RelationshipGraph:
    g = RelationshipGraph()
    for p in people:
        g.add_character(p)
    return g


def seed(g: RelationshipGraph, a: str, b: str, kind: str, strength: float, tick: int = 0) -> Edge:
    return g.set_edge(a, b, kind, strength, tick=tick, time=at(tick))


# --- edges: kinds, direction, bounds ---------------------------------------------------------
def test_one_pair_holds_several_kinds_each_its_own_edge():
    g = graph("a", "b")
    seed(g, "a", "b", "partner", 0.8)
    seed(g, "a", "b", "neighbour", 0.4)
    seed(g, "a", "b", "rival", 0.1)
    kinds = {e.kind: e.strength for e in g.edges_between("a", "b")}
    assert kinds == {"neighbour": 0.4, "partner": 0.8, "rival": 0.1}
    # moving one kind leaves the others alone
    g.adjust("a", "b", "partner", -0.3, tick=1, time=at(1), cause=Cause(kind="fact", id="f1"))
    assert g.get("a", "b", "partner").strength == pytest.approx(0.5)
    assert g.get("a", "b", "neighbour").strength == 0.4
    assert g.get("a", "b", "rival").strength == 0.1


def test_a_to_b_and_b_to_a_are_separate_and_can_differ():
    g = graph("a", "b")
    seed(g, "a", "b", "friend", 0.9)
    seed(g, "b", "a", "friend", 0.2)
    assert g.get("a", "b", "friend").strength == 0.9
    assert g.get("b", "a", "friend").strength == 0.2
    g.adjust("a", "b", "friend", -0.4, tick=1, time=at(1), cause=Cause(kind="event", id="e1"))
    assert g.get("a", "b", "friend").strength == pytest.approx(0.5)
    assert g.get("b", "a", "friend").strength == 0.2, "A->B changes must not leak into B->A"
    assert len(g.get("b", "a", "friend").history) == 1
    # only one direction exists for this kind
    seed(g, "a", "b", "creditor", 0.7)
    assert g.get("b", "a", "creditor") is None


@pytest.mark.parametrize("bad", [-0.01, 1.5, 1.0000001, -3.0, float("nan"), float("inf")])
def test_strength_out_of_range_is_rejected(bad):
    g = graph("a", "b")
    with pytest.raises(ValueError):
        seed(g, "a", "b", "friend", bad)
    assert g.get("a", "b", "friend") is None
    # also when resetting an existing edge
    seed(g, "a", "b", "friend", 0.5)
    with pytest.raises(ValueError):
        seed(g, "a", "b", "friend", bad, tick=1)
    assert g.get("a", "b", "friend").strength == 0.5
    # and the record itself refuses it
    with pytest.raises(ValueError):
        Edge(source="a", target="b", kind="friend", strength=bad, since=T0, last_reinforced=T0)


@pytest.mark.parametrize("ok", [0.0, 1.0, 0.5])
def test_strength_bounds_are_inclusive(ok):
    g = graph("a", "b")
    assert seed(g, "a", "b", "friend", ok).strength == ok


def test_an_edge_needs_two_different_characters():
    g = graph("a")
    with pytest.raises(ValueError):
        seed(g, "a", "a", "friend", 0.5)


def test_adjust_clamps_and_records_each_change_with_its_cause():
    g = graph("a", "b")
    seed(g, "a", "b", "partner", 0.9)
    g.adjust("a", "b", "partner", 0.5, tick=1, time=at(1), cause=Cause(kind="event", id="e7"),
             reason="helped out")
    edge = g.adjust("a", "b", "partner", -2.0, tick=2, time=at(2), cause=Cause(kind="belief", id="b3"),
                    reason="heard a rumour")
    assert edge is not None and edge.strength == 0.0
    first, up, down = edge.history
    assert first.cause.kind == "seed" and first.before == first.after == 0.9
    assert isinstance(up, EdgeChange)
    assert (up.tick, up.before, up.after) == (1, 0.9, 1.0)
    assert up.cause == Cause(kind="event", id="e7") and up.reason == "helped out"
    assert (down.tick, down.before, down.after) == (2, 1.0, 0.0)
    assert down.cause == Cause(kind="belief", id="b3") and down.reason == "heard a rumour"
    assert down.delta == pytest.approx(-1.0)
    assert down.time == at(2)


def test_adjust_of_a_missing_edge_changes_nothing():
    g = graph("a", "b")
    assert g.adjust("a", "b", "friend", 0.2, tick=1, time=at(1), cause=Cause(kind="fact", id="f1")) is None
    assert g.edges() == []


@settings(max_examples=25, deadline=None)
@given(start=st.floats(0.0, 1.0), deltas=st.lists(st.floats(-3.0, 3.0), min_size=1, max_size=12))
def test_adjust_always_stays_in_unit_range_and_history_chains(start, deltas):
    g = graph("a", "b")
    seed(g, "a", "b", "friend", start)
    for i, d in enumerate(deltas, start=1):
        edge = g.adjust("a", "b", "friend", d, tick=i, time=at(i), cause=Cause(kind="fact", id=f"f{i}"))
        assert 0.0 <= edge.strength <= 1.0
        assert edge.history[-1].after == edge.strength
        assert edge.history[-1].cause.id == f"f{i}"
    history = g.get("a", "b", "friend").history
    assert len(history) == len(deltas) + 1
    for prev, nxt in zip(history, history[1:], strict=False):
        assert nxt.before == prev.after


def test_last_reinforced_moves_only_when_strength_rises():
    g = graph("a", "b")
    edge = seed(g, "a", "b", "friend", 0.5)
    assert edge.since == edge.last_reinforced == at(0)
    cause = Cause(kind="fact", id="f1")
    g.adjust("a", "b", "friend", -0.2, tick=1, time=at(1), cause=cause)
    assert edge.last_reinforced == at(0), "a decrease is not a reinforcement"
    g.adjust("a", "b", "friend", 0.0, tick=2, time=at(2), cause=cause)
    assert edge.last_reinforced == at(0), "no change is not a reinforcement"
    g.adjust("a", "b", "friend", 0.1, tick=3, time=at(3), cause=cause)
    assert edge.last_reinforced == at(3)
    g.set_edge("a", "b", "friend", 0.95, tick=4, time=at(4))
    assert edge.last_reinforced == at(4)
    g.adjust("a", "b", "friend", 0.5, tick=5, time=at(5), cause=cause)  # clamps 0.95 -> 1.0: a rise
    assert edge.last_reinforced == at(5)
    g.adjust("a", "b", "friend", 0.5, tick=6, time=at(6), cause=cause)  # already at 1.0: no rise
    assert edge.last_reinforced == at(5)
    assert edge.since == at(0)


# --- queries -----------------------------------------------------------------------------------
def test_edges_between_one_way_or_both_ways():
    g = graph("a", "b", "c")
    seed(g, "a", "b", "partner", 0.8)
    seed(g, "a", "b", "neighbour", 0.4)
    seed(g, "b", "a", "partner", 0.6)
    seed(g, "a", "c", "friend", 0.9)
    one_way = g.edges_between("a", "b")
    assert [(e.source, e.target, e.kind) for e in one_way] == [("a", "b", "neighbour"), ("a", "b", "partner")]
    both = g.edges_between("a", "b", both_ways=True)
    assert sorted((e.source, e.target, e.kind) for e in both) == [
        ("a", "b", "neighbour"), ("a", "b", "partner"), ("b", "a", "partner")]
    assert [(e.source, e.kind) for e in g.edges_between("b", "a")] == [("b", "partner")]
    assert g.edges_between("b", "c", both_ways=True) == []


def test_neighbours_filter_by_kind_and_strength_strongest_first():
    g = graph("a", "b", "c", "d")
    seed(g, "a", "b", "friend", 0.3)
    seed(g, "a", "c", "friend", 0.9)
    seed(g, "a", "d", "rival", 0.6)
    seed(g, "a", "b", "colleague", 0.7)
    seed(g, "d", "a", "friend", 1.0)  # incoming: not a's neighbour edge
    every = g.neighbours("a")
    assert [(e.target, e.kind) for e in every] == [("c", "friend"), ("b", "colleague"), ("d", "rival"),
                                                   ("b", "friend")]
    strengths = [e.strength for e in every]
    assert strengths == sorted(strengths, reverse=True)
    assert [e.target for e in g.neighbours("a", kind="friend")] == ["c", "b"]
    assert [(e.target, e.kind) for e in g.neighbours("a", kind=["friend", "rival"])] == [
        ("c", "friend"), ("d", "rival"), ("b", "friend")]
    assert [(e.target, e.kind) for e in g.neighbours("a", min_strength=0.6)] == [
        ("c", "friend"), ("b", "colleague"), ("d", "rival")]
    assert [e.target for e in g.neighbours("a", kind="friend", min_strength=0.5)] == ["c"]
    assert g.neighbours("a", kind="family") == []
    assert all(e.source == "a" for e in every)


def test_common_acquaintances_either_direction_excluding_the_pair():
    g = graph("a", "b", "c", "d", "e")
    seed(g, "a", "c", "friend", 0.5)
    seed(g, "c", "b", "friend", 0.5)  # c knows b (outgoing from c)
    seed(g, "d", "a", "friend", 0.5)
    seed(g, "b", "d", "friend", 0.5)
    seed(g, "a", "e", "friend", 0.5)  # only a knows e
    seed(g, "a", "b", "friend", 0.5)  # the pair themselves
    assert g.common_acquaintances("a", "b") == ["c", "d"]
    assert g.common_acquaintances("b", "a") == ["c", "d"]
    assert g.common_acquaintances("a", "e") == []


def test_circle_tightness_triangle_is_one_and_star_centre_is_zero():
    tri = graph("a", "b", "c")
    seed(tri, "a", "b", "friend", 0.5)
    seed(tri, "b", "c", "friend", 0.5)
    seed(tri, "c", "a", "friend", 0.5)
    assert tri.circle_tightness("a") == pytest.approx(1.0)
    assert tri.circle_tightness("b") == pytest.approx(1.0)

    star = graph("hub", "x", "y", "z")
    for leaf in ("x", "y", "z"):
        seed(star, "hub", leaf, "friend", 0.5)
        seed(star, leaf, "hub", "neighbour", 0.5)  # several kinds both ways still one tie
    assert star.circle_tightness("hub") == 0.0
    seed(star, "x", "y", "friend", 0.5)  # one of three possible ties among the hub's circle
    assert star.circle_tightness("hub") == pytest.approx(1 / 3)


def test_k_hop_distances_follow_ties_either_way():
    g = graph("a", "b", "c", "d", "e")
    seed(g, "a", "b", "friend", 0.5)
    seed(g, "c", "b", "friend", 0.5)  # pointing back toward a
    seed(g, "c", "d", "friend", 0.5)
    # e is unconnected
    assert g.k_hop("a", 0) == {"a": 0}
    assert g.k_hop("a", 1) == {"a": 0, "b": 1}
    assert g.k_hop("a", 2) == {"a": 0, "b": 1, "c": 2}
    assert g.k_hop("a", 5) == {"a": 0, "b": 1, "c": 2, "d": 3}
    assert g.k_hop("d", 3) == {"d": 0, "c": 1, "b": 2, "a": 3}
    with pytest.raises(ValueError):
        g.k_hop("a", -1)


@pytest.mark.parametrize("call", [
    lambda g: g.edges_between("a", "ghost"),
    lambda g: g.edges_between("ghost", "a"),
    lambda g: g.neighbours("ghost"),
    lambda g: g.acquaintances("ghost"),
    lambda g: g.common_acquaintances("a", "ghost"),
    lambda g: g.circle_tightness("ghost"),
    lambda g: g.k_hop("ghost", 2),
    lambda g: g.set_edge("a", "ghost", "friend", 0.5, tick=0, time=T0),
    lambda g: g.set_edge("ghost", "a", "friend", 0.5, tick=0, time=T0),
], ids=["edges_between-target", "edges_between-source", "neighbours", "acquaintances",
        "common_acquaintances", "circle_tightness", "k_hop", "set_edge-target", "set_edge-source"])
def test_unknown_character_is_a_key_error(call):
    g = graph("a", "b")
    seed(g, "a", "b", "friend", 0.5)
    with pytest.raises(KeyError, match="ghost"):
        call(g)
