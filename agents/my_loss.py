"""What was taken from me, asked of me ("你丢了什么东西？", "Who took it?"; session 25, 自流井).

The one robbed held "何飞义顺走了我的一包盐巴" (witnessed, the deed done to her), yet "你丢了什么东西？"
got "这个我不太清楚。" and "谁拿的？" "这事我没听说过。": no word of the question is in the memory
(丢 is not 顺走), so nothing was found to answer from (newcomer K-45: "What was stolen from you?" ->
"I don't really know anything about that."). Now such a question brings my newest held beliefs of a
thing taken or spoilt that was mine, and the answer is that memory.
"""

from __future__ import annotations

import re

from townsfolk.memory.store import MemoryStore

_ASKS = {
    "zh": re.compile(r"(?:你|您)(?:的)?(?:东西)?(?:丢了|被偷了|被人偷了|被拿走了|少了)(?:什么|啥|些什么)?"
                     r"|谁(?:拿|偷|顺走|拿走|偷走)了?(?:你的|您的)?(?:东西)?|被谁(?:偷|拿|顺)"),
    "en": re.compile(r"\bwhat (?:was|got|did they|did he|did she) (?:stolen|taken|steal|take) from you\b|\bwhat did you lose\b"
                     r"|\bwho (?:stole|took) (?:it|them|your|from you)\b|\bwhat was taken\b", re.IGNORECASE),
}
# deeds done to what was mine: taken, kept, spoilt
TAKEN = ("theft", "took_unasked", "kept_borrowed", "damaged")


def asks_my_loss(question: str, language: str) -> bool:
    return bool(_ASKS["zh" if language == "zh" else "en"].search(question))


def taken_from_me(memory: MemoryStore, npc: str, limit: int = 2) -> list[str]:
    """Ids of my newest memories of a thing of mine taken or spoilt (nothing private), newest first: the
    event of seeing it for what I saw (a seen belief is said by its event), else the belief I was told."""
    mine = [b for b in memory.beliefs_of(npc) if b.claim.obj == npc and b.claim.predicate in TAKEN
            and not b.claim.negated and not b.private]
    seen = {e.fact_id: e.id for e in memory.events_of(npc) if e.source == "witnessed" and e.fact_id}
    out = [seen.get(b.origin_fact_id, b.id) if b.source == "witnessed" else b.id
           for b in sorted(mine, key=lambda b: -b.tick)]
    return list(dict.fromkeys(out))[:limit]
