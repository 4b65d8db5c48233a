""""What did you see this morning?" / 你今天看见什么了？ asks what I saw with my own eyes: my newest
witnessed events, said as I saw them.

Found by the second newcomer (M-3): Isolde, the one witness of Cal taking the nets, answered "Can't
say I know, I'm afraid."; the question shares no word with what she saw, so nothing she saw was
drawn on. The grounding now brings in what I saw of late, and the voice says it.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.agents.source_asked import shared_words
from townsfolk.memory.store import MemoryStore

_ASKS = {"en": re.compile(r"\bwhat (?:did|have|had) you (?:just )?(?:see|seen|saw|witness(?:ed)?|notice(?:d)?|spot(?:ted)?|find|found|"
                          r"discover(?:ed)?)\b"
                          r"|\bwhat (?:was it|is it) (?:that )?you saw\b|\bdid you see anything\b", re.IGNORECASE),
         "zh": re.compile(r"(?:你|您)(?:今天|今早|早上|上午|下午|刚才|昨天|昨晚|那天){0,2}(?:都|可)?(?:看见|看到|瞧见|见到|撞见|发现|找到)(?:了|过)?"
                          r"(?:什么|啥|些什么)")}
NOTHING = {"en": "Nothing out of the ordinary, that I noticed.", "zh": "没看见什么特别的。"}
FIRST_HAND = ("witnessed", "participated")


def asks_what_i_saw(question: str, language: str) -> bool:
    return bool(_ASKS["zh" if language == "zh" else "en"].search(question))


def seen_lately(memory: MemoryStore, npc: str, limit: int = 2) -> list[str]:
    """Ids of the newest things I saw or took part in (not conversations, nothing private), newest first."""
    out: list[str] = []
    for e in reversed(memory.events_of(npc)):
        if e.source in FIRST_HAND and not e.private and not e.meta.get("dialogue") and not e.meta.get("message"):
            out.append(e.id)
            if len(out) >= limit:
                break
    return out


def seen_of(memory: MemoryStore, npc: str, question: str, language: str, limit: int = 1) -> list[str]:
    """Ids of what I saw that the question names by its thing, not its people ("那缸酒酸了你看见了吗？": the
    soured vat; third newcomer K-5 got 这个我不太清楚 from the one witness): most words shared first."""
    seen = [e for e in memory.events_of(npc) if e.source in FIRST_HAND and not e.private
            and not e.meta.get("dialogue") and not e.meta.get("message")]
    scored = sorted(((n, -e.tick, e.id) for e in seen if (n := shared_words(question, e.what, language == "zh")) >= 2),
                    key=lambda x: (-x[0], x[1]))
    return [i for _, _, i in scored[:limit]]


def seen_items(items: list[GroundingItem]) -> list[GroundingItem]:
    """What I saw among what the reply may draw on, newest first."""
    seen = [g for g in items if g.kind == "event" and g.meta.get("source") in FIRST_HAND and not g.meta.get("filler")]
    return sorted(seen, key=lambda g: -int(g.meta.get("tick", 0)))
