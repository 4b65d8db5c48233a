"""'Osk broke the lantern and never said sorry' is news of Osk, not the player apologising.

The apology cue ("sorry", 对不起) fired on a sorry that was reported or denied, so the NPC forgave the
player ("It's all right, really.") and no belief of the broken lantern was formed. So did a sorry
the player carries from someone else ("Cal wanted me to say he's sorry", 老周让我跟你说对不起): the NPC
answered "Let's say no more about it." to the messenger, as if they had done the wrong. A relayed
sorry is news of its source (a told `apologised` belief, the tie warmed a little, its teller named).
"""

from __future__ import annotations

import re

_NEVER_SORRY = re.compile(
    r"\b(?:never|not|didn't|did not|won't|wouldn't|doesn't|refused to|without)\s+(?:even\s+)?"
    r"(?:said|say|saying|says)\s+sorry\b"
    r"|\b(?:never|didn't|did not|won't|refused to|without)\s+(?:even\s+)?apologi[sz](?:e|ed|ing)\b"
    r"|(?:没|不肯|不愿|从不|也不)(?:说|道)(?:一句|声|句)?(?:对不起|抱歉|歉)|连(?:一)?句(?:对不起|道歉的话)都没(?:说|有)",
    re.IGNORECASE)
_SAID_SORRY = re.compile(r"\b(?:he|she|they|\w+) (?:said|says) (?:he|she|they)?\s*(?:was|is|were)?\s*sorry\b", re.IGNORECASE)


# someone else's sorry carried by the speaker: "he's sorry", "Cal wanted me to say he's sorry", "she sends
# her apologies", "he has apologised"; zh 老周让我跟你说对不起 / 托我给你赔个不是 / 他已经道歉了 / 他说他对不起你
_RELAYED_SORRY = re.compile(
    r"\b(?:he|she|they)(?:'s|'re| is| was| are| were)\s+(?:(?:really|very|truly|so|awfully|most)\s+)?sorry\b"
    r"|\b(?!(?:i|we|you|it|that|what|there)\b)[a-z]\w*(?:'s| is| was) (?:(?:really|very|truly|so|awfully)\s+)?sorry\b"
    r"|\b(?:wants|wanted|asked|asks|told|begged|sent) me to (?:say|tell you|apologi[sz]e|pass on)"
    r"|\b(?:sends|sent) (?:his|her|their) (?:apologies|regrets)\b"
    r"|\b(?:he|she|they|(?!(?:i|we|you)\b)[a-z]\w*) (?:has |have |had )?(?:already |now )?apologi[sz]ed\b"
    r"|(?:让|叫|托|要)我(?:跟|给|向|替|对)?(?:你|您)?(?:说|带|赔|道)?(?:一?声|句|个|一句)?(?:话)?(?:[,，]?\s*)?(?:对不起|抱歉|道歉|赔不是|赔个不是|赔罪)"
    r"|(?:替|代)[\u4e00-\u9fff]{1,4}(?:跟你|向你|给你)?(?:道歉|赔不是|赔个不是|说声对不起)"
    r"|(?:他|她)?说(?:他|她)(?:很|挺|真)?(?:对不起你|对不住你|过意不去|抱歉)",
    re.IGNORECASE)


# an apology made, said of its maker (老周已经道歉了, 他道过歉了): someone's, unless the line is about me (我)
_MADE_ZH = re.compile(r"(?:已经|都|也|早就)?(?:道了?歉|道过歉|赔了?不是|赔过不是|说了?对不起|说过对不起)")
_ME_FIRST_ZH = re.compile(r"^\s*(?:其实|那个|嗯|哎)?[，,\s]*(?:我|你)")


def relayed_sorry(words: str) -> bool:
    """Whether the sorry in these words is one the speaker carries from someone else: news of that
    person, not the speaker's own apology."""
    if _NEVER_SORRY.search(words):
        return False
    return bool(_RELAYED_SORRY.search(words) or _SAID_SORRY.search(words)
                or (_MADE_ZH.search(words) and not _ME_FIRST_ZH.search(words)))


def reported_sorry(words: str) -> bool:
    """Whether the sorry in these words is someone else's (or one never said), not the speaker's own (one
    asked of the listener, "Will you say sorry to Gil?", is the listener's: agents/sorry_asked.py)."""
    return bool(_NEVER_SORRY.search(words) or _SAID_SORRY.search(words))

