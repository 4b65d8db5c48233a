""""What did I tell you about Mabel?" / 我跟你说过刘婶什么？ asks the NPC for the asker's own words, nothing else.

Found playing an apothecary of my own: Rowan, told in confidence what Wren thought of Mabel, answered
"Hm. Where to start. You told me that ... I mixed up two jars and Gideon's cough syrup came out bitter."
(the asker's words and then the day's story, as a recap). What they told me is the answer, in their
person ("You told me that you think ..."); when they told me nothing of it, that is said.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem

_ASKS = {"en": re.compile(r"\bwhat (?:did|have) I (?:tell|told|say|said)(?: to)? you\b|\bwhat I (?:told|said to) you\b"
                          r"|\bdo you remember what I (?:told you|said)\b", re.IGNORECASE),
         "zh": re.compile(r"我(?:跟|和|对|给)(?:你|您)(?:说|讲|提)(?:过|了)(?:关于)?[\u4e00-\u9fff]{0,5}?(?:些)?(?:什么|啥)|(?:还)?记得我(?:跟你|对你)?(?:说|讲)(?:过)?(?:的)?(?:什么|啥|话)")}
NONE = {"en": ["You haven't told me anything about {about}.", "Nothing about {about} that I recall."],
        "zh": ["你没跟我说过{about}什么啊。", "关于{about}，你没跟我提过。"]}
NONE_AT_ALL = {"en": ["You haven't told me anything yet.", "Nothing that I recall."],
               "zh": ["你还没跟我说过什么呢。", "没说过什么吧。"]}


def asks_what_you_told(question: str, language: str) -> bool:
    """The question asks what the asker told me."""
    return bool(_ASKS["zh" if language == "zh" else "en"].search(question))


def told_by_asker(items: list[GroundingItem], subjects: set[str]) -> list[GroundingItem]:
    """The asker's words I hold (about those asked after, when someone is named), oldest first."""
    theirs = [g for g in items if g.kind == "belief" and g.meta.get("from_listener")
              and (not subjects or g.about in subjects)]
    return sorted(theirs, key=lambda g: int(g.meta.get("tick", 0)))
