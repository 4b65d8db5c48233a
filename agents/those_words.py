""""Did you tell Bessie that Ned is careless?" of one who told her only that Ned forgot the stove: not in those words.

Found by the newcomer (L-8): Agatha answered "I did, yes. I told Bessie that Ned forgot the stove again
this morning." - owning the very word ("careless") the player was trying to trace to its teller. When
the question says what I said as a blaming word my words do not carry (read by the predicate cues of
each), the telling is owned as made, not in the question's words.
"""

from __future__ import annotations

import re

from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.memory.predicates import INVENTORY

NOT_THOSE_WORDS = {"en": ["Not in those words.", "I never said that, not like that."],
                   "zh": ["我可没这么说。", "原话不是这样的。"]}
# what the question says I said: after "that" / 说 (the claim put to me)
_SAID_PART = {"en": re.compile(r"\b(?:that|say|said|call(?:ed)?)\s+(?P<claim>.+?)\s*\??\s*$", re.IGNORECASE),
              "zh": re.compile(r"(?:说|讲)(?:过)?(?P<claim>[^？?]+?)(?:吗|么|没有|了吗|是不是)?\s*[？?]?\s*$")}


def not_in_those_words(question: str, my_words: str, language: str) -> bool:
    """Whether the question puts a blaming word to me that my words did not carry."""
    m = _SAID_PART["zh" if language == "zh" else "en"].search(question)
    if m is None:
        return False
    asked, said = read_by_cues(m.group("claim")), read_by_cues(my_words)
    if asked is None or asked.negated:
        return False
    spec = INVENTORY.get(asked.key)
    if spec is None or not spec.blames_subject:
        return False
    return said is None or said.key != asked.key
