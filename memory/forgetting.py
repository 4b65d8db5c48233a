"""Forgetting on purpose: a vectorised pass over every event, plus dormancy for silent pairs.

Retention (memory/retention.py) is computed for all events at once with numpy. Events archived
into a summary go first; unfolded trivia follows; protected memories (strong emotion, big
consequence) and key events with a player last far longer. Summaries never used lose weight;
impressions fade without contact. A pair silent for long keeps only its compressed record.
"""

from __future__ import annotations

from datetime import datetime, timedelta

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


def event_retention(memory: MemoryStore, now: datetime, params: RetentionParams = DEFAULT_PARAMS
                    ) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Ids, retention and archived flag for every event, as arrays."""
    events = list(memory.events.values())
    if not events:
        return [], np.zeros(0), np.zeros(0, dtype=bool)
    age = np.array([(now - e.time).total_seconds() for e in events], dtype=float)
    importance = np.array([e.importance for e in events])
    emotion = np.array([e.intensity for e in events])
    recalls = np.array([e.recalls for e in events])
    player = np.array([e.player_involved for e in events])
    level = protection_level(importance, emotion, player, params)
    r = retention(np.maximum(age, 0.0), importance, emotion, recalls, level, params)
    archived = np.array([e.status == "archived" for e in events])
    return [e.id for e in events], np.asarray(r, dtype=float), archived


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
        idle = (now - s.time).total_seconds()
        w = float(np.exp2(-idle / (params.summary_half_life_s * (1 + s.uses))))
        if w < SUMMARY_DROP and s.importance < SUMMARY_KEEP_IMPORTANCE:
            memory.delete("summary", s.id)
            report.removed_summaries.append(s.id)
    for imp in memory.impressions.values():
        seen = (last_contact or {}).get((imp.holder, imp.about), imp.time)
        days = max(0.0, (now - seen).total_seconds() / 86400)
        faded = float(impression_fade(imp.confidence, days, params))
        if faded < imp.confidence - 1e-6:
            imp.confidence = round(faded, 4)
            memory.touch(imp)
            report.faded_impressions.append(imp.id)
    return report


def last_contacts(memory: MemoryStore) -> dict[tuple[str, str], datetime]:
    """When each holder last had an event with each other character."""
    out: dict[tuple[str, str], datetime] = {}
    for e in memory.events.values():
        for other in {*e.participants, e.about} - {None, e.holder}:
            key = (e.holder, other)  # type: ignore[assignment]
            if key not in out or e.time > out[key]:
                out[key] = e.time  # type: ignore[index]
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
