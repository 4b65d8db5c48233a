"""A player who insults the NPC is answered as the one who was wronged: hurt, a rebuke or a cool
short line, never the NPC apologising ("Shut up, you stupid old fool." -> "Sorry, I hear you." was
the repair route taking the blame for the player's rudeness).

`is_insult` reads words aimed at the NPC (second person, or a bare order like "Shut up!" / 滚开！);
a complaint about the soup or news that someone else is a liar is no insult to me.
"""

from __future__ import annotations

import re
import zlib

_INSULT = {
    "en": re.compile(
        r"\b(?:idiot|stupid|dumb|moron|fool|liar|(?:(?:a|dirty|rotten|lying) cheat(?!\w)|you cheat(?=\s*(?:[!.]|$)))|useless|pathetic|ugly|disgusting|hate you|shut up|get lost|"
        r"go away|piss off|buzz off|leave me alone|how dare you|you (?:smell|stink)|old (?:fool|goat|hag|bat|crow|witch|miser)|"
        r"nosy|nosey|busybody|meddler|halfwit|dimwit|numbskull|scoundrel|wretch|miser|skinflint|crook|good-for-nothing)\b",
        re.IGNORECASE),
    "zh": re.compile(r"傻[瓜子逼]|你(?:真|好|太)?傻|蠢|笨蛋|白痴|废物|滚(?:蛋|开|出去)?[！!。]?$|给我滚|讨厌|骗子|闭嘴|"
                     r"老糊涂|老东西|老不死|混蛋|王八|不要脸|神经病|丑八怪|臭"),
}
_AT_ME = {
    "en": re.compile(r"\byou(?:'re|r|rself)?\b|^\s*(?:shut up|get lost|go away|piss off|buzz off|leave me alone)\b",
                     re.IGNORECASE),
    "zh": re.compile(r"你|您|^\s*(?:滚|闭嘴)"),
}
_NOT_AT_ME = {  # "Dot says you're a liar" / "王婆说你是骗子": news of what someone said, not my quarrel
    "en": re.compile(r"\b(?:says|said|told me|calls? you|called you|thinks? you)\b", re.IGNORECASE),
    "zh": re.compile(r"说你|骂你|讲你|觉得你"),
}

_LINES = {
    "en": ["There's no call for that.", "That was uncalled for.", "I don't have to stand here and listen to that.",
           "Mind your tongue.", "Well. That hurt, and you meant it to."],
    "zh": ["你这话说得太难听了。", "犯不着这么说话吧。", "我没必要站在这儿听你骂。", "说话客气点。", "你这么说，我心里不好受。"],
}


def is_insult(text: str, lang: str) -> bool:
    """Whether the words are rude to the NPC itself (not a complaint, not news of others)."""
    key = "zh" if lang == "zh" else "en"
    return bool(_INSULT[key].search(text) and _AT_ME[key].search(text) and not _NOT_AT_ME[key].search(text))


def rude_reply(text: str, lang: str, seed: str) -> str | None:
    """The NPC's answer to an insult (hurt or a rebuke, seeded so a run repeats), or None."""
    if not is_insult(text, lang):
        return None
    pool = _LINES["zh" if lang == "zh" else "en"]
    return pool[zlib.crc32(f"{seed}|{text}".encode()) % len(pool)]
