"""What my last reply to this listener today told them: the memory it said most of.

Shared by "Is it true?" (is_it_true.py) and "Do you believe it?" (believe_question.py): both ask after
the story just told, not after everything the reply's context happened to hold (a reply drew on a
grounding of several beliefs and said one; M-5: "Do you believe it?" after Bea's tale of Cal was
answered with Eve's newer tale of Dan). A reply that told no story ("I had it from Bea.") passes the
question to the reply before it.
"""

from __future__ import annotations

import re

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_HOW_TOLD = {"the", "and", "was", "were", "you", "your", "told", "tell", "tells", "from", "heard", "hear", "said", "says",
             "that", "according", "with", "had", "have", "she", "her", "his", "him", "they", "them", "this", "for",
             "but", "not", "all", "who", "did", "what", "yes", "well", "its", "it's", "i'd", "i've", "i'm"}


def units(text: str, zh: bool) -> set[str]:
    """The words two texts are compared by: zh character pairs, en word stems (names too: "Bea told me."
    is Bea's story; the words that only say how it was told are left out)."""
    return ({text[i:i + 2] for i in range(len(text) - 1) if re.fullmatch(r"[\u4e00-\u9fff]{2}", text[i:i + 2])} if zh
            else {w[:5] for w in re.findall(r"[a-z][a-z']{2,}", text.lower()) if w not in _HOW_TOLD})


def last_story(world: World, memory: MemoryStore, npc: str, speaker: str) -> Belief | EventMemory | None:
    """What my last reply to the speaker today said most of: a belief or an event of mine it drew on (the
    reply before, when the last told no story: "Who told you?" -> "Ada did", then "Is it true?")."""
    today = world.now.date()
    zh = world.language == "zh"
    replies = 0
    for e in reversed(memory.events_of(npc)):
        if e.time.date() != today:
            return None
        fact = world.facts.get(e.fact_id) if e.source == "said" and e.fact_id and e.fact_id in world.facts else None
        if fact is None or fact.kind != "reply" or speaker not in fact.to:
            continue
        said = units(fact.text, zh)
        best, score = None, (0, False)
        grounded = []
        for item_id in fact.meta.get("grounding") or []:
            summary = memory.summaries.get(item_id)  # a summary said is the story of what it folds
            grounded += list(summary.covers) if summary is not None else [item_id]
        for item_id in grounded:
            item = memory.beliefs.get(item_id) or memory.events.get(item_id)
            if item is None or (isinstance(item, Belief) and item.told_by == speaker):
                continue  # the listener's own words are not my story
            if isinstance(item, EventMemory) and item.source == "said":
                continue  # nor my telling of it to someone ("我跟孙婆说过…"): the story is what I saw or heard
            met = world.facts.get(item.fact_id) if isinstance(item, EventMemory) and item.fact_id in world.facts else None
            if met is not None and met.kind == "meet" and item.valence >= 0:
                continue  # nor a friendly meeting: "你亲眼看见的吗？" after the news was 和邓晨宁碰了个面 (generated town)
            shared = len(said & units(item.text if isinstance(item, Belief) else item.what, zh))
            # its teller named ("I had it from Dorrit."): that telling, before a tale that only names Dorrit
            teller = item.told_by if isinstance(item, Belief) else None
            named = bool(teller and teller in world.characters and units(world.name(teller), zh) & said)
            if (shared + named, named) > score:
                best, score = item, (shared + named, named)
        if best is not None:
            return best
        replies += 1  # a reply that told no story ("是李嫂跟我说的"): the story is the one before it
        if replies >= 3:
            return None
    return None


def belief_told(memory: MemoryStore, npc: str, story: Belief | EventMemory | None) -> Belief | None:
    """The told belief a story is: itself, or the one the hearing of it brought ("Bea told me: ...")."""
    if isinstance(story, Belief):
        return story if story.source in ("told", "account") else None
    if isinstance(story, EventMemory) and story.source == "heard" and story.fact_id:
        return next((b for b in memory.beliefs_of(npc) if b.via_fact_id == story.fact_id), None)
    return None
