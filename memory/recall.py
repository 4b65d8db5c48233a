"""Recall: what a character brings to a moment about the people in it.

Impressions first, then summaries, then held beliefs, then the most telling events. Private
items reach only the conversation they came from: another player's private words never surface.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from memory.beliefs import Belief
from memory.events import EventMemory
from memory.impressions import Impression, Summary
from memory.store import MemoryStore
from world.world import World


class Recollection(BaseModel):
    """The items recalled for a moment, layer by layer."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    impressions: list[Impression] = []
    summaries: list[Summary] = []
    beliefs: list[Belief] = []
    events: list[EventMemory] = []

    def ids(self) -> list[str]:
        return [i.id for i in [*self.impressions, *self.summaries, *self.beliefs, *self.events]]


def visible_to(item: EventMemory | Belief | Summary | Impression, viewer: str | None,
               world: World, memory: MemoryStore) -> bool:
    """Private items are shown only when the viewer took part in the moment they came from."""
    if not getattr(item, "private", False):
        return True
    if viewer is None:
        return False
    if isinstance(item, EventMemory):
        return viewer in item.participants
    if isinstance(item, Belief):
        fact_id = item.via_fact_id
        return fact_id is not None and fact_id in world.facts and viewer in world.facts.get(fact_id).participants
    return False


def recall(world: World, memory: MemoryStore, holder: str, subjects: list[str], *,
           viewer: str | None = None, max_events: int = 4) -> Recollection:
    """Gather what the holder remembers and believes about the subjects, most telling first."""
    rec = Recollection()
    # hearing a rumour one no longer believes is not worth bringing up again
    seen_events: set[str] = {e.id for e in memory.events_of(holder) if e.source == "heard" and e.fact_id in {
        b.via_fact_id for b in memory.beliefs_of(holder, held_only=False) if not b.held}}
    for subject in subjects:
        imp = memory.impression(holder, subject)
        if imp and visible_to(imp, viewer, world, memory):
            rec.impressions.append(imp)
        rec.summaries += [s for s in memory.summaries_of(holder, subject)
                          if visible_to(s, viewer, world, memory)]
        rec.beliefs += [b for b in memory.beliefs_of(holder, subject)
                        if visible_to(b, viewer, world, memory) and b.id not in {x.id for x in rec.beliefs}]
        for e in memory.events_of(holder, subject):
            if e.id not in seen_events and e.status == "active" and visible_to(e, viewer, world, memory):
                rec.events.append(e)
                seen_events.add(e.id)
    rec.events.sort(key=lambda e: (-(e.importance + 0.02 * e.tick), e.id))
    rec.events = sorted(rec.events[:max_events], key=lambda e: (e.tick, e.id))
    rec.beliefs.sort(key=lambda b: (b.tick, b.id))
    return rec
