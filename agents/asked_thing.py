"""'Have you heard about the lamp?' asks about one thing: an NPC that holds nothing of the lamp says
an honest no, not a recap of the net it talked about before (the question looked like a news
question, so any memory was recapped).
"""

from __future__ import annotations

import re

_THING = {"en": re.compile(r"\b(?:heard|know|knew|hear) (?:anything |something )?(?:about|of) (?:the|a|an|your|that) "
                           r"([a-z]+(?: [a-z]+)?)", re.IGNORECASE),
          "zh": re.compile(r"(?:听说|知道)(?:过)?(?:了)?(.{1,6}?)(?:的事|那件事)?(?:了)?吗")}


def asked_thing(question: str, lang: str) -> str | None:
    """The one thing a 'have you heard about the X?' question names, or None."""
    m = _THING["zh" if lang == "zh" else "en"].search(question)
    return m.group(1).strip() if m else None
