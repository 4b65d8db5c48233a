"""A telling's shortcuts give what the long way gave: objects built without a second validation equal
validated ones, the quote pass that looks only at quotation marks equals the loop over every
character, and consolidation that skips a holder with nothing to fold writes what a full look writes."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, PrivateAttr

from townsfolk.agents.grammar_en import inner_quotes as inner_quotes_en
from townsfolk.agents.grammar_zh import inner_quotes as inner_quotes_zh
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.consolidation import consolidate
from townsfolk.memory.events import EventMemory
from townsfolk.memory.fold_bound import FoldBounds
from townsfolk.memory.perception import remember, trust_in
from townsfolk.memory.store import MemoryStore
from townsfolk.world.bare import bare, copied
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

T0 = datetime(2026, 3, 2, 9)


def _world(n: int = 5) -> World:
    world = World(clock=SimClock(start=T0, tick_length=timedelta(hours=3)), seed=3, language="en")
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}"))
    return world


def _same(a, b) -> None:  # noqa: ANN001
    assert a == b
    assert a.model_dump_json() == b.model_dump_json()
    assert list(a.__dict__) == list(b.__dict__)
    assert a.model_fields_set == b.model_fields_set
    assert a.__pydantic_private__ == b.__pydantic_private__


def test_bare_objects_equal_validated_ones():
    fact = {"id": "f1", "tick": 2, "time": T0, "kind": "retell", "actor": "n0", "to": ("n1",), "about": "n2",
            "text": "Npc2 was late", "valence": -0.3, "meta": {"basis": "b1", "distortion": "faithful"}}
    _same(bare(Fact, fact), Fact(**fact))
    event = {"id": "e1", "holder": "n1", "tick": 2, "time": T0, "what": "w", "participants": ["n0", "n1"],
             "about": "n2", "importance": 0.4, "valence": -0.18, "intensity": 0.18, "source": "heard"}
    _same(bare(EventMemory, event), EventMemory(**event))
    assert bare(EventMemory, event).meta == {} and bare(EventMemory, event).meta is not bare(EventMemory, event).meta
    claim = Claim(about="n2", predicate="late", severity=0.3)
    belief = {"id": "b1", "holder": "n1", "claim": claim, "text": "Npc2 was late", "source": "told", "told_by": "n0",
              "hops": 2, "credibility": 0.51, "tick": 2, "time": T0}
    _same(bare(Belief, belief), Belief(**belief))
    try:
        bare(Fact, {"id": "f2"})
    except TypeError as e:
        assert "missing" in str(e)
    else:
        raise AssertionError("a missing field must be an error")


def test_world_record_validates_what_is_not_already_its_type():
    world = _world()
    own = world.record("say", actor="n0", to=("n1",), text="hi", valence=0.5)
    loose = world.record("say", actor="n0", to=["n1"], text="hi", valence=1)  # a list and an int: validated
    assert own.to == loose.to == ("n1",) and isinstance(loose.to, tuple)
    assert isinstance(loose.valence, float) and loose.model_dump_json().count('"valence":1.0') == 1


def test_remember_validates_an_int_importance():
    world, memory = _world(), MemoryStore()
    fact = world.record("happen", actor="n0", witnesses=("n1",), text="Npc0 mended the roof", valence=0.4)
    e = remember(world, memory, "n1", fact, "I saw Npc0 mend the roof", source="witnessed", about="n0", importance=1)
    assert isinstance(e.importance, float) and '"importance":1.0' in e.model_dump_json()


def test_trust_is_the_strongest_warm_tie():
    world = _world()
    g = world.graph
    assert trust_in(world, "n0", "n1") == 0.5  # strangers
    g.set_edge("n0", "n1", "rival", 0.9, tick=0, time=T0, cause=Cause(kind="seed"))
    g.set_edge("n0", "n1", "neighbour", 0.3, tick=0, time=T0, cause=Cause(kind="seed"))
    g.set_edge("n0", "n1", "friend", 0.6, tick=0, time=T0, cause=Cause(kind="seed"))
    expected = max(e.strength for e in g.edges_between("n0", "n1") if world.warm_tie(e.kind))
    assert trust_in(world, "n0", "n1") == expected == 0.6


def _quotes_en_by_char(text: str) -> str:
    """grammar_en.inner_quotes as it was: every character looked at."""
    out, depth = [], 0
    for i, ch in enumerate(text):
        if ch == '"':
            opening = i == 0 or text[i - 1] in " (:“'" or depth == 0
            if opening and not (depth > 0 and (i + 1 == len(text) or text[i + 1] in " .,;:)!?\"")):
                out.append('"' if depth == 0 else "‘")
                depth += 1
                continue
            depth = max(0, depth - 1)
            out.append('"' if depth == 0 else "’")
        else:
            out.append(ch)
    return "".join(out)


class _WithPrivate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    a: int
    b: str = "x"
    _kept: int = PrivateAttr(default=3)


class _WithExtra(BaseModel):
    model_config = ConfigDict(extra="allow")
    a: int


def test_copied_is_model_copy_with_update():
    claim = Claim(about="n2", predicate="late", severity=0.3, said_by="n1", hedged=True)
    for update in ({"said_by": "n3", "quote": None}, {"generalised": True, "severity": 0.45}, {}):
        _same(copied(claim, update), claim.model_copy(update=update))
        assert copied(claim, update).model_fields_set == claim.model_copy(update=update).model_fields_set
    private = _WithPrivate(a=1)
    private._kept = 7
    _same(copied(private, {"b": "y"}), private.model_copy(update={"b": "y"}))
    assert copied(private, {}).__pydantic_private__ is not private.__pydantic_private__
    extra = _WithExtra(a=1, z=2)
    _same(copied(extra, {"a": 5, "w": 1}), extra.model_copy(update={"a": 5, "w": 1}))
    assert copied(extra, {"w": 1}).__pydantic_extra__ == {"z": 2, "w": 1}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=list("ab \"'(:.,;)!?"), max_size=16))
def test_an_english_quotation_without_inner_quotes_is_left_as_it_is(words):
    """_Tick.quoted's shortcut: words holding no double quote come back in their two marks unchanged."""
    if '"' not in words:
        assert inner_quotes_en(f'"{words}"') == f'"{words}"'


def _quotes_zh_by_char(text: str) -> str:
    out, depth = [], 0
    for ch in text:
        if ch == "“":
            out.append("“" if depth == 0 else "『")
            depth += 1
        elif ch == "”" and depth > 0:
            depth -= 1
            out.append("”" if depth == 0 else "』")
        else:
            out.append(ch)
    return "".join(out)


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=list("ab \"'(:“”.,;)!?我说"), max_size=24))
def test_quote_passes_equal_the_loop_over_every_character(text):
    assert inner_quotes_en(text) == _quotes_en_by_char(text)
    assert inner_quotes_zh(text) == _quotes_zh_by_char(text)


class _AlwaysLook(FoldBounds):
    """Never skips: the long way, to compare with."""

    def nothing_to_fold(self, holder: str, threshold: float, min_events: int) -> bool:
        return False


def _fold_run(memory: MemoryStore, seed: int) -> list[str]:
    world = _world(4)
    rng = np.random.default_rng(seed)
    out: list[str] = []
    for tick in range(1, 40):
        world.clock.tick = tick
        for _ in range(int(rng.integers(1, 4))):
            a, b, c = (f"n{int(i)}" for i in rng.choice(4, size=3, replace=False))
            fact = world.record("happen", actor=a, witnesses=(b,), text=f"Npc{a[1]} was late again", valence=-0.3)
            remember(world, memory, b, fact, f"I saw Npc{a[1]} come late", source="witnessed", about=a,
                     importance=float(rng.choice([0.2, 0.35, 0.5])))
            if rng.random() < 0.3:  # private, about oneself, dialogue: never folded
                remember(world, memory, c, fact, "quietly", source="heard", about=a, importance=0.5,
                         meta={"dialogue": True})
            if rng.random() < 0.1 and memory.events_of(b):  # an event changed in place (a recall, an erasure)
                e = memory.events_of(b)[0]
                e.importance = min(1.0, e.importance + 0.4)
                e.status = "active"
                memory.touch(e)
        for holder in sorted(memory.touched_holders):
            done = consolidate(memory, holder, names=world.names(), language="en", tick=tick, now=world.now,
                               new_id=world.new_id)
            out += [s.model_dump_json() for s in done.summaries] + [i.model_dump_json() for i in done.impressions]
        memory.touched_holders.clear()
    out += [e.model_dump_json() for e in memory.events.values()]
    return out


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_consolidation_skipping_a_holder_writes_what_a_full_look_writes(seed):
    looked = MemoryStore()
    looked.fold_bounds = _AlwaysLook()
    skipped = MemoryStore()
    assert _fold_run(skipped, seed) == _fold_run(looked, seed)
