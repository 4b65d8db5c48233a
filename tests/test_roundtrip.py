"""The store of record: what is saved loads back exactly, and an interrupted run resumes identically."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import townsfolk.sim.engine as sim_engine
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import PREDICATES, Claim
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.engine import Simulation
from townsfolk.sim.log import LogEntry
from townsfolk.sim.playback import play
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.scenario import load_scenario, parse_scenario
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.relationships import KNOWN_KINDS, Cause
from townsfolk.world.world import World

TEAHOUSE = Path(__file__).resolve().parent.parent / "scenarios" / "teahouse.yaml"
_db_numbers = itertools.count()


# --- a canonical view of everything a run holds -----------------------------------------------------
def canon(world: World, memory: MemoryStore) -> dict[str, Any]:
    return {
        "title": world.title, "language": world.language, "seed": world.seed,
        "clock": world.clock.model_dump(mode="json"),
        "characters": {cid: c.model_dump(mode="json") for cid, c in world.characters.items()},
        "edges": [e.model_dump(mode="json") for e in sorted(world.graph.edges(), key=lambda e: e.key)],
        "facts": [f.model_dump(mode="json") for f in world.facts],
        "memory": {kind: {item.id: item.model_dump(mode="json") for k, item in memory.all_items() if k == kind}
                   for kind in ("event", "belief", "summary", "impression")},
        "vectors": {i: bytes(memoryview(v).cast("B")) for i, v in sorted(memory.vectors.items())},
        "counters": dict(world.counters),
        "rng": world.rng_state(),
    }


def memory_order(world: World, memory: MemoryStore) -> dict[str, Any]:
    """What order-sensitive queries return: each holder's items in order, and the latest impression."""
    people = sorted(world.characters)
    return {
        "order": {h: {"events": [e.id for e in memory.events_of(h)],
                      "beliefs": [b.id for b in memory.beliefs_of(h, held_only=False)],
                      "impressions": [i.id for i in memory.impressions_of(h)]} for h in people},
        "latest_impression": {f"{h}>{a}": (imp.id if (imp := memory.impression(h, a)) else None)
                              for h in people for a in people},
    }


# --- random worlds built through the real APIs ------------------------------------------------------
text = st.text(max_size=12)
unit = st.floats(0.0, 1.0)
signed = st.floats(-1.0, 1.0)
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), text,
                      st.floats(allow_nan=False, allow_infinity=False))
json_meta = st.dictionaries(st.text(max_size=6), st.one_of(json_leaf, st.lists(json_leaf, max_size=3)), max_size=3)


def build_and_save(data: st.DataObject, db: Path) -> tuple[World, MemoryStore, list[LogEntry]]:
    draw = data.draw
    clock = SimClock(start=draw(st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 1, 1))),
                     tick_length=draw(st.timedeltas(min_value=timedelta(seconds=1), max_value=timedelta(days=3))))
    world = World(clock=clock, seed=draw(st.integers(0, 2**32 - 1)), language=draw(st.sampled_from(["zh", "en"])),
                  title=draw(text))
    n = draw(st.integers(2, 5))
    ids = [f"c{i}" for i in range(n)]
    for cid in ids:
        world.add_character(Character(
            id=cid, name=draw(st.text(min_size=1, max_size=8)), role=draw(text), persona=draw(text),
            traits=draw(st.dictionaries(st.sampled_from(["candour", "exaggeration", "mischief", "talkativeness"]),
                                        unit, max_size=3)),
            is_player=draw(st.booleans())))
    # ids that cross 9 -> 10 or 99 -> 100 within one save are where write order and id order part
    for prefix in ("f", "e", "b", "i", "s"):
        world.counters[prefix] = draw(st.sampled_from([0, 7, 8, 97, 98]))
    person = st.sampled_from(ids)
    maybe_person = st.one_of(st.none(), person)
    memory = MemoryStore()
    log: list[LogEntry] = []
    store = RunStore(db)
    store.create(world, scenario_path="random", scenario_sha="x")

    for _phase in range(draw(st.integers(1, 3))):
        world.clock.tick += draw(st.integers(0, 4))
        now, tick = world.now, world.tick
        entries: list[LogEntry] = []
        # relationships: new edges, then several changes with causes
        for _ in range(draw(st.integers(0, 4))):
            a, b = draw(st.lists(person, min_size=2, max_size=2, unique=True))
            world.graph.set_edge(a, b, draw(st.sampled_from(KNOWN_KINDS)), draw(unit), tick=tick, time=now,
                                 cause=Cause(kind="seed"), reason=draw(text))
        edges = world.graph.edges()
        for _ in range(draw(st.integers(0, 6)) if edges else 0):
            e = draw(st.sampled_from(edges))
            world.graph.adjust(e.source, e.target, e.kind, draw(st.floats(-1.5, 1.5)), tick=tick, time=now,
                               cause=Cause(kind=draw(st.sampled_from(["fact", "event", "belief", "mediation"])),
                                           id=draw(st.one_of(st.none(), text))),
                               reason=draw(text))
        # facts
        for _ in range(draw(st.integers(0, 3))):
            world.record(draw(st.sampled_from(["happen", "say", "retell", "meet", "ask", "reply"])),
                         actor=draw(maybe_person), to=tuple(draw(st.lists(person, max_size=2))),
                         about=draw(maybe_person), text=draw(text), place=draw(st.one_of(st.none(), text)),
                         witnesses=tuple(draw(st.lists(person, max_size=3))), valence=draw(signed),
                         private=draw(st.booleans()), meta=draw(json_meta))
        fact_ids = [f.id for f in world.facts]
        maybe_fact = st.one_of(st.none(), st.sampled_from(fact_ids)) if fact_ids else st.none()
        # memory: events, beliefs, impressions, summaries
        for _ in range(draw(st.integers(0, 4))):
            memory.put(EventMemory(
                id=world.new_id("e"), holder=draw(person), tick=tick, time=now, what=draw(text),
                place=draw(st.one_of(st.none(), text)), participants=draw(st.lists(person, max_size=3)),
                about=draw(maybe_person), importance=draw(unit), valence=draw(signed), intensity=draw(unit),
                source=draw(st.sampled_from(["witnessed", "participated", "said", "heard", "cleared"])),
                fact_id=draw(maybe_fact), player_involved=draw(st.booleans()), private=draw(st.booleans()),
                recalls=draw(st.integers(0, 5)), meta=draw(json_meta)))
        for _ in range(draw(st.integers(0, 4))):
            claim = Claim(about=draw(person), predicate=draw(st.sampled_from(sorted(PREDICATES))),
                          target=draw(maybe_person), severity=draw(unit), said_by=draw(maybe_person),
                          quote=draw(st.one_of(st.none(), text)), hedged=draw(st.booleans()),
                          generalised=draw(st.booleans()))
            memory.put(Belief(
                id=world.new_id("b"), holder=draw(person), claim=claim, text=draw(text),
                source=draw(st.sampled_from(["witnessed", "told", "account", "inferred"])),
                told_by=draw(maybe_person), hops=draw(st.integers(0, 5)), origin_fact_id=draw(maybe_fact),
                via_fact_id=draw(maybe_fact), parent_id=draw(st.one_of(st.none(), st.sampled_from(sorted(memory.beliefs))))
                if memory.beliefs else None, credibility=draw(unit),
                distortion=draw(st.sampled_from(["faithful", "intensify", "generalise", "misattribute"])),
                tick=tick, time=now, private=draw(st.booleans())))
        for _ in range(draw(st.integers(0, 3))):
            memory.put(Impression(id=world.new_id("i"), holder=draw(person), about=draw(person), text=draw(text),
                                  valence=draw(signed), confidence=draw(unit), tick=tick, time=now,
                                  sources=draw(st.lists(text, max_size=2)), private=draw(st.booleans())))
        for _ in range(draw(st.integers(0, 2))):
            memory.put(Summary(id=world.new_id("s"), holder=draw(person), about=draw(maybe_person), text=draw(text),
                               covers=draw(st.lists(text, max_size=3)), importance=draw(unit), valence=draw(signed),
                               tick=tick, time=now, uses=draw(st.integers(0, 3)), private=draw(st.booleans())))
        # later changes to items saved earlier: supersede, recall, forget
        if memory.beliefs and draw(st.booleans()):
            old = memory.beliefs[draw(st.sampled_from(sorted(memory.beliefs)))]
            old.status, old.superseded_reason, old.superseded_tick = "superseded", draw(text), tick
            old.superseded_by = draw(st.one_of(st.none(), st.sampled_from(sorted(memory.beliefs))))
            memory.touch(old)
        if memory.events and draw(st.booleans()):
            ev = memory.events[draw(st.sampled_from(sorted(memory.events)))]
            memory.put(ev.model_copy(update={"recalls": ev.recalls + 1, "status": "archived"}))
        if memory.summaries and draw(st.booleans()):
            memory.delete("summary", draw(st.sampled_from(sorted(memory.summaries))))
        # some randomness used, and the timeline
        world.rng.random(draw(st.integers(0, 3)))
        for _ in range(draw(st.integers(0, 2))):
            entries.append(LogEntry(tick=tick, time=now.isoformat(), kind=draw(st.sampled_from(["say", "edge"])),
                                    who=draw(st.lists(person, max_size=2)), text=draw(text),
                                    ids=draw(json_meta)))
        log += entries
        store.commit_tick(world, memory, entries, finished=False)
    store.engine.dispose()
    return world, memory, log


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_a_saved_world_loads_back_exactly(tmp_path, data):
    db = tmp_path / f"rt{next(_db_numbers)}.db"
    world, memory, log = build_and_save(data, db)
    store = RunStore(db)
    loaded_world, loaded_memory, loaded_log = store.load()
    store.engine.dispose()
    assert canon(loaded_world, loaded_memory) == canon(world, memory)
    assert [e.model_dump(mode="json") for e in loaded_log] == [e.model_dump(mode="json") for e in log]
    # what order-sensitive queries (latest impression, a holder's newest belief) return is kept too
    assert memory_order(loaded_world, loaded_memory) == memory_order(world, memory)
    # the rng continues exactly where it left off
    assert loaded_world.rng.random() == world.rng.random()
    assert loaded_world.rng.integers(0, 2**62) == world.rng.integers(0, 2**62)
    # ids keep counting from where they were
    assert loaded_world.new_id("f") == world.new_id("f")


def test_the_latest_impression_is_still_the_latest_after_loading(tmp_path):
    world = World(clock=SimClock(start=datetime(2026, 1, 1)), seed=1)
    world.add_character(Character(id="a", name="A"))
    world.add_character(Character(id="b", name="B"))
    memory = MemoryStore()
    for i in range(12):  # ids i1..i12 written in one tick
        memory.put(Impression(id=world.new_id("i"), holder="a", about="b", text=f"view {i}", tick=0, time=world.now))
    assert memory.impression("a", "b").text == "view 11"
    store = RunStore(tmp_path / "imp.db")
    store.create(world)
    store.commit_tick(world, memory, [])
    _, loaded, _ = RunStore(tmp_path / "imp.db").load()
    assert loaded.impression("a", "b").text == "view 11"


# --- the teahouse on disk ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def teahouse():
    return load_scenario(TEAHOUSE)


def _use_fast_embedder(mp: pytest.MonkeyPatch) -> None:
    """Resuming is about the store, not about which embedder ranks memories: use the quick one."""
    mp.setattr(sim_engine, "make_embedder", lambda name=None: LexicalEmbedder())


@pytest.fixture
def fast_embedder(monkeypatch):
    _use_fast_embedder(monkeypatch)


def _final(result) -> dict[str, Any]:
    c = canon(result.sim.world, result.sim.memory)
    return {"edges": c["edges"], "beliefs": c["memory"]["belief"], "all": c,
            "order": memory_order(result.sim.world, result.sim.memory),
            "log": [e.model_dump() for e in result.log],
            "results": [r.model_dump() for r in result.results],
            "usage": result.usage.model_dump()}


@pytest.fixture(scope="module")
def uninterrupted(teahouse, tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        _use_fast_embedder(mp)
        result = play(teahouse, db=tmp_path_factory.mktemp("whole") / "whole.db")
    assert result.finished and not result.failed, result.failed
    return _final(result)


def test_teahouse_on_disk_matches_the_run_in_memory(teahouse, fast_embedder, tmp_path):
    db = tmp_path / "teahouse.db"
    result = play(teahouse, db=db)
    assert result.finished and not result.failed
    store = RunStore(db)
    world, memory, log = store.load()
    info = store.run_info()
    store.engine.dispose()
    assert info.finished and info.last_tick == teahouse.last_tick
    assert memory.vectors, "the relevance vectors are saved with their items"
    assert canon(world, memory) == canon(result.sim.world, result.sim.memory)
    assert memory_order(world, memory) == memory_order(result.sim.world, result.sim.memory)
    assert [e.model_dump() for e in log] == [e.model_dump() for e in result.log]
    assert world.rng.random() == result.sim.world.rng.random()
    # per-NPC state kept in arrays (moods) is laid out in character order: it must survive a load
    assert list(world.characters) == list(result.sim.world.characters), "characters reload in another order"


def test_a_run_stopped_early_resumes_to_the_same_end(teahouse, fast_embedder, uninterrupted, tmp_path):
    whole = uninterrupted
    part = play(teahouse, db=tmp_path / "split.db", until=5)
    assert not part.finished and part.ticks == 6
    assert RunStore(tmp_path / "split.db").run_info().last_tick == 5
    resumed = play(teahouse, db=tmp_path / "split.db", resume=True)
    assert resumed.resumed_from == 5 and resumed.finished
    end = _final(resumed)
    assert end["edges"] == whole["edges"]
    assert end["beliefs"] == whole["beliefs"]
    assert end["all"] == whole["all"]
    assert end["order"] == whole["order"]
    assert end["log"] == whole["log"]
    assert end["results"] == whole["results"]
    assert end["usage"] == whole["usage"]


def test_a_crash_keeps_the_committed_ticks_and_resumes_identically(teahouse, fast_embedder, uninterrupted,
                                                                   tmp_path, monkeypatch):
    db = tmp_path / "crash.db"
    real_apply = Simulation.apply

    def crashing_apply(self, beat):
        if self.world.tick == 6:
            raise RuntimeError("power cut")
        return real_apply(self, beat)

    monkeypatch.setattr(Simulation, "apply", crashing_apply)
    with pytest.raises(RuntimeError, match="power cut"):
        play(teahouse, db=db)
    monkeypatch.setattr(Simulation, "apply", real_apply)

    store = RunStore(db)
    info = store.run_info()
    assert info.last_tick == 5 and not info.finished
    world, memory, log = store.load()
    store.engine.dispose()
    assert {e.tick for e in log} <= set(range(6)) and max(e.tick for e in log) == 5
    assert {f.tick for f in world.facts} <= set(range(6))
    assert any(f.tick == 5 and f.kind == "meet" for f in world.facts), "tick 5 was committed"
    assert not any(f.kind == "ask" for f in world.facts), "nothing of tick 6 reached the disk"
    assert world.tick == 5

    resumed = play(teahouse, db=db, resume=True)
    assert resumed.finished and resumed.resumed_from == 5
    assert _final(resumed) == uninterrupted


REPLY_LATER = """\
scenario: reply checked later
language: en
seed: 1
characters:
  ann: {name: Ann}
  bo: {name: Bo}
  you: {name: You, player: true}
relationships:
  - {from: ann, to: bo, kind: partner, strength: 0.8, mutual: true}
timeline:
  - {at: 1, happen: {what: Bo's delivery was late, actor: bo, witnesses: [ann], valence: -0.2}}
  - {at: 2, ask: {player: you, npc: ann, text: "How is Bo?"}}
  - {at: 4, meet: [ann, bo]}
expect:
  - {at: 4, reply: {npc: ann}, mentions: [late]}
"""


def test_a_resumed_run_still_knows_the_replies_given_before_the_interruption(fast_embedder, tmp_path):
    """A reply given before the stop must still count for an expectation checked after resuming."""
    scenario = parse_scenario(REPLY_LATER, "reply_later.yaml")
    whole = play(scenario, db=tmp_path / "whole.db")
    assert [r.ok for r in whole.results] == [True], whole.results
    play(scenario, db=tmp_path / "split.db", until=3)
    resumed = play(scenario, db=tmp_path / "split.db", resume=True)
    assert [(r.ok, r.found) for r in resumed.results] == [(r.ok, r.found) for r in whole.results]
