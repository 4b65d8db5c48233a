"""Consolidation hands the offline writers a draft's fields without building the draft (memory/consolidation.py):
what it writes must be what the same writers write from the draft, field for field, for any mix of events."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.memory.consolidation import (
    MIN_EVENTS,
    SUMMARY_THRESHOLD,
    ImpressionDraft,
    SummaryDraft,
    consolidate,
    offline_impression,
    offline_summary,
    ripe_holders,
)
from townsfolk.memory.events import EventMemory
from townsfolk.memory.store import MemoryStore

T0 = datetime(2026, 3, 2, 8, 0)
PEOPLE = ["a", "b", "c", "d"]
NAMES = {"a": "Ada", "b": "Bram", "c": "Cal", "d": "Dot"}
WHAT = ["Bram was late again", "Cal helped with the harvest", "Dot lied about the price", "Ada said hello",
        'Cal told me: "Bram was late"', "Bram broke the cart", "小梁又迟到了"]


def _run(seed: int, language: str, wrapped: bool) -> list:
    """Sixty ticks of random memories, each holder consolidated as the engine does; every item at the end."""
    rng = np.random.default_rng(seed)
    memory, ids, n = MemoryStore(), iter(range(100_000)), 0
    if wrapped:  # the general path: a writer that is not the offline one is given the draft

        def summary_writer(d: SummaryDraft) -> str:
            return offline_summary(d)

        def impression_writer(d: ImpressionDraft) -> str:
            return offline_impression(d)
    else:
        summary_writer, impression_writer = offline_summary, offline_impression  # type: ignore[assignment]
    for tick in range(60):
        for _ in range(int(rng.integers(1, 6))):
            n += 1
            holder, about = (PEOPLE[int(i)] for i in rng.choice(4, size=2, replace=False))
            source = str(rng.choice(["heard", "said", "witnessed", "participated", "heard"]))
            meta: dict = {}
            if source == "heard" and rng.random() < 0.8:
                meta["teller"] = str(rng.choice(PEOPLE + ["stranger"]))
            if rng.random() < 0.3:
                meta["predicate"] = str(rng.choice(["late", "helpful", "dishonest", "remark"]))
            repeat = rng.random() < 0.3  # the same thing again, seen and heard
            memory.put(EventMemory(id=f"e{n}", holder=holder, tick=tick, time=T0 + timedelta(hours=3 * tick),
                                   what=str(rng.choice(WHAT)), about=about, source=source,
                                   importance=float(rng.choice([0.2, 0.4, 0.6, 0.9])),
                                   valence=float(rng.choice([-0.8, -0.3, -0.1, 0.0, 0.2, 0.6])),
                                   fact_id="f1" if repeat else (f"f{n}" if rng.random() < 0.6 else None), meta=meta))
        for holder in ripe_holders(memory, memory.touched_holders):
            consolidate(memory, holder, names=NAMES, language=language, tick=tick,
                        now=T0 + timedelta(hours=3 * tick), new_id=lambda p: f"{p}{next(ids)}",
                        summary_writer=summary_writer, impression_writer=impression_writer,
                        prior=lambda h, a: 0.4 if a == "c" else -0.2, checked=True)
        memory.touched_holders.clear()
    return [(kind, item.model_dump_json(), item.model_fields_set) for kind, item in memory.all_items()]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["en", "zh"]))
def test_the_offline_writers_write_the_same_without_the_draft(seed, language):
    fast = _run(seed, language, wrapped=False)
    assert any(kind == "summary" for kind, *_ in fast)
    assert fast == _run(seed, language, wrapped=True)


def _holders_with_memories(seed: int) -> tuple[MemoryStore, list[str]]:
    rng = np.random.default_rng(seed)
    memory = MemoryStore()
    holders = [f"h{i}" for i in range(30)]
    for n in range(200):
        holder = holders[int(rng.integers(30))]
        memory.put(EventMemory(id=f"e{n}", holder=holder, tick=0, time=T0, what="x",
                               about=str(rng.choice(PEOPLE)), source="heard",
                               importance=float(rng.choice([0.1, 0.3, 0.5]))))
    if rng.random() < 0.5:
        memory.touch(memory.events[f"e{int(rng.integers(200))}"])  # one holder's bound unknown
    return memory, holders


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_ripe_holders_are_those_the_bounds_do_not_rule_out(seed):
    memory, holders = _holders_with_memories(seed)
    expected = sorted(h for h in holders if not memory.fold_bounds.nothing_to_fold(h, SUMMARY_THRESHOLD, MIN_EVENTS))
    assert ripe_holders(memory, reversed(holders)) == expected


def test_a_fold_reads_past_a_long_newer_history_and_journals_in_write_order():
    """What could fold lies behind many newer events that cannot (private ones): the walk from the
    newest back still finds it; the journal keeps the summary, its archived events, the impression."""
    memory = MemoryStore()
    for n in range(3):
        memory.put(EventMemory(id=f"old{n}", holder="a", tick=n, time=T0 + timedelta(hours=n), what=WHAT[0],
                               about="b", source="witnessed", importance=0.5))
    for n in range(40):
        memory.put(EventMemory(id=f"p{n}", holder="a", tick=5, time=T0, what="x", about="c", source="witnessed",
                               importance=0.5, private=True))
    memory.take_changes()
    ids = iter(range(100))
    done = consolidate(memory, "a", names=NAMES, language="en", tick=9, now=T0 + timedelta(days=1),
                       new_id=lambda p: f"{p}{next(ids)}")
    assert [s.covers for s in done.summaries] == [["old0", "old1", "old2"]]
    assert [(k, i.id) for k, i in memory.take_changes()[0]] == [
        ("summary", "s0"), ("event", "old0"), ("event", "old1"), ("event", "old2"), ("impression", "i1")]
    assert "a" not in memory.fold_bounds.unknown and all(memory.events[f"old{n}"].status == "archived" for n in range(3))


def test_a_moved_impression_is_set_as_pydantic_sets_it():
    """The fields a summary moves are written past pydantic's setattr: the same values, and each one
    counted as set (what `exclude_unset` dumps and a save keeps)."""
    from townsfolk.memory.consolidation import update_impression
    from townsfolk.memory.impressions import Impression, Summary

    memory = MemoryStore()
    memory.put(Impression(id="i0", holder="a", about="b", text="hard to say", tick=1, time=T0))
    memory.take_changes()
    summary = Summary(id="s0", holder="a", about="b", text="Bram was late", importance=0.8, valence=-0.4, tick=2,
                      time=T0)
    old = update_impression(memory, summary, names=NAMES, language="en", tick=3, now=T0 + timedelta(days=1),
                            new_id=lambda p: p)
    assert old.id == "i0" and old.sources == ["s0"] and old.tick == 3 and old.time == T0 + timedelta(days=1)
    assert abs(old.confidence - 0.7) < 1e-12 and old.valence < 0 and isinstance(old.text, str)
    assert {"text", "valence", "confidence", "tick", "time", "sources"} <= old.model_fields_set
    assert old.model_dump(exclude_unset=True)["confidence"] == old.confidence
    assert Impression.model_validate(old.model_dump()) == old
    assert [(k, i.id) for k, i in memory.take_changes()[0]] == [("impression", "i0")]
