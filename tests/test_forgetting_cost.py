"""The daily forgetting pass reads every event's fields in C and skips work whose answer is known
(a weighty summary, an impression within its grace period): it must forget, fade and find the same
contacts as reading everything one by one did."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.memory.events import EventMemory
from townsfolk.memory.forgetting import (
    ARCHIVED_THRESHOLD,
    SUMMARY_DROP,
    SUMMARY_KEEP_IMPORTANCE,
    forget_pass,
    last_contacts,
)
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.retention import DEFAULT_PARAMS, impression_fade, protection_level, retention
from townsfolk.memory.store import MemoryStore

T0 = datetime(2026, 3, 2, 8, 0)


def _store(seed: int, days: int) -> MemoryStore:
    rng = np.random.default_rng(seed)
    memory, people = MemoryStore(), [f"n{i}" for i in range(6)]

    def when() -> datetime:
        return T0 + timedelta(seconds=int(rng.integers(0, days * 86400)), microseconds=int(rng.integers(0, 10**6)))

    for i in range(300):
        holder, about, other = (people[int(j)] for j in rng.choice(6, size=3))
        memory.put(EventMemory(id=f"e{i}", holder=holder, tick=i, time=when(), what="x",
                               about=None if rng.random() < 0.1 else about,
                               participants=[other, holder][: int(rng.integers(0, 3))],
                               importance=float(rng.random()), intensity=float(rng.random() * 0.6),
                               player_involved=bool(rng.random() < 0.05), recalls=int(rng.integers(0, 3)),
                               status="archived" if rng.random() < 0.5 else "active"))
    for i in range(60):
        memory.put(Summary(id=f"s{i}", holder=people[i % 6], about=people[(i + 1) % 6], text="s", tick=0, time=when(),
                           importance=float(rng.choice([0.3, 0.79, 0.8, 1.0])), uses=int(rng.integers(0, 3))))
    for i, (holder, about) in enumerate((a, b) for a in people for b in people if a != b):
        memory.put(Impression(id=f"i{i}", holder=holder, about=about, text="i", tick=0, time=when(),
                              confidence=float(rng.random())))
    return memory


def _contacts_the_long_way(memory: MemoryStore) -> dict:
    out: dict = {}
    for e in memory.events.values():
        for other in {*e.participants, e.about} - {None, e.holder}:
            if (e.holder, other) not in out or e.time > out[(e.holder, other)]:
                out[(e.holder, other)] = e.time
    return out


def _forget_the_long_way(memory: MemoryStore, now: datetime, contacts: dict) -> tuple[list, list, list]:
    p, events = DEFAULT_PARAMS, list(memory.events.values())
    age = np.array([(now - e.time).total_seconds() for e in events], dtype=float)
    importance, emotion = np.array([e.importance for e in events]), np.array([e.intensity for e in events])
    level = protection_level(importance, emotion, np.array([e.player_involved for e in events]), p)
    r = retention(np.maximum(age, 0.0), importance, emotion, np.array([e.recalls for e in events]), level, p)
    archived = np.array([e.status == "archived" for e in events])
    drop = np.where(archived, r < ARCHIVED_THRESHOLD, r < p.forget_threshold)
    events_gone = [events[i].id for i in np.flatnonzero(drop)]
    summaries_gone = [s.id for s in memory.summaries.values()
                      if float(np.exp2(-(now - s.time).total_seconds() / (p.summary_half_life_s * (1 + s.uses))))
                      < SUMMARY_DROP and s.importance < SUMMARY_KEEP_IMPORTANCE]
    faded = []
    for imp in memory.impressions.values():
        days = max(0.0, (now - contacts.get((imp.holder, imp.about), imp.time)).total_seconds() / 86400)
        f = float(impression_fade(imp.confidence, days, p))
        if f < imp.confidence - 1e-6:
            faded.append((imp.id, round(f, 4)))
    return events_gone, summaries_gone, faded


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 20, 90, 400]))
def test_the_daily_pass_forgets_what_reading_everything_forgets(seed, days):
    memory, now = _store(seed, days), T0 + timedelta(days=days)
    contacts = last_contacts(memory)
    assert contacts == _contacts_the_long_way(memory)
    expected = _forget_the_long_way(memory, now, contacts)
    report = forget_pass(memory, now, last_contact=contacts)
    faded = [(i, memory.impressions[i].confidence) for i in report.faded_impressions]
    assert (report.removed_events, report.removed_summaries, faded) == expected
    # the long runs do forget (at 90 days a store whose impressions were all touched lately fades none of them)
    assert days < 90 or report.removed_events
    assert days < 400 or report.faded_impressions
