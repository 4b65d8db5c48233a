"""A player disputing what someone said ("That's not what Agatha said.", "Agatha never said that.",
王婶可不是这么说的): the NPC stands by what it heard from them, and says it again.

It was met with "You think so?" or "Oh? Agatha, you say.", and stored as the player's remark, which came back
as "You told me that That's not what Agatha said." The one who heard it holds their words: it says them
again so the player can set them right (a correction weighed as such is the plea's and the vouch's work);
one who heard nothing from them says so.
"""

from __future__ import annotations

import re

_EN = (r"(?:that'?s|that is|it'?s|it is|this is)\s+not\s+what\s+(?P<n>{names})\s+(?:said|says|told you|told me|meant)"
       r"|(?P<n2>{names})\s+(?:never\s+said|didn't\s+say|did not\s+say)\s+(?:that|so|any such thing|anything of the kind)")
_ZH = r"(?P<n>{names})(?:可|并|才|根本)?(?:不是这么说的|不是这样说的|没这么说|没这样说|没说过这话|不是这个意思)"
# the same words are a retort, not news: never said back as "You told me that ..."
RETORT = {"en": re.compile(r"^\W*(?:that'?s|that is|it'?s|it is|this is)\s+not\s+what\b|\b(?:never\s+said|didn't\s+say|did not\s+say)\s+"
                           r"(?:that|so|any such thing|anything of the kind)\s*[.!?]?\s*$", re.I),
          "zh": re.compile(r"不是这么说的|不是这样说的|没这么说|没这样说|没说过这话")}
STAND_BY = {"en": ["That's what I heard, though.", "Well, it's what I was told."],
            "zh": ["我听到的就是这样。", "反正我听到的是这么回事。"]}
HEARD_NOTHING = {"en": "I couldn't say what {name} said; {name} never told me anything of it.",
                 "zh": "{name}说了什么我不清楚，{name}没跟我说过这事。"}


def disputed_speaker(text: str, lang: str, names: list[str]) -> str | None:
    """The name whose words the player says were not as told, or None."""
    said = [re.escape(n) for n in sorted({n for full in names if full for n in (full, full.split()[0])}, key=len, reverse=True)]
    if not said:
        return None
    rx = (_ZH if lang == "zh" else _EN).format(names="|".join(said))
    m = re.search(rx, text, 0 if lang == "zh" else re.I)
    if m is None:
        return None
    found = m.group("n") or m.groupdict().get("n2") or ""
    return next((full for full in names if full and (found == full or found == full.split()[0])), found)


def is_retort(text: str, lang: str) -> bool:
    """Whether the player's words dispute a report rather than tell something."""
    return bool(RETORT["zh" if lang == "zh" else "en"].search(text))
