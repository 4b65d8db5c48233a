""""王婶嘴可真快" / "She has a loose tongue, that one": a remark on someone's gossiping, met as a remark.

Found in session 26: 小梅 met 王婶嘴可真快 with 真的？ and Tess met "She has a loose tongue, that one" with
"Oh, is that so?", as if the player brought news to weigh. It is an opinion of someone the NPC knows: it
agrees when that one has carried tales to it (and says the newest), takes their part when they are close
(a friend, family, a warm impression), and otherwise says it could not say. Never an accusation: a remark on
the listener's own tongue ("You've a loose tongue") is an insult (rude_reply.py), not this.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from townsfolk.agents.llm.protocol import GroundingItem

_TONGUE = {"en": re.compile(r"\b(?:loose|wagging|long|sharp) tongue\b|\btongue (?:wags|never stops)\b|\bbig mouth\b"
                            r"|\bblabbermouth\b|\bchatterbox\b|\btattle-?tale\b|\btalks? too much\b|\bloves? (?:a|to) gossip\b"
                            r"|\b(?:a|such a|an awful|a terrible|a dreadful|a real|the village|the town) gossip\b"
                            r"|\bcan(?:'t|not) keep (?:a secret|(?:his|her|their) mouth shut|anything to (?:him|her|them)sel(?:f|ves))\b"
                            r"|\bspreads? (?:tales|rumou?rs|gossip)\b|\bcarr(?:y|ies) tales\b", re.IGNORECASE),
           "zh": re.compile(r"嘴(?:可|真|太|也太|可真|就是|是|也|巴)?(?:真)?(?:快|碎|不严|没个?把门|松)|长舌|嚼舌根|碎嘴|大嘴巴|藏不住话"
                            r"|爱(?:传|说|嚼)(?:闲话|是非|舌头)|(?:到处|四处)(?:传话|乱说|嚼)|快嘴|管不住(?:自己的)?嘴")}
_YOURS = {"en": re.compile(r"\byou(?:'ve| have|'re| are)? (?:got )?(?:such )?(?:a )?(?:loose|long|big|sharp)"
                           r"|\byour (?:tongue|mouth)\b|\byou (?:talk|gossip|spread|carry|can't keep)\b"
                           r"|\b(?:who|which one)\b", re.IGNORECASE),
          "zh": re.compile(r"(?:你|您)(?:的)?(?:这张|那张)?嘴|(?:你|您)(?:这个|这)?(?:长舌|碎嘴|大嘴巴)|谁")}
_CLOSE_TIE = 0.25  # a tie this warm (a friend's, family's; not a neighbour's), and strong, is one whose part I take
WORDS = {"en": {"agree": ["That's true enough.", "You're not wrong there."],
                "defend": ["{name} likes a chat, I'll grant you, but there's no malice in it.",
                           "That's just {name}'s way; no harm is meant by it."],
                "unknown": ["I wouldn't know; {name} has never told me much.", "Can't say; {name} doesn't tell me much."]},
         "zh": {"agree": ["可不是嘛，{name}那张嘴是快。", "这话不假。"],
                "defend": ["{name}是爱说几句，可没什么坏心。", "{name}就那个脾气，心眼不坏。"],
                "unknown": ["这我说不好，{name}没跟我说过什么。", "说不好，{name}跟我没说过几句话。"]}}


def is_tongue_remark(text: str, language: str) -> bool:
    """The words remark on a third person's gossiping (not the listener's: that is an insult)."""
    lang = "zh" if language == "zh" else "en"
    return bool(_TONGUE[lang].search(text)) and not _YOURS[lang].search(text)


def tongue_answer(items: list[GroundingItem], name: str, language: str, pick: Callable[[list[str]], str],
                  say: Callable[[GroundingItem], str | None]) -> str:
    """My answer to a remark on `name`'s tongue, from what I hold of them: the tales they carried to me
    (agree, and the newest said by ``say``), a close tie or warm impression (their part), or nothing."""
    lang = "zh" if language == "zh" else "en"
    tie = next((g for g in items if g.kind == "tie" and g.meta.get("about_name") == name), None)
    impression = next((g for g in items if g.kind == "impression" and g.meta.get("about_name") == name), None)
    close = (tie is not None and tie.valence >= _CLOSE_TIE and float(tie.meta.get("strength", 0)) >= 0.5) \
        or (impression is not None and impression.valence >= 0.3)
    if close:
        return pick(WORDS[lang]["defend"]).format(name=name)
    carried = [g for g in items if g.kind == "belief" and g.meta.get("teller_name") == name
               and not g.meta.get("from_listener")]
    if not carried:
        return pick(WORDS[lang]["unknown"]).format(name=name)
    newest = max(carried, key=lambda g: int(g.meta.get("tick", 0)))
    line = say(newest)
    agree = pick(WORDS[lang]["agree"]).format(name=name)
    return ("" if lang == "zh" else " ").join([agree, line]) if line else agree
