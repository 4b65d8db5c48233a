"""An NPC asked to keep something to itself says that it will, before anything else.

Code decides that the line is private (memory/privacy.py reads the request; the engine marks the
words private) and code makes the promise, so the player hears it whatever the model does; the
model, told the promise was made, voices only the rest of the reply (agents/pipeline.py).
"""

from __future__ import annotations

import re
import zlib

from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

PROMISES: dict[str, list[str]] = {
    "en": ["I'll keep it to myself.", "Your secret's safe with me.", "Not a word from me, I promise.",
           "It stays between us."],
    "zh": ["放心，我不会跟别人说。", "你放心，我替你保密。", "这事我记在心里，不往外说。", "就咱俩知道，我不说出去。"],
}


def promise(language: str, seed: str) -> str:
    """The NPC's promise to keep it: one of a few, chosen by a stable seed (never the world's rng,
    so a promise made or not cannot shift who believes what)."""
    options = PROMISES["zh" if language == "zh" else "en"]
    return options[zlib.crc32(seed.encode()) % len(options)]


# "你刚才答应我什么了？" a turn after the promise (newcomer N-52: 我还真不知道。): the NPC remembers what it said
_ASKS_PROMISE = {"en": re.compile(r"\bwhat (?:did|have) you (?:just )?promised?(?: me)?\b|\bwhat was (?:it|that) you promised\b"
                                  r"|\b(?:do you )?remember what you promised\b|\byou promised me something\b", re.IGNORECASE),
                 "zh": re.compile(r"(?:你|您)(?:刚才|刚刚|之前|方才|上回)?(?:答应|许诺|保证)(?:过|了)?(?:我)?(?:什么|啥|的事)"
                                  r"|(?:你|您)(?:还)?记得(?:你)?(?:答应|保证)(?:过)?我(?:什么|啥|的事)")}
KEPT = {"en": "I promised to keep it to myself, and I will.", "zh": "答应替你保密，放心，我不会往外说。"}


def asks_what_i_promised(text: str, language: str) -> bool:
    """The words ask what I promised them."""
    return bool(_ASKS_PROMISE["zh" if language == "zh" else "en"].search(text))


def promise_reminder(world: World, memory: MemoryStore, npc: str, speaker: str, text: str) -> str | None:
    """'I promised to keep it to myself' when the speaker asks what I promised and a reply of mine
    to them began with that promise; None otherwise."""
    lang = "zh" if world.language == "zh" else "en"
    if not asks_what_i_promised(text, lang):
        return None
    made = tuple(PROMISES[lang])
    for e in reversed(memory.events_of(npc)):
        fact = world.facts.get(e.fact_id) if e.source == "said" and e.fact_id and e.fact_id in world.facts else None
        if fact is not None and fact.kind == "reply" and speaker in fact.to and fact.text.startswith(made):
            return KEPT[lang]
    return None
