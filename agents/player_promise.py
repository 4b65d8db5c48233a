"""A player's promise is taken up ("I promise I'll bring your net back tomorrow." -> "I'll hold you
to that."), not met with repair filler or "I haven't heard anything about that": the promise intent
was routed to errands, and with no errand to take it, on to 'repair' after a quarrel.

Only a plain promise: a request or a question in the same words goes the usual way, and an apology
with a promise is the apology's ('Sorry, it won't happen again, I promise').
"""

from __future__ import annotations

import zlib

_LINES = {
    "en": {"warm": ["I'll hold you to that.", "Good. I'll hold you to it.", "Then I'll count on it."],
           "cool": ["We'll see. Words are cheap.", "See that you do.", "I'll believe it when I see it."]},
    "zh": {"warm": ["那我可记着了。", "好，说话算话啊。", "那我就等着了。"],
           "cool": ["说得好听，做到再说吧。", "但愿你说到做到。", "嗯，看你的了。"]},
}


def promise_reply(kinds: set[str], text: str, lang: str, *, cool: bool, seed: str) -> str | None:
    """The NPC's word on a player's promise (cooler after a quarrel), or None when it is no plain promise."""
    if "promise" not in kinds or kinds & {"request", "ask_about", "apology", "conflict"}:
        return None
    if text.rstrip().endswith(("?", "？")):
        return None
    pool = _LINES["zh" if lang == "zh" else "en"]["cool" if cool else "warm"]
    return pool[zlib.crc32(f"{seed}|{text}".encode()) % len(pool)]
