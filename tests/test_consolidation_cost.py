"""Consolidation builds its drafts, summaries and impressions without validating them again: what it
writes must be what the validated constructors would have written, field for field."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

import townsfolk.memory.consolidation as consolidation
from townsfolk.memory.consolidation import (
    ImpressionDraft,
    SummaryDraft,
    consolidate,
    foldable,
    offline_impression,
    offline_summary,
)
from townsfolk.memory.events import EventMemory
from townsfolk.memory.fold_bound import folds
from townsfolk.memory.store import MemoryStore

T0 = datetime(2026, 3, 2, 8, 0)
NAMES = {"a": "Ada", "b": "Bram", "c": "Cal", "d": "Dot"}


def _events(round_: int) -> list[EventMemory]:
    """A round of the holder's memories: four about b (heard, said, seen; two tellers), three about c."""
    out = []
    for j, (source, teller) in enumerate((("heard", "c"), ("said", None), ("heard", "d"), ("witnessed", None))):
        n = 10 * round_ + j
        out.append(EventMemory(id=f"e{n}", holder="a", tick=n, time=T0 + timedelta(minutes=5 * n),
                               what=f"Bram was late again ({round_}.{j})", about="b", source=source, importance=0.4,
                               valence=-0.3 + 0.1 * j, fact_id=f"f{n}" if j % 2 else None,
                               meta={"teller": teller} if teller else {}))
    out += [EventMemory(id=f"e{10 * round_ + 5 + j}", holder="a", tick=round_, time=T0 + timedelta(hours=round_ + j),
                        what="Cal helped", about="c", source="witnessed", importance=0.5, valence=0.5) for j in range(3)]
    return out


def _exact(m) -> tuple:  # noqa: ANN001
    """What a model is, to the byte: its JSON, the fields set, and each field's place and type."""
    return m.model_dump_json(), m.model_fields_set, [(k, type(v)) for k, v in m.__dict__.items()]


def _fold() -> list:
    """Three rounds, each folded: the first makes impressions of b and c, the others move them."""
    memory, ids, out = MemoryStore(), iter(range(1000)), []

    def summary_writer(d: SummaryDraft) -> str:
        out.append(_exact(d))
        return offline_summary(d)

    def impression_writer(d: ImpressionDraft) -> str:
        out.append(_exact(d))
        return offline_impression(d)

    for round_ in range(3):
        for e in _events(round_):
            memory.put(e)
        done = consolidate(memory, "a", names=NAMES, language="en", tick=round_, now=T0 + timedelta(days=round_),
                           new_id=lambda p: f"{p}{next(ids)}", prior=lambda h, a: 0.25,
                           summary_writer=summary_writer, impression_writer=impression_writer)
        assert len(done.summaries) == 2
        out += [_exact(m) for m in (*done.summaries, *done.impressions)]
    return out + [_exact(m) for _, m in memory.all_items()]


def test_the_unvalidated_objects_are_the_validated_ones(monkeypatch):
    fast = _fold()
    assert any('"text":"Today' in dump for dump, *_ in fast)  # summaries were written
    drafts = []
    for name, cls, order in (("_summary", consolidation.Summary, consolidation._SUMMARY_FIELDS),
                             ("_impression", consolidation.Impression, consolidation._IMPRESSION_FIELDS),
                             ("_summary_draft", consolidation.SummaryDraft, consolidation._SUMMARY_DRAFT_FIELDS),
                             ("_impression_draft", consolidation.ImpressionDraft,
                              consolidation._IMPRESSION_DRAFT_FIELDS)):
        def validated(*values, cls=cls, order=order):  # noqa: ANN002, ANN202
            made = cls(**dict(zip(order, values, strict=True)))
            drafts.append(made)
            return made
        monkeypatch.setattr(consolidation, name, validated)
    assert _fold() == fast
    assert len(drafts) == 3 * 2 * 3 + 2  # per fold two drafts and a summary; two new impressions


def test_words_that_are_not_a_string_are_refused_as_before():
    with pytest.raises(ValidationError):
        memory = MemoryStore()
        for e in _events(0):
            memory.put(e)
        consolidate(memory, "a", names=NAMES, language="en", tick=0, now=T0, new_id=lambda p: p,
                    summary_writer=lambda d: None)  # type: ignore[arg-type,return-value]


def _all_foldable(memory: MemoryStore, holder: str) -> dict[str, list[EventMemory]]:
    """The long way: every one of the holder's events read."""
    groups: dict[str, list[EventMemory]] = {}
    for e in memory.events_of(holder):
        if folds(e, holder):
            groups.setdefault(e.about, []).append(e)  # type: ignore[arg-type]
    return groups


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_the_walk_from_the_newest_finds_what_reading_everything_finds(seed):
    rng = np.random.default_rng(seed)
    memory, ids, n = MemoryStore(), iter(range(100_000)), 0
    people = ["a", "b", "c", "d"]
    for tick in range(60):
        for _ in range(int(rng.integers(1, 5))):
            n += 1
            holder, about = (people[int(i)] for i in rng.choice(4, size=2, replace=False))
            kind = rng.random()
            memory.put(EventMemory(id=f"e{n}", holder=holder, tick=tick, time=T0 + timedelta(minutes=5 * tick),
                                   what=f"thing {n}", about=about if kind > 0.1 else holder,
                                   source=str(rng.choice(["heard", "said", "witnessed", "told"])),
                                   importance=float(rng.choice([0.1, 0.3, 0.5])), private=bool(kind > 0.93),
                                   meta={"dialogue": True} if 0.1 < kind < 0.15 else {}))
        if rng.random() < 0.1 and memory.events:  # changed in place, or forgotten: the bound is unknown
            e = memory.events[str(rng.choice(list(memory.events)))]
            if rng.random() < 0.5:
                e.status, e.importance = "active", min(1.0, e.importance + 0.4)
                e.meta.pop("absorbed_by", None)
                memory.touch(e)
            else:
                memory.delete("event", e.id)
        for holder in people:
            assert foldable(memory, holder) == _all_foldable(memory, holder)
        for holder in sorted(memory.touched_holders):
            consolidate(memory, holder, names=NAMES, language="en", tick=tick, now=T0 + timedelta(minutes=5 * tick),
                        new_id=lambda p: f"{p}{next(ids)}")
        memory.touched_holders.clear()
