"""The memory store's put path: batch listeners, fold bounds in bulk, and the claim and store
shortcuts a tick's tellings take, each checked against the one-at-a-time rule it stands for."""

from __future__ import annotations

from contextlib import nullcontext
from datetime import datetime

import pytest
from pydantic import BaseModel, Field, PrivateAttr

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import PREDICATES, Claim
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.events import EventMemory
from townsfolk.memory.fold_bound import FoldBounds, folds
from townsfolk.memory.impressions import Impression
from townsfolk.memory.predicates import BLAMELESS_KINDS, BUILTIN, PredicateSpec, active
from townsfolk.memory.predicates import inventory_for as world_inventory
from townsfolk.memory.relevance import Relevance
from townsfolk.memory.store import MemoryStore
from townsfolk.world.bare import maker

T0 = datetime(2026, 3, 1, 8, 0)


def _event(i: int, holder: str = "ida", about: str | None = "bo", **kw: object) -> EventMemory:
    return EventMemory(id=f"e{i}", holder=holder, tick=i, time=T0, what=f"thing {i} about {about}", about=about,
                       importance=0.3 + 0.01 * i, **kw)  # type: ignore[arg-type]


def _belief(i: int, holder: str = "ida", about: str = "bo", **kw: object) -> Belief:
    claim = Claim(about=about, predicate="stole", severity=0.6, **kw)  # type: ignore[arg-type]
    return Belief(id=f"b{i}", holder=holder, claim=claim, text=f"{about} stole", source="told", credibility=0.5,
                  tick=i, time=T0)


def test_batch_listeners_hear_each_put_all_once_in_write_order() -> None:
    memory = MemoryStore()
    heard: list[tuple[str, ...]] = []
    one_by_one: list[str] = []
    memory.on_put_many.append(lambda kinds, items: heard.append(tuple(f"{k}:{i.id}"
                                                                      for k, i in zip(kinds, items, strict=True))))
    memory.on_put.append(lambda kind, item: one_by_one.append(f"{kind}:{item.id}"))
    memory.put_all(["event", "event", "belief"], [_event(1), _event(2, holder="bo", about="ida"), _belief(1)])
    assert heard == [("event:e1", "event:e2", "belief:b1")]
    assert one_by_one == ["event:e1", "event:e2", "belief:b1"]
    memory.put(_event(3))
    assert heard[-1] == ("event:e3",)
    # a changed item takes `put`'s path: the new ones before it are told of first, then the ones after
    changed = memory.events["e1"]
    memory.put_all(["event", "event", "event"], [_event(4), changed, _event(5)])
    assert heard[-2:] == [("event:e4",), ("event:e5",)]
    assert one_by_one[-2:] == ["event:e4", "event:e5"]  # a changed item is no new item to anyone


def test_put_all_writes_what_put_writes() -> None:
    items = [_event(1), _event(2, about="cy"), _belief(1), _event(3, holder="bo", about="ida"), _belief(2, about="cy"),
             _event(4, private=True), _event(5, meta={"dialogue": True}), _event(6, about="ida")]
    kinds = ["belief" if isinstance(i, Belief) else "event" for i in items]
    one, many = MemoryStore(), MemoryStore()
    for item in items:
        one.put(item.model_copy())
    many.put_all(kinds, [i.model_copy() for i in items])
    assert one._by_holder == many._by_holder  # noqa: SLF001
    assert one._beliefs_by == many._beliefs_by  # noqa: SLF001
    assert list(one._dirty) == list(many._dirty)  # noqa: SLF001
    assert one.fold_bounds.by_holder == many.fold_bounds.by_holder
    assert one.touched_holders == many.touched_holders


def test_fold_bounds_in_bulk_are_the_bounds_one_by_one() -> None:
    events = [_event(1), _event(2), _event(3, about="cy"), _event(4, holder="bo", about="ida"),
              _event(5, private=True), _event(6, about=None), _event(7, about="ida"), _event(8, status="archived"),
              _event(9, source="told"), _event(10, meta={"absorbed_by": "s1"}), _event(11, meta={"dialogue": True}),
              _event(12, holder="cy", about="bo"), _event(13, holder="cy", about="bo", source="heard")]
    one, bulk = FoldBounds(), FoldBounds()
    one.forget("cy")
    bulk.forget("cy")  # a holder whose bound is unknown gains nothing either way
    for e in events:
        one.add(e)
    bulk.add_many(events)
    assert bulk.by_holder == one.by_holder
    imp = {e.id: e.importance for e in events}
    assert bulk.by_holder == {"ida": {"bo": [imp["e1"] + imp["e2"], 2], "cy": [imp["e3"], 1]}, "bo": {"ida": [imp["e4"], 1]}}
    assert sum(folds(e, e.holder) for e in events) == 6


def _valence_by_spec(claim: Claim) -> float:
    """Claim.valence as the predicate's spec says it, read through the inventory proxy."""
    if claim.negated:
        return 0.0
    spec = PREDICATES.get(claim.predicate)
    base = claim.tone if claim.tone is not None else (spec.valence if spec is not None else -claim.severity)
    if base < 0 and spec is not None and not spec.blames_subject:
        return base
    return -max(claim.severity, -base) if base < 0 else base


@pytest.mark.parametrize("severity", [0.0, 0.3, 0.9])
@pytest.mark.parametrize("tone", [None, -0.8, -0.1, 0.4])
def test_a_claims_blame_and_valence_follow_the_running_worlds_predicates(severity: float, tone: float | None) -> None:
    # a world of its own makes a built-in blameless and brings a predicate of its own
    own = world_inventory([PredicateSpec(key="stole", en="lost a purse", zh="丢了钱包", valence=-0.5, severity=0.4,
                                       kind="misfortune", cues_en=("lost a purse",)),
                         PredicateSpec(key="smuggled", en="smuggled salt", zh="贩私盐", valence=-0.7, severity=0.7,
                                       cues_en=("smuggled",))])
    keys = [spec.key for spec in BUILTIN] + ["smuggled", "no_such_predicate"]
    for inventory in (None, own):
        with active(inventory) if inventory is not None else nullcontext():
            for key in keys:
                for negated in (False, True):
                    claim = Claim(about="bo", predicate=key, severity=severity, tone=tone, negated=negated)
                    spec = PREDICATES.get(key)
                    assert claim.blames_subject == (spec is None or spec.blames_subject)
                    assert claim.valence == _valence_by_spec(claim)
                    assert type(claim.valence) is float
    with active(own):
        assert not Claim(about="bo", predicate="stole", severity=0.5).blames_subject
        assert Claim(about="bo", predicate="stole", severity=0.5).valence == -0.5  # blameless: as it is
    assert Claim(about="bo", predicate="stole", severity=0.5).blames_subject
    assert "misfortune" in BLAMELESS_KINDS


def test_store_queries_keep_their_answers() -> None:
    memory = MemoryStore()
    memory.put(Impression(id="i1", holder="ida", about="bo", text="bo is sly", valence=-0.3, confidence=0.5,
                          tick=1, time=T0))
    memory.put(Impression(id="i2", holder="ida", about="cy", text="cy is kind", valence=0.3, confidence=0.5,
                          tick=2, time=T0))
    memory.put(Impression(id="i3", holder="ida", about="bo", text="bo is a thief", valence=-0.6, confidence=0.6,
                          tick=3, time=T0))
    assert memory.impression("ida", "bo").id == "i3"  # the newest about them
    assert memory.impression("ida", "dan") is None and memory.impression("nobody", "bo") is None
    b1, b2, b3 = _belief(1), _belief(2, about="cy", said_by="bo"), _belief(3)
    b3.status = "superseded"
    for b in (b1, b2, b3):
        memory.put(b)
    assert [b.id for b in memory.beliefs_of("ida")] == ["b1", "b2"]
    assert [b.id for b in memory.beliefs_of("ida", held_only=False)] == ["b1", "b2", "b3"]
    assert [b.id for b in memory.beliefs_of("ida", "bo")] == ["b1", "b2"]  # said by bo concerns bo too
    assert [b.id for b in memory.beliefs_of("ida", "bo", held_only=False)] == ["b1", "b2", "b3"]
    assert memory.beliefs_of("ida", "dan") == [] and memory.beliefs_of("nobody") == []
    assert memory._of("nobody", "event") == [] and memory.events_of("ida") == []  # noqa: SLF001


def test_a_built_index_takes_the_items_of_a_put_all() -> None:
    memory = MemoryStore()
    rel = Relevance(memory, LexicalEmbedder())
    memory.put(_event(1))
    assert len(rel.index_of("ida", "event")) == 1
    memory.put_all(["event", "event", "event"], [_event(2), _event(3, holder="bo"), _event(4, meta={"dialogue": True})])
    assert len(rel.index_of("ida", "event")) == 2  # e2 (e4 is a line of dialogue, e3 another holder's)
    assert "e3" not in memory.vectors


class _Note(BaseModel):
    text: str = "?"
    tags: list[str] = Field(default_factory=list)
    _seen: int = PrivateAttr(default=0)


def test_a_makers_objects_are_the_validated_ones_each_with_its_own_sets() -> None:
    make = maker(EventMemory, ("id", "holder", "tick", "time", "what", "about"))
    a, b = make("e1", "ida", 1, T0, "x", "bo"), make("e2", "ida", 2, T0, "y", None)
    assert a == EventMemory(id="e1", holder="ida", tick=1, time=T0, what="x", about="bo")
    assert a.model_fields_set == {"id", "holder", "tick", "time", "what", "about"}
    a.status = "archived"  # an assignment marks the field set: on this object's set alone
    assert "status" in a.model_fields_set and "status" not in b.model_fields_set
    assert a.meta is not b.meta and a.participants is not b.participants
    empty = maker(_Note, ())
    n, m = empty(), empty()
    assert n == _Note() and n.model_fields_set == set() and type(n.model_fields_set) is set
    n._seen = 3
    assert m._seen == 0 and n.tags is not m.tags
    assert maker(_Note, ("text",))("hi") == _Note(text="hi")


def test_touch_many_journals_and_forgets_as_a_touch_of_each() -> None:
    one, many = MemoryStore(), MemoryStore()
    for memory in (one, many):
        memory.put_all(["event"] * 5, [_event(1), _event(2), _event(3, holder="bo", about="ida"), _event(4),
                                       _event(5, holder="cy")])
        memory.take_changes()
        memory.put(Impression(id="i1", holder="ida", about="bo", text="sly", valence=-0.3, confidence=0.5,
                              tick=1, time=T0))
    touched = [one.events[i] for i in ("e4", "e1", "e3")]
    for e in touched:
        one.touch(e)
    many.touch_many("event", [many.events[i] for i in ("e4", "e1", "e3")])
    assert [(k, i.id) for k, i in one.take_changes()[0]] == [(k, i.id) for k, i in many.take_changes()[0]] \
        == [("impression", "i1"), ("event", "e4"), ("event", "e1"), ("event", "e3")]
    assert one.fold_bounds.unknown == many.fold_bounds.unknown == {"ida", "bo"}
    assert one.fold_bounds.by_holder == many.fold_bounds.by_holder and "cy" in many.fold_bounds.by_holder
    many.touch_many("event", [])
    with pytest.raises(TypeError):
        many.touch_many("event", [many.impressions["i1"]])
    with pytest.raises(ValueError):
        many.touch_many("memo", [])


def test_newest_first_and_recent_read_the_newest() -> None:
    memory = MemoryStore()
    memory.put_all(["event"] * 4, [_event(1), _event(2), _event(3, holder="bo", about="ida"), _event(4)])
    assert [e.id for e in memory.newest_first("ida", "event")] == ["e4", "e2", "e1"]
    assert list(memory.newest_first("nobody", "event")) == [] and list(memory.newest_first("ida", "summary")) == []
    assert [e.id for e in memory.recent("ida", "event", 2)] == ["e2", "e4"]
    assert [e.id for e in memory.recent("ida", "event", 9)] == ["e1", "e2", "e4"]
    assert memory.recent("ida", "event", 0) == [] and memory.recent("nobody", "event", 3) == []
