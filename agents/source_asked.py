""""Who told you Agatha thinks you're unreliable?" asks the source of a telling, even one set right since.

Found by the third newcomer (K-1, K-7): after a mediation cleared the misheard words, the belief they
made is superseded, retrieval no longer draws on it, and Milo answered "Nobody told me; I saw it
myself" (from a meeting with Agatha) where Jasper had told him; 二柱 likewise. A player asks exactly
this once a misunderstanding is cleared. The grounding now brings in the tellings I heard, held or
set right, that say what the question names.
"""

from __future__ import annotations

import re

from townsfolk.memory.store import MemoryStore

_HAN2 = re.compile(r"[\u4e00-\u9fff]{2}")
_ZH_FUNCTION = set("了的你我他她它是在吗呢吧啊呀么看见到说跟和对这那个谁什么怎有没不就也都还又过着得把被给让从向")
_STOP_EN = {"told", "tell", "said", "says", "that", "this", "with", "where", "hear", "heard", "know", "about", "thinks",
            "think", "your", "yours", "from"}


def shared_words(question: str, text: str, zh: bool) -> int:
    """How much of the question a memory says: shared character pairs (zh) or word stems (en)."""
    if zh:
        grams = {question[i:i + 2] for i in range(len(question) - 1)}
        pairs = sum(1 for g in grams if _HAN2.fullmatch(g) and g in text and g not in ("跟你", "告诉", "你说", "谁跟"))
        # the things named, a character each (那缸酒酸了 of 酒缸…放酸了: one pair, but 缸, 酒 and 酸 all said)
        things = {c for c in question if "\u4e00" <= c <= "\u9fff" and c not in _ZH_FUNCTION and c in text}
        return pairs + len(things) // 2
    stems = {w[:5] for w in re.findall(r"[a-z]{4,}", question.lower()) if w not in _STOP_EN}
    return sum(1 for s in stems if s in text.lower())


def tellings_heard_of(memory: MemoryStore, npc: str, listener: str, question: str, language: str,
                      *, at_least: int = 2) -> list[str]:
    """Ids of the beliefs someone (not the listener) told me, held or set right since, that share most
    with the question (at least `at_least` words or character pairs), best first; none is private."""
    zh = language == "zh"
    told = [b for b in memory.beliefs_of(npc, held_only=False)
            if b.source == "told" and b.told_by and b.told_by != listener and not b.private]
    scored = [(s, b.tick, b.id) for b in told if (s := shared_words(question, b.text, zh)) >= at_least]
    if not scored:
        return []
    best = max(s for s, _, _ in scored)
    return [i for s, _, i in sorted(scored, key=lambda x: (-x[0], -x[1])) if s == best][:2]
