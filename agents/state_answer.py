"""A player answering "how are you?": "I'm fine, thanks" / "挺好的，谢谢" is news of how they are.

Its "thanks" is courtesy, not gratitude for something done: "You're welcome." to it reads as if the
NPC had not listened. Such a line is met as an answer ("Glad to hear it." / "那就好。"), and "And
you?" / "你呢？" after it gets the NPC's own state back.
"""

from __future__ import annotations

import re

_STATE_EN = re.compile(
    r"^\s*(?:oh,?\s*|well,?\s*|yes,?\s*)?(?:i'?m|i am|i've been|doing|all|feeling|not (?:bad|too bad)|fine|good|well|great|"
    r"can'?t complain|pretty|very|much|better|surviving|grand|tired|busy)\b[^?]{0,40}?"
    r"\b(?:thanks|thank you|cheers)\b(?!\s+(?:for|to)\b)", re.IGNORECASE)
_STATE_ZH = re.compile(r"^\s*(?:我(?:挺|还|很|蛮|都|也)?(?:好|行|不错|凑合|可以|没事|累)|(?:挺|还|很|蛮|都|也)(?:好|行|不错|可以|累)|"
                       r"不错|凑合|马马虎虎|老样子|没事)[^？?]{0,12}?(?:谢谢|多谢|谢啦)(?![你您]?(?:告诉|帮|提醒|送))")
_ASKED_BACK_EN = re.compile(r"\b(?:and|how about|what about) (?:you|yourself)\b", re.IGNORECASE)
_ASKED_BACK_ZH = re.compile(r"你呢|您呢|你怎么样|你还好吗|你最近好吗")


def is_state_answer(text: str, language: str) -> bool:
    """Whether the line says how the speaker is, with a courtesy "thanks" ("I'm fine, thanks")."""
    return bool((_STATE_ZH if language == "zh" else _STATE_EN).search(text) or _STATE_EN.search(text))


def asks_back(text: str, language: str) -> bool:
    """Whether the state answer turns the question round ("And you?" / "你呢？")."""
    return bool((_ASKED_BACK_ZH if language == "zh" else _ASKED_BACK_EN).search(text))
