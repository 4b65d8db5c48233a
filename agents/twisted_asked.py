""""Who twisted it?" / 当初是谁把话传歪的？ / 谁添油加醋了？ asks who made a story worse on the way to me.

Found by the newcomer (N-8): after a mediation set 阿全 right (秀芝 had said only 有点马虎; 小六 told him
一向马虎), 阿全 said 我还真不知道 of who twisted the words. What I know of it is my own: a telling I
was given that has since been set right (superseded) and the telling that set it right; its teller is
who twisted it. A telling never set right is not known to me as twisted, however the engine made it.
"""

from __future__ import annotations

import re

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.store import MemoryStore

_ASKS = {"en": re.compile(r"\bwho (?:twisted|garbled|exaggerated|embellished|blew (?:it|that|this) up|changed (?:the|her|his|my) words"
                          r"|made (?:it|that|this|the story) (?:sound )?worse|added to (?:it|the story)|put words in)\b", re.IGNORECASE),
          "zh": re.compile(r"谁(?:把话)?(?:给)?(?:传歪|传错|说歪|传走了?样|说走了?样|添油加醋|加油添醋|夸大|添了油|加了醋)"
                           r"|(?:话|这话)?是谁(?:给)?(?:传歪|传走样|传错|添油加醋)|把话传歪的?是谁")}
TWISTED = {"en": {"by": "{teller} did.", "none": "Nobody that I know of; what I was told, I was told straight."},
           "zh": {"by": "是{teller}把话传歪了。", "none": "没谁传歪吧，我听到的就是原话。"}}


def asks_who_twisted(question: str, language: str) -> bool:
    return bool(_ASKS["zh" if language == "zh" else "en"].search(question))


def twisted_tellings(memory: MemoryStore, npc: str) -> list[Belief]:
    """Tellings to me set right since, that were not told as heard: newest first."""
    out = [b for b in memory.beliefs_of(npc, held_only=False)
           if b.source == "told" and b.told_by and b.status == "superseded" and b.distortion not in (None, "faithful")]
    return sorted(out, key=lambda b: b.tick, reverse=True)


def set_right_by(memory: MemoryStore, npc: str, twisted: Belief) -> Belief | None:
    """The held telling of the same happening that set it right (the one the words came from, told as said)."""
    people = {twisted.claim.about, twisted.claim.said_by, twisted.claim.target} - {None}
    same = [b for b in memory.beliefs_of(npc) if b.id != twisted.id and b.source in ("told", "witnessed", "account")
            and b.tick >= twisted.tick and b.told_by != twisted.told_by
            and ((b.origin_fact_id is not None and b.origin_fact_id == twisted.origin_fact_id)
                 or len(people & {b.claim.about, b.claim.said_by, b.claim.target}) >= 2)]
    return max(same, key=lambda b: b.tick, default=None)
