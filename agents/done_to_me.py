""""Who stole your costume?" / "林平文多收你钱了？" asks the one wronged what was done to them.

Found by the newcomer (K-35, K-45): Agnes, whose spangled costume Wendy stole before her eyes, said
"I don't really know anything about that." to "What was stolen from you?", and 黄安, overcharged by the
boatman, answered "林平文多收你钱了？" with hearsay ("听邵志敏说，林平文不老实。") said over and over. The
question has the NPC as the one done to ("your", "from you", 你的, a 你 after the verb), so the answer is
what happened to it, as it saw it: that first and alone ("Yes. Wendy Carter stole my spangled costume.").
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.agents.source_asked import shared_words
from townsfolk.agents.your_people import without_your_people
from townsfolk.memory.name_index import name_index
from townsfolk.memory.store import MemoryStore
from townsfolk.world.facts import Fact
from townsfolk.world.world import World

# "you" as the one asking is about: the subject of the question ("did you see", "do you think") taken out first
_YOU_SUBJECT = {"en": re.compile(r"\b(?:did|do|does|have|had|were|are|was|will|would|can|could|should)\s+you\b"
                                 r"|\byou\s+(?:saw|see|think|know|heard|hear|said|say|feel|mean|told|tell)\b"
                                 r"|\bthank you\b|^\s*you\b", re.IGNORECASE),
                "zh": re.compile(r"(?:^|[，,。？?！!])\s*(?:那)?(?:你|您)|(?:你|您)(?:是不是|有没有|觉得|看见|看到|听说|知道|在场|信|说|跟|和|对|生|还)")}
_YOU_DONE_TO = {"en": re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE), "zh": re.compile(r"你|您")}
_YES_NO = {"en": re.compile(r"^\W*(?:so,?\s+)?(?:did|has|have|had|was|were|is)\b", re.IGNORECASE),
           "zh": re.compile(r"(?:吗|么|没有|了没|是不是|有没有|[了过])\s*[？?]\s*$")}
YES = {"en": ["Yes.", "That's right."], "zh": ["是啊，", "对，"]}
# asked after a kindness done to me, whatever its words ("Did anyone help you today?", 今天有人帮你吗？)
_KINDNESS = {"en": re.compile(r"\b(?:help(?:ed)?|gave you|give you|kind to you|looked after you|lend|lent)\b", re.IGNORECASE),
             "zh": re.compile(r"帮(?:了)?(?:你|您)|(?:送|给)(?:了)?(?:你|您)|照顾(?:你|您)|借(?:给)?(?:你|您)")}
FIRST_HAND = ("witnessed", "participated")


def asks_done_to_me(question: str, language: str) -> bool:
    """The question has me as the one something was done to ("your costume", "from you", 你的钱, 多收你钱)."""
    key = "zh" if language == "zh" else "en"
    # "Is Ewan your apprentice?" / 你爹: someone of mine, not something done to me (your_people.py)
    return bool(_YOU_DONE_TO[key].search(_YOU_SUBJECT[key].sub(" ", without_your_people(question, key))))


def done_to(world: World, fact: Fact, npc: str) -> bool:
    """Whether the fact is a wrong or a kindness someone else did to me: I am its `about`, or named in its
    words (a world spec's "{actor} stole {other}'s spangled costume" keeps its actor as `about`)."""
    if fact.kind != "happen" or fact.actor in (None, npc) or fact.valence == 0:
        return False
    return fact.about == npc or npc in name_index(world).named(fact.text)


def wrongs_done_to_me(world: World, memory: MemoryStore, npc: str, limit: int = 3) -> list[str]:
    """Ids of what was done to me by someone else (a wrong or a kindness), as I saw it (not private, not my
    own deeds), newest first."""
    out: list[str] = []
    for e in reversed(memory.events_of(npc)):
        fact = world.facts.get(e.fact_id) if e.fact_id and e.fact_id in world.facts else None
        if fact is not None and e.source in FIRST_HAND and not e.private and done_to(world, fact, npc):
            out.append(e.id)
            if len(out) >= limit:
                break
    return out


def done_to_me_answer(question: str, language: str, items: list[GroundingItem],
                      names: list[str]) -> tuple[bool, GroundingItem] | None:
    """Whether the question is a yes-or-no (said "Yes." first; not "who"/"what") and the memory of what was
    done to me that it names (its doer by name, or its words), or None when the question asks of none."""
    if not asks_done_to_me(question, language):
        return None
    zh = language == "zh"
    done = [g for g in items if g.kind == "event" and g.meta.get("done_to_me")]
    kind = _KINDNESS["zh" if zh else "en"].search(question)
    named = [g for g in done if any(n and n in question and n == g.meta.get("speaker_name") for n in names)
             or shared_words(question, g.text, zh) >= (2 if zh else 1)
             or (kind is not None and g.valence > 0)]  # "Did anyone help you today?": the loaf Rose gave me
    if not named:
        return None
    named.sort(key=lambda g: (g.valence > 0) != (kind is not None))  # a kindness asked: that first; else the wrong
    yes = bool(_YES_NO["zh" if zh else "en"].search(question)) and not re.search(r"谁|什么|啥|多少|哪", question)
    return yes, named[0]
