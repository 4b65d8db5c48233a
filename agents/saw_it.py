""""Did you see what happened with the handbills?" / "绸子染花的时候你在场吗？" asked of a witness.

Found by the newcomer (N-4): Wren, who saw Gus misprint the handbills, said "No, not that I've
heard." to "Did you see ...?" while "What happened ...?" got the story. The answer comes from what
the NPC saw itself: yes, it was there, and what it saw; or, when it only heard of it, that it was
not there, and what it heard from whom.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem

_ASKS_SAW = {"en": re.compile(r"\b(?:did|have) you (?:ever )?(?:see|seen|witness(?:ed)?|watch|notice|catch)\b"
                              r"|\bwere you (?:there|around|present|about|in the room)\b", re.IGNORECASE),
             "zh": re.compile(r"(?:你|您)(?:当时)?(?:亲眼)?(?:看见|看到|瞧见|见到|目睹)|(?:你|您)(?:当时)?(?:在场|在不在)")}
SAW_IT = {"en": ["I did; I saw it myself.", "Yes, I was there."],
          "zh": ["看见了，我当时就在。", "我在场，亲眼看见的。"]}
NOT_THERE = {"en": ["No, I wasn't there.", "No, I didn't see it myself."],  # then whom I had it from
             "zh": ["我当时不在场。", "没有，我没亲眼看见。"]}
FIRST_HAND = ("witnessed", "participated")


def asks_if_i_saw(question: str, language: str) -> bool:
    """The question asks whether I saw it, or was there."""
    return bool(_ASKS_SAW["zh" if language == "zh" else "en"].search(question))


def seen_myself(items: list[GroundingItem]) -> list[GroundingItem]:
    """What I saw (or took part in) among what the reply may draw on, events before beliefs."""
    found = [g for g in items if g.kind in ("event", "belief") and g.meta.get("source") in FIRST_HAND]
    return sorted(found, key=lambda g: g.kind != "event")
