"""The gossip round's shortcuts give what their long ways give: the five-weight distortion draw is
`pick_index` (so numpy's own draw), a run's chats by `chat_once_each` leave the familiarity and the
kept day counts that reading, computing and noting them one step at a time left, and the world's
players are its characters that are players after any change of the cast."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.bonds import INTERACTION, record_interaction, seed_bonds
from townsfolk.agents.familiarity_days import _kept, chat_once_each, day_counts_of_rows
from townsfolk.memory.claims import Claim
from townsfolk.sim.gossip import DISTORTIONS, _pick5, _raw_weights, choose_distortion, pick_index
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

_weight = st.floats(0.0, 5.0)


@settings(max_examples=300, deadline=None)
@given(w=st.lists(_weight, min_size=5, max_size=5).filter(lambda w: sum(w) > 1e-6),
       u=st.one_of(st.floats(0.0, 1.0, exclude_max=True), st.sampled_from([0.0, 0.2, 0.5, 0.999999])))
def test_the_five_weight_draw_is_pick_index(w, u):
    assert _pick5(*w, u) == pick_index(w, u)


def test_the_draw_at_each_cut_is_pick_index():
    """u exactly on a cumulative weight (bisect_right puts it after): the same index both ways."""
    w = [0.25, 0.25, 0.0, 0.25, 0.25]
    for u in (0.0, 0.25, 0.5, 0.75, np.nextafter(0.5, 0.0), np.nextafter(0.75, 1.0)):
        assert _pick5(*w, float(u)) == pick_index(w, float(u)), u


@settings(max_examples=100, deadline=None)
@given(candour=st.floats(0.0, 1.0), exaggeration=st.floats(0.0, 1.0), mischief=st.floats(0.0, 1.0),
       hedged=st.booleans(), given_traits=st.integers(0, 7), seed=st.integers(0, 2**32 - 1))
def test_choose_distortion_draws_what_the_weights_and_pick_index_draw(candour, exaggeration, mischief, hedged,
                                                                      given_traits, seed):
    traits = {k: v for i, (k, v) in enumerate((("candour", candour), ("exaggeration", exaggeration),
                                               ("mischief", mischief))) if given_traits >> i & 1}
    teller = Character(id="a", name="A", traits=traits)  # a missing trait: its default
    claim = Claim(about="b", predicate="late", severity=0.3, hedged=hedged)
    ours, long_way = np.random.default_rng(seed), np.random.default_rng(seed)
    for _ in range(5):
        assert choose_distortion(teller, claim, ours) == DISTORTIONS[pick_index(_raw_weights(teller, claim),
                                                                                long_way.random())]


def _town(seed: int) -> World:
    """Six NPCs: seeded ties with bond axes, some pairs met on earlier days and today, one familiarity
    edge moved by another writer (a mediation), one pair with no seeded tie (a first chat made it)."""
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(hours=5)), seed=seed,
                  language="en")
    for i in range(6):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}"))
    g = world.graph
    rng = np.random.default_rng(seed)
    for a, b in ((0, 1), (1, 2), (2, 3), (3, 4), (0, 4)):
        s = float(np.round(0.3 + 0.6 * rng.random(), 2))
        for x, y in ((a, b), (b, a)):
            g.set_edge(f"n{x}", f"n{y}", "friend", s, tick=0, time=world.now, cause=Cause(kind="seed"))
    for edge in list(g.edges()):
        seed_bonds(world, edge)
    for tick, (a, b) in enumerate([(0, 1), (1, 2), (0, 1), (4, 5), (1, 2), (0, 1)], start=1):
        world.clock.tick = tick  # 5-hour ticks: meetings on several calendar days
        record_interaction(world, f"n{a}", f"n{b}", cause=Cause(kind="fact", id=f"f{tick}"), note="chatted")
    g.set_edge("n3", "n4", "familiarity", 0.5, tick=6, time=world.now, cause=Cause(kind="event", id="e1"),
               reason=f"{INTERACTION}: mediated")
    world.clock.tick = 7
    return world


def test_a_runs_chats_at_once_are_the_reads_and_notes_one_by_one():
    rows_of = [("n0", "n1"), ("n1", "n0"), ("n1", "n2"), ("n2", "n3"), ("n3", "n2"), ("n3", "n4"), ("n4", "n5"),
               ("n0", "n4"), ("n4", "n0")]
    long_way, at_once = _town(3), _town(3)
    today = long_way.now.date().isoformat()
    results = []
    for world in (long_way, at_once):
        g = world.graph
        day_counts_of_rows(g, [g.row_of("n0", "n1", "familiarity")], [int(g.columns.count[g.row_of("n0", "n1",
                                                                                                   "familiarity")])])
        rows = [g.row_of(a, b, "familiarity") for a, b in rows_of]
        counts = [int(g.columns.count[r]) for r in rows]
        assert 1 in counts and max(counts) > 2  # first meetings of seeded ties, and pairs met before
        if world is long_way:  # day_counts_of_rows, then familiarity_with_one_more, then note_interaction
            version = g.log.version
            days = day_counts_of_rows(g, rows, counts)
            after = [round(min(1.0, max(0.0, d.familiarity_with_one_more(today))), 4) for d in days]
            for d, n in zip(days, counts, strict=True):
                d.days[today] = d.days.get(today, 0) + 1
                d.seen = (n + 1, version)
        else:
            after = chat_once_each(g, rows, counts, today)
        kept = {r: (d.row, d.seen, d.base_units, sorted(d.days.items())) for r, d in _kept(g).items()}
        results.append((after, kept))
    assert results[0] == results[1]
    assert len(set(results[0][0])) > 3


def test_the_players_follow_the_cast():
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(hours=1)), seed=1)
    world.add_character(Character(id="a", name="A"))
    assert world.players() == frozenset()
    world.add_character(Character(id="p", name="P", is_player=True))
    assert world.players() == {"p"}
    world.characters["a"] = Character(id="a", name="A", is_player=True)  # replaced (a load)
    assert world.players() == {"a", "p"}
    del world.characters["p"]
    assert world.players() == {"a"}
