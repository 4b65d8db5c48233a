""""Is it true?" / 这是真的吗？ right after the NPC told a story: how sure it is of that story, and why.

Found by the coordinator (C-2): the bare question named nothing, so the NPC said it had heard
nothing of "it". "It" is what the NPC just told this listener: the memory its last reply to them
said most of. It answers from where that came from: seen with its own eyes, or only heard from
someone (surer or less sure by how far it believes them).
"""

from __future__ import annotations

import re

from townsfolk.agents.last_story import last_story, units
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_ASKS = {"en": re.compile(r"^\W*(?:(?:so|but|and|well|really),?\s+)?(?:(?:is|was) (?:it|that|this)(?: really| actually| all)? "
                          r"(?:true|so)|are you sure(?: about that| of that)?|is that right|can that be true|truly)\s*[?!.]*\s*$",
                          re.IGNORECASE),
          "zh": re.compile(r"^(?:那|这)?(?:这|那|此)?(?:话|事)?(?:是)?(?:真的|当真)(?:吗|么|假的|嘛)?[？?！!。]*$"
                           r"|^(?:你)?(?:确定|敢肯定)(?:吗|么)?[？?]*$|^(?:这|那)(?:话|事)?靠得住(?:吗|么)?[？?]*$")}
ANSWERS = {
    "en": {"mine": "It's true, I did.", "mine_bad": "It's true, I'll own it.", "saw": "It is. I saw it myself.", "sure": "I believe so, though I only have it from {teller}.",
           "unsure": "I couldn't swear to it; I only have it from {teller}."},
    "zh": {"mine": "是真的，是我做的。", "mine_bad": "是真的，这事是我不对。", "saw": "是真的，我亲眼看见的。", "sure": "应该是真的，不过我也是听{teller}说的。",
           "unsure": "这我可不敢打包票，我也是听{teller}说的。"},
}
SURE = 0.6  # a told belief at least this credible is believed, short of having seen it


def asks_if_true(text: str, language: str) -> bool:
    """The words ask only whether what was just said is true."""
    return bool(_ASKS["zh" if language == "zh" else "en"].search(text.strip()))


# "孟掌柜缺斤短两是真的吗？" / "Is it true that Meng gave short weight?": the claim named, not the last story
_ASKS_CLAIM = {"en": re.compile(r"^\W*(?:so,?\s+)?is it (?:really |actually )?true (?:that )?(?P<claim>.{6,}?)\s*[?!.]*\s*$",
                                re.IGNORECASE),
               "zh": re.compile(r"^(?P<claim>[^，,。？?]{3,}?)(?:这事|这话|这件事)?(?:是)?(?:真的|当真)(?:吗|么|假的|嘛)[？?！!。]*$")}


def claim_asked(world: World, memory: MemoryStore, npc: str, text: str) -> Belief | EventMemory | None:
    """The memory of mine a "<claim> 是真的吗？" asks after: the one sharing most of its words (two at least)."""
    lang = "zh" if world.language == "zh" else "en"
    m = _ASKS_CLAIM[lang].search(text.strip())
    if m is None:
        return None
    asked = units(m.group("claim"), lang == "zh")
    best, score = None, (1, False)
    for item in [*memory.beliefs_of(npc), *memory.events_of(npc)[-200:]]:
        if isinstance(item, EventMemory) and (item.source == "said" or item.meta.get("dialogue") or item.meta.get("message")):
            continue
        shared = len(asked & units(item.text if isinstance(item, Belief) else item.what, lang == "zh"))
        # as many words shared, what I saw or did myself is the memory asked after, not the tale of it
        # ("Is it true you left a frayed rope?" to the one who did: "I only have it from Pip", newcomer N-3)
        key = (shared, item.source in ("witnessed", "participated"))
        if shared > 1 and key > score:
            best, score = item, key
    return best


def true_answer(world: World, memory: MemoryStore, npc: str, speaker: str, text: str) -> str | None:
    """How sure I am of what I just told the speaker (or of the claim the question names), and why; None
    when that is not what they asked."""
    lang = "zh" if world.language == "zh" else "en"
    story = last_story(world, memory, npc, speaker) if asks_if_true(text, lang) else claim_asked(world, memory, npc, text)
    if story is None:
        return None
    words = ANSWERS[lang]
    if story.source == "participated" and story.about == npc:  # my own deed: owned, not "I saw it myself"
        return words["mine_bad" if float(getattr(story, "valence", 0.0)) < -0.1 else "mine"]
    if story.source in ("witnessed", "participated"):
        return words["saw"]
    if isinstance(story, EventMemory) and story.source == "heard":  # the hearing itself: its belief says how sure
        told = next((b for b in memory.beliefs_of(npc, held_only=False) if b.via_fact_id == story.fact_id), None)
        story_teller, credible = story.meta.get("teller"), float(told.credibility) if told is not None else 0.0
    else:
        story_teller = story.told_by if isinstance(story, Belief) else None
        credible = float(story.credibility) if isinstance(story, Belief) else 0.0
    teller = story_teller
    if teller is None or teller not in world.characters:
        return None
    return words["sure" if credible >= SURE else "unsure"].format(teller=world.name(teller))
