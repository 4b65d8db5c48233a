""""Glad the bell is back, Owen.": a remark on how a thing stands now, met in kind (newcomer N-22).

It was met with "Here's some news:" and the oldest deed of the bell (taking it down), though the NPC's
newest memory of it (bringing it back mended) is what the remark is about. The thing the remark names
is read here; the voice agrees and says its newest memory of that thing.
"""

from __future__ import annotations

import re

_GLAD = {"en": re.compile(r"\b(?:glad|good|nice|great|lovely|pleased)\b[^.!?]{0,20}?\b(?:the |your |our )?(?P<w>[a-z]{3,})"
                          r"(?:'s| is| are|'re)? (?:back|mended|fixed|working|up again|done)\b", re.IGNORECASE),
         "zh": re.compile(r"(?P<w>[\u4e00-\u9fff]{1,2}?)(?:又|总算|终于)?(?:回来了|挂回去了|挂上了|修好了)(?:[，,]?(?:真好|太好了|好啊|就好))"
                          r"|(?:真好|太好了|可算)[，,]?(?P<w2>[\u4e00-\u9fff]{1,2}?)(?:又|总算|终于)?(?:回来了|挂回去了|修好了)")}
AGREE = {"en": ["Yes, good to have it back.", "It's good to have it back, isn't it?"], "zh": ["是啊，我也高兴。", "可不是嘛。"]}


def glad_thing(text: str, language: str) -> str | None:
    """The thing a glad remark is about ("bell", 钟), or None when the words are no such remark."""
    m = _GLAD["zh" if language == "zh" else "en"].search(text)
    if m is None:
        return None
    return m.group("w") if language != "zh" else (m.group("w") or m.group("w2"))
