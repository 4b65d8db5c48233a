"""The tellings between me and someone, fetched when a question asks after them.

"你跟孙大夫说了什么？" asks what I said to 孙大夫 (N-34): my own telling to him must be among the memories
the answer draws on, whatever words the context ranked by. "What did Hattie tell you?" (N-6, N-10, N-50)
asks what she told me: her tellings to me, and mine to her for when there are none. "你跟谁说过这事？"
(N-28) asks whom I told: my tellings of late.
"""

from __future__ import annotations

from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

SAID_KINDS = ("say", "tell", "retell")


def sayings_to(world: World, memory: MemoryStore, npc: str, to: str, limit: int = 3) -> list[str]:
    """Ids of my own tellings about others to `to`, newest first (not my replies, nothing private)."""
    out: list[str] = []
    for e in reversed(memory.events_of(npc)):
        fact = world.facts.get(e.fact_id) if e.source == "said" and e.fact_id and e.fact_id in world.facts else None
        if fact is not None and fact.actor == npc and fact.kind in SAID_KINDS and fact.about and not e.private \
                and to in fact.to:
            out.append(e.id)
            if len(out) >= limit:
                break
    return out
