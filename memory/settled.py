"""What a making-up settles: the bad stretch before it is kept in the making-up's summary.

Without this, the holder's cold meeting and the slip it was about waited unfolded, and the next
fold (often the very next friendly meeting) summed them into "Today, 4 things with Milo, not a good
stretch" written after the two had made up, and moved the impression down for it. A mediation's
summary is the record of that stretch: the holder's unfolded events with the other person that went
against them are archived into it (what the holder saw is still a belief; only the fold is spared).
"""

from __future__ import annotations

from townsfolk.memory.events import EventMemory
from townsfolk.memory.fold_bound import folds
from townsfolk.memory.impressions import Summary
from townsfolk.memory.store import MemoryStore


def _puzzle(e: EventMemory) -> bool:
    """A coldness the holder could not explain (never folded, `folds`): the making-up explains it."""
    return bool(e.meta.get("puzzled")) and e.status == "active" and not e.private


def settle_into(memory: MemoryStore, summary: Summary) -> list[str]:
    """Archive the holder's unfolded events about the summary's subject that went badly, as covered
    by `summary` (already stored); the ids archived, oldest first."""
    holder, other = summary.holder, summary.about
    settled = [e for e in memory.events_of(holder)
               if e.about == other and e.valence < 0 and e.tick <= summary.tick
               and (folds(e, holder) or _puzzle(e))]
    for e in settled:
        if not set(e.participants) - {holder, other}:  # (a telling from a third party stays active, only covered:
            e.status = "archived"  # it is our last word with them, and forgetting reads contacts from events; archived,
        e.meta["absorbed_by"] = summary.id  # it was forgotten early and the silent pair never went dormant)
    if settled:
        memory.touch_many("event", settled)
        summary.covers = [*summary.covers, *(e.id for e in settled)]
        memory.touch(summary)
    return [e.id for e in settled]
