"""One summary per pair and day, and no copies: what a new fold of the same pair rolls into.

Folds run whenever enough has gathered, so one day's tellings about the same person became two
"Today, ..." summaries, and a month of daily chats wrote the same "Over 7 days, 8 things with
Agatha, nothing special" week after week, each shown and recalled. A fold now finds the pair's last
summary: one written the same day is folded again with the new events (its events are still held,
archived), and one saying word for word what the new one says is superseded by it.
"""

from __future__ import annotations

from datetime import datetime

from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Summary
from townsfolk.memory.store import MemoryStore

LOOK_BACK = 8  # the holder's newest summaries looked at: a fold's pair is nearly always among them


def last_of_pair(memory: MemoryStore, holder: str, about: str) -> Summary | None:
    """The holder's newest summary about `about` among its few newest, if a fold wrote it (a
    making-up's summary is its own record: nothing rolls over it)."""
    for i, s in enumerate(memory.newest_first(holder, "summary")):
        if i >= LOOK_BACK:
            break
        d = s.__dict__
        if d["about"] != about or d["status"] != "active":
            continue
        covers = d["covers"]
        return None if d["private"] or "cleared" in covers or "aired" in covers else s
    return None


def same_day_events(memory: MemoryStore, summary: Summary, now: datetime) -> list[EventMemory] | None:
    """The events a summary written today folded, oldest first, when all are still held (else None:
    it is not folded again)."""
    if summary.time.date() != now.date():
        return None
    events = memory.events
    out = []
    for c in summary.covers:
        e = events.get(c)
        if e is None or e.meta.get("absorbed_by") != summary.id:
            return None
        out.append(e)
    return out


def supersede(memory: MemoryStore, old: Summary, new: Summary) -> None:
    """`old` gives way to `new`, which covers what it covered."""
    old.status, old.superseded_by = "superseded", new.id
    memory.touch(old)
