""""Are you sorry?" / "Will you apologise to Gideon?" / 你会跟孙掌柜道歉吗？ ask the NPC about its own regret.

Found playing an apothecary of my own: Rowan, who mixed up the jars that spoilt Gideon's syrup, was
asked "Are you sorry?" and said "Let's say no more about it." (read as the player's own apology), and
"Will you apologise to Gideon?" got "That's everything I know, really." The answer comes from what I
did: a wrong of mine is owned (and the apology promised); with none, the question is turned back, and a
grievance I hold against them says who owes whom.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_SORRY = {"en": re.compile(r"\b(?:are|aren't) you (?:even |at all |not )?sorry\b|\bdo you (?:not )?(?:regret|feel bad about)\b"
                           r"|\bdon't you (?:regret|feel (?:bad|sorry))\b", re.IGNORECASE),
          "zh": re.compile(r"(?:你|您)(?:就|难道)?(?:不)?(?:后悔|内疚|过意不去|觉得对不起)|(?:你|您)(?:有没有|是不是|会不会)(?:有点)?(?:后悔|内疚)")}
_APOLOGISE = {"en": re.compile(r"\b(?:will|would|won't|are|aren't|can|could|do|don't) you (?:ever |going to |want to |mean to |plan to )?"
                               r"(?:go and |go )?(?:apologi[sz]e|say (?:you'?re |you are )?sorry)\b"
                               # "You should apologise to Agnes." (newcomer L-36: "Really? I stole ...")
                               r"|\byou (?:really )?(?:should|ought to|must|need to|had better|'d better) (?:go and |go )?"
                               r"(?:apologi[sz]e|say (?:you'?re |you are )?sorry)\b", re.IGNORECASE),
              "zh": re.compile(r"(?:你|您)(?:会|要|肯|打算|准备|能|能不能|想|不|应该|应当|该|得|最好|还是)?(?:去)?(?:跟|向|给)[^，,。？?]{1,8}?"
                               r"(?:道(?:个)?歉|赔(?:个)?不是|赔礼|认(?:个)?错)(?:吗|么|不|吧)?")}
SAID = {"en": {"sorry_yes": ["I feel awful about it. I should have been more careful: {line}", "Very much so. {line}"],
               "apologise_yes": ["I will; I owe {who} that. {line}", "I mean to, yes. {line}"],
               "apologise_yes_plain": ["I will; I owe them that. {line}", "I mean to, yes. {line}"],
               "not_mine": ["Sorry for what? I've done nothing wrong that I know of.", "What for? I haven't done anything."],
               "owed_me": ["Apologise? It's {who} who owes me an apology, if anyone does.", "Me? {who} should be the one saying sorry."],
               "nothing_to": ["Apologise for what? I've done nothing to {who}.", "What would I be apologising to {who} for?"]},
        "zh": {"sorry_yes": ["后悔啊，是我不小心：{line}", "心里过意不去，{line}"],
               "apologise_yes": ["会的，我该给{who}赔个不是。{line}", "该道歉，我这就去找{who}。{line}"],
               "apologise_yes_plain": ["会的，是该赔个不是。{line}", "该道歉。{line}"],
               "not_mine": ["后悔什么？我又没做错什么。", "我有什么好后悔的？"],
               "owed_me": ["我道歉？该道歉的是{who}。", "要道歉也是{who}给我道歉。"],
               "nothing_to": ["道什么歉？我又没做对不起{who}的事。", "我跟{who}道什么歉？我没做什么啊。"]}}


def asks_if_sorry(question: str, language: str) -> bool:
    """The question asks whether I am sorry (not the asker saying sorry)."""
    return bool(_SORRY["zh" if language == "zh" else "en"].search(question))


def asks_if_i_will_apologise(question: str, language: str) -> bool:
    """The question asks whether I will say sorry to someone."""
    return bool(_APOLOGISE["zh" if language == "zh" else "en"].search(question))


def my_deeds(world: World, memory: MemoryStore, npc: str, limit: int = 2) -> list[str]:
    """Ids of my newest memories of a deed of mine that went badly (what "Are you sorry?" asks after)."""
    found = []
    for e in reversed(memory.events_of(npc)):
        fact = world.facts.get(e.fact_id) if e.fact_id and e.fact_id in world.facts else None
        if fact is not None and fact.kind == "happen" and fact.actor == npc and e.valence < -0.1 and not e.private:
            found.append(e.id)
            if len(found) >= limit:
                break
    return found


def my_wrongs(items: list[GroundingItem], names: list[str], subjects: set[str]) -> list[GroundingItem]:
    """Deeds of mine that went badly, those touching the person asked about (all of them when none is named):
    their name in my memory of it, or they are whom it was about."""
    mine = [g for g in items if g.kind == "event" and g.meta.get("my_deed") and g.valence < -0.1]
    if not names:
        return mine
    return [g for g in mine if any(n and n in g.text for n in names) or g.about in subjects]


def sorry_answer(items: list[GroundingItem], names: list[str], subjects: set[str], lang: str, pick_n: int,
                 line_of) -> str:  # noqa: ANN001  (line_of: the voice's words for an item)
    """The answer to "Are you sorry?" / "Will you apologise to X?" from what I did and what I hold of them."""
    words = SAID[lang]
    who = names[0] if names else ""

    def pick(key: str, **slots: str) -> str:
        options = words[key]
        return options[pick_n % len(options)].format(**slots).strip()

    wrongs = my_wrongs(items, names, subjects)
    if wrongs:
        line = line_of(wrongs[0]) or ""
        if not names:
            return pick("sorry_yes", line=line)
        return pick("apologise_yes" if who else "apologise_yes_plain", who=who, line=line)
    held = [g for g in items if g.kind == "belief" and g.valence < -0.1 and not g.meta.get("negated")
            and not g.meta.get("from_listener") and (g.about in subjects or g.meta.get("said_by") in subjects)]
    if who and held:
        return pick("owed_me", who=who)
    return pick("nothing_to", who=who) if who else pick("not_mine")
