"""Who may see a memory: private items reach only those who were part of the moment they came from."""

from __future__ import annotations

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.world.world import World


def visible_to(item: EventMemory | Belief | Summary | Impression, viewer: str | None, world: World) -> bool:
    """Public items are visible to all; private ones only to a viewer who took part."""
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
