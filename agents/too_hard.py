""""You were too hard on the boy." / 你对二柱太凶了: a reproach for how I treated someone, not news.

Found by the third newcomer (K-12): Agatha, told she had been too hard on her apprentice, answered
"Fine weather for it." Now the NPC answers for itself: it owns some of it when it does hold something
against them (and says what), or wonders whether it was, when it holds nothing.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem

_ASKS = {"en": re.compile(r"\byou(?:'ve| have)? (?:were|been|are|'re)? ?(?:(?:a bit|a little|rather|too|so|very|awfully|"
                          r"really) )*(?:hard|harsh|rough|strict|tough|unfair|unkind|mean|cruel|sharp) (?:on|with|to)\b",
                          re.IGNORECASE),
         "zh": re.compile(r"(?:你|您)(?:对|跟)[^，,。？?]{1,8}?(?:也)?(?:太|有点|有些|过于|那么|这么|真)(?:凶|严|狠|苛刻|过分|不公平|刻薄|冷淡)")}
PHRASES = {"en": {"owned": ["Perhaps I was.", "Maybe I was, at that."], "wondered": ["Was I? I didn't mean to be.",
                                                                                       "I didn't think I was."]},
           "zh": {"owned": ["也许是有点。", "可能是说重了些。"], "wondered": ["有吗？我没觉得。", "我没那个意思啊。"]}}


def reproached_for_treatment(question: str, language: str) -> bool:
    return bool(_ASKS["zh" if language == "zh" else "en"].search(question))


def treatment_answer(items: list[GroundingItem], subjects: set[str], language: str, pick_index: int) -> tuple[str, list[GroundingItem]]:
    """The opener (owned or wondered) and what I hold against them that it stands on, worst first."""
    lang = "zh" if language == "zh" else "en"
    against = sorted((g for g in items if g.about in subjects and g.kind in ("event", "belief", "summary")
                      and g.valence < -0.1 and not g.meta.get("dialogue")), key=lambda g: g.valence)
    options = PHRASES[lang]["owned" if against else "wondered"]
    return options[pick_index % len(options)], against[:1]
