"""A player taking back their word ("I made that up", "刚才是我瞎说的"), as the NPC answers it.

sim/player_tells.py supersedes the belief the player's word alone gave the NPC, but only after the
reply is made, and the reply chatted past it ("Fine weather for it."). Here, before the reply,
code finds what the retraction will take back (the same choice as player_tells.take_back: what the
NPC holds on this player's telling about the person named, or else about the last one they told
it of) and to whom the NPC had already passed it on, so the voice can say so in its own words.
"""

from __future__ import annotations

import re

from townsfolk.agents.intent import detect_intents, kinds_of
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.perception import mentioned_ids
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

# a player taking back their word; sim/player_tells.py imports this list (one list, not two copies).
# "那是骗你的" / "那都是我瞎编的": the thing said is the lie, no 我 before the verb
RETRACTION = {"en": re.compile(r"\b(?:i made (?:that|it|this|all that|the whole thing) up|i made up\b|that was a lie|i lied|"
                               r"i was lying|i take (?:it|that|that one) back|forget what i (?:said|told you)|"
                               r"i was (?:only )?(?:joking|kidding)|what i (?:said|told you) (?:wasn't|was not|isn't|is not) true)",
                               re.IGNORECASE),
              "zh": re.compile(r"(?:是我|我)(?:刚才|之前|先前|那会儿)?(?:是)?(?:瞎说|乱说|胡说|瞎编|乱编|编|乱讲|瞎讲|胡扯|"
                               r"说错了|说着玩|开玩笑|撒谎|骗你)|当我没说|我收回|"
                              r"(?:那|这)(?:话|些话|事)?(?:是|都是|全是)(?:我)?(?:骗你|瞎说|乱说|胡说|瞎编|编)的")}
_QUESTION = {"en": re.compile(r"\?|^\s*(?:(?:so|and|but|well|oh),?\s+)?(?:did|does|do|is|was|were|are|has|have|had|"
                               r"can|could|will|would|who|what|why|how|when|where|which)\b", re.IGNORECASE),
             "zh": re.compile(r"[？?]|[吗呢]\s*[。！!]?\s*$|是不是|有没有|是否|会不会|对不对")}
# a retraction is applied only to a statement (player_tells.believe_told); said with "sorry" it reads as
# an apology alone ("That was a lie, sorry.", "刚才那是骗你的，对不起"), and is a retraction all the same
_STATEMENT = {"tell", "chat", "apology"}


def is_retraction(text: str, language: str) -> bool:
    """Whether the line takes back what the speaker said (and is a statement, not a question)."""
    lang = "zh" if language == "zh" else "en"
    return bool(RETRACTION[lang].search(text)) and not _QUESTION["zh"].search(text) and not _QUESTION["en"].search(text)


def told_nothing(world: World, npc: str, player: str, text: str) -> bool:
    """Whether this is a player's retraction ("I made that up.") to an NPC they never told a thing:
    nothing to take back, so the NPC is puzzled rather than chatting past it. Told is a statement
    before this line (a question or a greeting tells nothing); read from the world's record, as the
    everyday answers are (agents/everyday.py), the line itself being the player's latest word."""
    speaker = world.characters.get(player)
    if speaker is None or not speaker.is_player or not is_retraction(text, world.language):
        return False
    lang = "zh" if world.language == "zh" else "en"
    current = True
    for fact in reversed(list(world.facts)):
        if fact.kind != "ask" or fact.actor != player or npc not in fact.to:
            continue
        if current and fact.text == text:  # this line, recorded before it is answered
            current = False
            continue
        if _QUESTION[lang].search(fact.text) or is_retraction(fact.text, lang):
            continue
        if kinds_of(detect_intents(fact.text, lang)) & {"tell", "disclose"} or any(
                c not in (player, npc) for c in mentioned_ids(world, fact.text)):
            return False
    return True


def taken_back(world: World, memory: MemoryStore, npc: str, player: str, text: str) -> list[Belief]:
    """The beliefs this retraction will take back from the NPC (held, told by this player alone,
    about whom it names, or none named about the last person they told it of); [] when the line
    is no retraction or the player told it nothing."""
    speaker = world.characters.get(player)
    if speaker is None or not speaker.is_player or not is_retraction(text, world.language):
        return []
    if not kinds_of(detect_intents(text, "zh" if world.language == "zh" else "en")) & _STATEMENT:
        return []
    mine = [b for b in memory.beliefs_of(npc) if b.source == "told" and b.told_by == player]
    named = [c for c in mentioned_ids(world, text) if c not in (player, npc)]
    if not named and mine:
        named = [max(mine, key=lambda b: (b.tick, b.id)).claim.about]
    return [b for b in mine if any(b.concerns(c) for c in named)]


def passed_on_to(world: World, memory: MemoryStore, npc: str, beliefs: list[Belief]) -> list[str]:
    """Whom the NPC had retold these beliefs to (its own retellings based on them), first told first."""
    ids = {b.id for b in beliefs}
    out: list[str] = []
    for e in memory.events_of(npc):
        if e.source != "said" or not e.fact_id or e.fact_id not in world.facts:
            continue
        fact = world.facts.get(e.fact_id)
        if fact.kind == "retell" and fact.actor == npc and fact.meta.get("basis") in ids:
            out += [p for p in fact.to if p != npc and p not in out]
    return out
