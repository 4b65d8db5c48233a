"""An NPC asked to keep something to itself says that it will, before anything else.

Code decides that the line is private (memory/privacy.py reads the request; the engine marks the
words private) and code makes the promise, so the player hears it whatever the model does; the
model, told the promise was made, voices only the rest of the reply (agents/pipeline.py).
"""

from __future__ import annotations

import zlib

PROMISES: dict[str, list[str]] = {
    "en": ["I'll keep it to myself.", "Your secret's safe with me.", "Not a word from me, I promise.",
           "It stays between us."],
    "zh": ["放心，我不会跟别人说。", "你放心，我替你保密。", "这事我记在心里，不往外说。", "就咱俩知道，我不说出去。"],
}


def promise(language: str, seed: str) -> str:
    """The NPC's promise to keep it: one of a few, chosen by a stable seed (never the world's rng,
    so a promise made or not cannot shift who believes what)."""
    options = PROMISES["zh" if language == "zh" else "en"]
    return options[zlib.crc32(seed.encode()) % len(options)]
