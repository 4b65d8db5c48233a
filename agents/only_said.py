""""Agatha only said you rushed the page." sets the record straight: what she did say, against the harsher
word of hers the NPC was told by someone else.

Found by the newcomer (K-22): Milo, told by Jasper that Agatha says he is always unreliable, answered the
player's "Agatha only said you rushed the page. Jasper made it sound worse." with "I won't deny it. I set
the almanac page ..." (as if accused), and kept the whole of it as one quote of Agatha's. The account is
weighed like a plea: from one it trusts the rumour gives way (sim/player_tells.py supersedes it), from a
stranger it is heard and doubted, and the NPC says what it was told, and by whom.
"""

from __future__ import annotations

import re
import zlib

from townsfolk.agents.vouch import TRUSTED
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import render_claim
from townsfolk.memory.perception import trust_in
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_ONLY = {"en": r"(?:^|[.!?]\s+|,\s*|\b(?:but|no)\s+){name}\s+(?:only|just|merely)\s+said\s+(?:that\s+)?(?P<what>[^.!?;]+)",
         "zh": r"{name}(?:只|就|只是|不过)(?:说|讲)(?:了|过)?(?:一句)?[，,：:]?(?P<what>[^。！？!?；;]+)"}
WORDS = {
    "en": {"believed": ["Then {teller} made it sound worse than it was. I'm glad you told me.",
                        "So {teller} made more of it than {who} did. Thank you for telling me."],
           "doubted": ["{who} only said {what}? {teller} told me {held}. I'll think on it.",
                       "You say {who} only said {what}. {teller} told me {held}. I'll have to think about that."]},
    "zh": {"believed": ["原来是{teller}把话传重了。多谢你告诉我。", "这么说是{teller}添油加醋了。谢谢你跟我说。"],
           "doubted": ["你是说{who}只说了{what}？可{teller}跟我说的是：{held}。我再想想。",
                       "{who}只说了{what}？{teller}可不是这么跟我说的：{held}。我得再想想。"]},
}
_MINE_EN = {"you": "I", "your": "my", "yours": "mine", "you're": "I'm", "you've": "I've", "yourself": "myself"}


def only_said(world: World, text: str) -> tuple[str, str] | None:
    """(who, what they only said) when the words say someone only said something, or None."""
    lang = "zh" if world.language == "zh" else "en"
    for cid, c in sorted(world.characters.items(), key=lambda kv: -len(kv[1].name)):
        if c.is_player or not c.name:
            continue
        m = re.search(_ONLY[lang].format(name=re.escape(c.name)), text, 0 if lang == "zh" else re.IGNORECASE)
        if m is not None and m.group("what").strip():
            return cid, m.group("what").strip()
    return None


def harsher_word(world: World, memory: MemoryStore, npc: str, speaker: str, who: str) -> Belief | None:
    """The blame the NPC was told `who` said (by someone else), the most credible: what the account answers."""
    held = [b for b in memory.beliefs_of(npc) if b.source == "told" and b.claim.said_by == who
            and b.told_by not in (None, who, speaker) and b.claim.valence < 0 and not b.claim.negated]
    return max(held, key=lambda b: (b.credibility, b.tick), default=None)


def only_said_story(world: World, memory: MemoryStore, npc: str, speaker: str, text: str) -> Belief | None:
    """The told belief an account of what someone only said is answered with (the reply's grounding, so "Who
    told you?" and "Is it true?" after it are of that story: session 26), or None."""
    found = only_said(world, text)
    if found is None or not world.character(speaker).is_player:
        return None
    rumour = harsher_word(world, memory, npc, speaker, found[0])
    return rumour if rumour is not None and rumour.told_by is not None else None


def only_said_reply(world: World, memory: MemoryStore, npc: str, speaker: str, text: str, *, seed: str) -> str | None:
    """The NPC's answer to the player's account of what someone only said, or None when it holds no harsher
    word of theirs (then it is plain news)."""
    lang = "zh" if world.language == "zh" else "en"
    found = only_said(world, text)
    if found is None or not world.character(speaker).is_player:
        return None
    who, what = found
    rumour = harsher_word(world, memory, npc, speaker, who)
    if rumour is None or rumour.told_by is None:
        return None
    names = {cid: c.name for cid, c in world.characters.items()}
    if lang == "zh":
        mine = what.replace("你", "我")
    else:
        mine = re.sub(r"\b(?:you're|you've|yourself|yours|your|you)\b", lambda m: _MINE_EN[m.group(0).lower()], what,
                      flags=re.IGNORECASE)
    held = render_claim(rumour.claim, names, lang, listener=speaker, speaker=npc).rstrip("。.")
    key = "believed" if trust_in(world, npc, speaker) >= TRUSTED else "doubted"
    options = WORDS[lang][key]
    n = zlib.crc32(f"{seed}|only_said|{text}".encode())
    return options[n % len(options)].format(who=names[who], what=mine, teller=names[rumour.told_by], held=held)
