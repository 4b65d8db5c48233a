"""A tick's words for a claim, kept per claim fields and point of view (sim/tellings.py `_Tick.words`),
are `render_claim`'s for that listener and speaker, whichever object of those fields asks first and in
whatever order the points of view are asked, in English and in Chinese; kept from tick to tick, they
follow a change of the cast, of the language and of the predicates read with (and a claim's valence
and blame with them); and `take_changes` gives the journal's items in write order, each kind from its
own table, none deleted since."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim, render_claim
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.predicates import PredicateSpec, active, inventory_for
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.tellings import _Tick
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World

T0 = datetime(2026, 3, 2, 9)


def _world(language: str) -> World:
    world = World(clock=SimClock(start=T0, tick_length=timedelta(hours=3)), seed=3, language=language)
    for cid, name in (("a", "Ann" if language == "en" else "阿兰"), ("b", "Bo" if language == "en" else "宝哥"),
                      ("c", "Cy" if language == "en" else "翠姑")):
        world.add_character(Character(id=cid, name=name))
    return world


@pytest.mark.parametrize("language", ["en", "zh"])
def test_words_by_point_of_view_are_render_claims(language: str) -> None:
    world = _world(language)
    tk = _Tick(world)
    names = world.names()
    claims = (Claim(about="a", predicate="stole", severity=0.8, said_by="c"),
              Claim(about="b", predicate="late", severity=0.3, target="a"),
              Claim(about="a", predicate="remark", severity=0.0, quote="fine weather", tone=0.2, said_by="b"))
    views = [(None, None), ("a", "b"), ("b", "a"), ("a", "c"), ("c", None), (None, "c"), ("b", "c")]
    for claim in claims:
        twins = [claim, claim.model_copy(), claim.model_copy()]  # other objects, the same fields
        for k, (listener, speaker) in enumerate(views + views[::-1]):
            seen = tk.seen(twins[k % 3])
            assert tk.words(seen, listener, speaker) == render_claim(claim, names, language, listener=listener,
                                                                     speaker=speaker), (claim, listener, speaker)
    other = Claim(about="a", predicate="stole", severity=0.9, said_by="c")  # one field apart: its own words
    assert tk.words(tk.seen(other), "b", "c") == render_claim(other, names, language, listener="b", speaker="c")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_words_kept_from_tick_to_tick_follow_the_cast_and_the_predicates(language: str) -> None:
    world = _world(language)
    claim = Claim(about="a", predicate="stole", severity=0.8, said_by="c")

    def said() -> tuple[str, str, float, bool]:
        tk = _Tick(world)
        seen = tk.seen(claim.model_copy())  # a new object each tick, as a distortion makes
        return tk.words(seen, "b", "c"), tk.words(seen), seen.valence, seen.blames

    def fresh() -> tuple[str, str, float, bool]:
        names = world.names()
        return (render_claim(claim, names, world.language, listener="b", speaker="c"),
                render_claim(claim, names, world.language), claim.valence, claim.blames_subject)

    assert said() == said() == fresh()
    world.characters["a"] = Character(id="a", name="Abe" if language == "en" else "阿贝")  # the cast changed
    assert said() == fresh() and ("Abe" if language == "en" else "阿贝") in said()[0]
    own = inventory_for([PredicateSpec(key="stole", en="lost a purse", zh="丢了钱包", valence=-0.5, severity=0.4,
                                       kind="misfortune", cues_en=("lost a purse",))])
    with active(own):  # another world's predicates: its words, and a blameless misfortune
        assert said() == fresh() and not said()[3]
    assert said() == fresh() and said()[3]
    world.language = "zh" if language == "en" else "en"
    assert said() == fresh()


def test_take_changes_gives_the_journal_in_write_order_without_the_deleted() -> None:
    m = MemoryStore()
    e1 = EventMemory(id="e1", holder="a", tick=1, time=T0, what="x", source="heard", about="b")
    e2 = EventMemory(id="e2", holder="b", tick=1, time=T0, what="y", source="heard", about="a")
    b1 = Belief(id="b1", holder="a", claim=Claim(about="b", predicate="late", severity=0.3), text="Bo is late",
                source="told", credibility=0.5, tick=1, time=T0)
    s1 = Summary(id="s1", holder="a", about="b", text="s", tick=1, time=T0)
    i1 = Impression(id="i1", holder="a", about="b", text="i", valence=0.1, tick=1, time=T0)
    for item in (e1, b1, s1, e2, i1):
        m.put(item)
    m.touch(e1)  # written again: keeps its first place
    m.delete("event", "e2")
    written, deleted = m.take_changes()
    assert [(k, i.id) for k, i in written] == [("event", "e1"), ("belief", "b1"), ("summary", "s1"),
                                               ("impression", "i1")]
    assert [i for _, i in written] == [e1, b1, s1, i1] and deleted == [("event", "e2")]
    assert m.take_changes() == ([], [])
