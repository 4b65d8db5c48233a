"""A player's statement can say two things of someone: "Rufus owes me ten pounds and I think he
drinks too much." Each clause is read on its own, so the debt is not dropped for the drinking
(one claim per statement kept only the strongest reading).
"""

from __future__ import annotations

import re

JOIN = {"en": re.compile(r",?\s+(?:and|but|also)\s+(?:(?:I think|I reckon|I guess|I'd say|maybe)\s+)?", re.IGNORECASE),
         "zh": re.compile(r"[，,]?\s*(?:而且|并且|还有|另外)(?:我觉得|我看)?")}
_LEAD_PRONOUN = {"en": re.compile(r"^\s*(?:he|she|they)\b", re.IGNORECASE), "zh": re.compile(r"^\s*[他她]")}


def clauses(text: str, lang: str, name: str) -> list[str]:
    """The statement's clauses after the first, a leading he/she put back as `name` (the one the
    first clause is about); [] when the statement is one clause."""
    key = "zh" if lang == "zh" else "en"
    parts = [p.strip() for p in JOIN[key].split(text.strip().rstrip("。.!！")) if p and p.strip()]
    out = []
    for part in parts[1:]:
        lead = _LEAD_PRONOUN[key].match(part)
        if lead is not None:
            part = name + ("" if key == "zh" else " ") + part[lead.end():].lstrip()
        out.append(part)
    return out
