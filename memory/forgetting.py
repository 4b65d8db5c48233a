"""Forgetting on purpose: a vectorised pass over every event, plus dormancy for silent pairs.

Retention (memory/retention.py) is computed for all events at once with numpy. Events archived
into a summary go first; unfolded trivia follows; protected memories (strong emotion, big
consequence) and key events with a player last far longer. Summaries never used lose weight;
impressions fade without contact. A pair silent for long keeps only its compressed record.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from operator import attrgetter

import numpy as np
from pydantic import BaseModel, Field

from townsfolk.memory.retention import (
    DEFAULT_PARAMS,
    RetentionParams,
    impression_fade,
    protection_level,
    retention,
)
from townsfolk.memory.store import MemoryStore

ARCHIVED_THRESHOLD = 0.5  # an event already folded into a summary goes once half-forgotten
SUMMARY_DROP = 0.25  # an unused summary goes after about two half-lives ...
SUMMARY_KEEP_IMPORTANCE = 0.8  # ... unless it records something weighty
DORMANT_AFTER = timedelta(days=30)


class ForgetReport(BaseModel):
    removed_events: list[str] = Field(default_factory=list)
    removed_summaries: list[str] = Field(default_factory=list)
    faded_impressions: list[str] = Field(default_factory=list)
    dormant_pairs: list[tuple[str, str]] = Field(default_factory=list)


def _column(events: list, name: str, dtype: type) -> np.ndarray:
    """One field of every event as an array, read in C (no list, no tuple per event)."""
    return np.fromiter(map(attrgetter(name), events), dtype=dtype, count=len(events))


def event_retention(memory: MemoryStore, now: datetime, params: RetentionParams = DEFAULT_PARAMS
                    ) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Ids, retention and archived flag for every event, as arrays."""
    events = list(memory.events.values())
    if not events:
        return [], np.zeros(0), np.zeros(0, dtype=bool)
    # `(now - t).total_seconds()` for each, the same operations mapped in C
    age = np.fromiter(map(timedelta.total_seconds, map(now.__sub__, map(attrgetter("time"), events))),
                      dtype=float, count=len(events))
    importance, emotion = _column(events, "importance", float), _column(events, "intensity", float)
    level = protection_level(importance, emotion, np.array([e.player_involved for e in events]), params)
    r = retention(np.maximum(age, 0.0), importance, emotion, np.array([e.recalls for e in events]), level, params)
    archived = np.array([e.status == "archived" for e in events])
    return list(map(attrgetter("id"), events)), np.asarray(r, dtype=float), archived


def forget_pass(memory: MemoryStore, now: datetime, *, last_contact: dict[tuple[str, str], datetime] | None = None,
                params: RetentionParams = DEFAULT_PARAMS) -> ForgetReport:
    """Drop what has faded; fade summaries and impressions. One numpy pass over all events."""
    report = ForgetReport()
    ids, r, archived = event_retention(memory, now, params)
    if ids:
        drop = np.where(archived, r < ARCHIVED_THRESHOLD, r < params.forget_threshold)
        for i in np.flatnonzero(drop):
            memory.delete("event", ids[i])
            report.removed_events.append(ids[i])
    for s in list(memory.summaries.values()):
        if s.importance >= SUMMARY_KEEP_IMPORTANCE:
            continue  # weighty: kept however faded, so its weight need not be worked out
        idle = (now - s.time).total_seconds()
        exponent = -idle / (params.summary_half_life_s * (1 + s.uses))
        if exponent > -1.99:
            continue  # 2 ** exponent is well above SUMMARY_DROP (2 ** -2): kept
        w = float(np.exp2(exponent))
        if w < SUMMARY_DROP:
            memory.delete("summary", s.id)
            report.removed_summaries.append(s.id)
    grace = params.impression_grace_days
    for imp in memory.impressions.values():
        seen = (last_contact or {}).get((imp.holder, imp.about), imp.time)
        days = max(0.0, (now - seen).total_seconds() / 86400)
        if days - grace <= 0:
            continue  # within the grace period nothing fades (impression_fade gives the confidence back)
        faded = float(impression_fade(imp.confidence, days, params))
        if faded < imp.confidence - 1e-6:
            imp.confidence = round(faded, 4)
            memory.touch(imp)
            report.faded_impressions.append(imp.id)
    return report


def last_contacts(memory: MemoryStore) -> dict[tuple[str, str], datetime]:
    """When each holder last had an event with each other character."""
    out: dict[tuple[str, str], datetime] = {}
    get = out.get
    for e in memory.events.values():
        holder, about, time = e.holder, e.about, e.time
        if about is not None and about != holder:
            last = get((holder, about))
            if last is None or time > last:
                out[(holder, about)] = time
        for other in e.participants:
            if other != holder and other != about and other is not None:
                last = get((holder, other))
                if last is None or time > last:
                    out[(holder, other)] = time
    return out


def compress_dormant(memory: MemoryStore, now: datetime, contacts: dict[tuple[str, str], datetime],
                     *, after: timedelta = DORMANT_AFTER) -> list[tuple[str, str]]:
    """For pairs silent longer than `after`, drop the holder's events with the other, keep the rest."""
    pairs = sorted(k for k, t in contacts.items() if now - t >= after)
    for holder, other in pairs:
        for e in memory.events_of(holder):
            if (other in e.participants or e.about == other) and not e.player_involved:
                memory.delete("event", e.id)
    return pairs
