"""'Osk broke the lantern and never said sorry' is news of Osk, not the player apologising.

The apology cue ("sorry", 对不起) fired on a sorry that was reported or denied, so the NPC forgave the
player ("It's all right, really.") and no belief of the broken lantern was formed.
"""

from __future__ import annotations

import re

_REPORTED_SORRY = re.compile(
    r"\b(?:never|not|didn't|did not|won't|wouldn't|doesn't|refused to|without)\s+(?:even\s+)?"
    r"(?:said|say|saying|says)\s+sorry\b|\b(?:he|she|they|\w+) (?:said|says) (?:he|she|they)?\s*(?:was|is|were)?\s*sorry\b"
    r"|\b(?:never|didn't|did not|won't|refused to|without)\s+(?:even\s+)?apologi[sz](?:e|ed|ing)\b"
    r"|(?:没|不肯|不愿|从不|也不)(?:说|道)(?:一句|声|句)?(?:对不起|抱歉|歉)|连(?:一)?句(?:对不起|道歉的话)都没(?:说|有)",
    re.IGNORECASE)


def reported_sorry(words: str) -> bool:
    """Whether the sorry in these words is someone else's (or one never said), not the speaker's own."""
    return bool(_REPORTED_SORRY.search(words))
