""""你还记得我吗？" / "Do you remember me?": answered from what the NPC holds of the one asking.

The accusation reader took 你还记得我 for a deed ("哪有这回事，不是我。"), and the context builder
looks for memories matching the words, which name nobody. Here the question is recognised, the
NPC's own memories of the asker (what they did or said with it, newest and weightiest first) are
brought in, and the answer is yes with one of them, or an honest "I don't think we've met".
"""

from __future__ import annotations

import re

from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_ASKS = {"zh": re.compile(r"(?:你|您)(?:还)?(?:记得|认得|认识|记不记得|认不认得|认不认识)我(?:是谁)?(?:吗|么|不|没|了吗|吧)?"
                          r"[？?。！!]*\s*$"),
         "en": re.compile(r"\b(?:(?:do|don't|d'you) you (?:still )?|you )?remember me\b|\bdo you (?:still )?know who I am\b",
                          re.IGNORECASE)}
REMEMBERED = 1  # the one memory of the asker the answer leads with (more would be said in context order)

ANSWERS: dict[str, dict[str, list[str]]] = {
    "zh": {"yes": ["记得，当然记得。", "记得啊，怎么会忘。", "当然记得你。"],
           "no": ["不太记得了，咱们见过吗？", "恕我眼拙，咱们见过？"]},
    "en": {"yes": ["Of course I remember you.", "I do, yes.", "I remember you, yes."],
           "no": ["I'm sorry, I don't think we've met.", "I can't say I do. Have we met?"]},
}


def asks_remember_me(text: str, language: str) -> bool:
    """Whether the words ask if the NPC remembers the speaker."""
    return bool(_ASKS["zh" if language == "zh" else "en"].search(text.strip()))


def memories_of_asker(world: World, memory: MemoryStore, npc: str, asker: str, *, skip: set[str]) -> list[str]:
    """Ids of the NPC's public event memories the asker took part in, the weightiest then newest
    first (what it would say it remembers of them)."""
    found = []
    for e in memory.events_of(npc):
        if e.id in skip or e.private or e.status != "active" or not e.fact_id or e.fact_id not in world.facts:
            continue
        fact = world.facts.get(e.fact_id)
        if fact.actor == asker or e.about == asker or asker in fact.witnesses:
            seen_deed = fact.actor == asker and fact.kind == "happen" and e.source == "witnessed"
            found.append((seen_deed, e.about == asker, e))
    # a deed of the asker's the NPC saw first (mending her roof, a gift), then what is about the
    # asker (our talks), before news of someone else they told me: that one is carried by its
    # belief, which speaks of the other person and so recalls nothing of the asker; then the most
    # strongly felt, then the newest
    found.sort(key=lambda d: (d[0], d[1], d[2].importance * (0.5 + abs(d[2].valence)), d[2].tick, d[2].id),
               reverse=True)
    return [e.id for _, _, e in found[:REMEMBERED]]
