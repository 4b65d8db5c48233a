"""A player's offer to speak to someone for the NPC: "I'll talk to Gideon for you." / 我帮你跟孙掌柜说说吧。

Found playing worlds of my own: Rowan, whose mix-up had soured Gideon, answered "I'll talk to Gideon for
you." with "Is that so? I ran into Gideon and we chatted." and 老周, whom 孙掌柜 was cold with, answered
我帮你跟孙掌柜说说吧 with 放心，这话我一定带给孙掌柜。 (as if he were asked to carry a message). An offer to
mend things is answered from what lies between the NPC and that person: a wrong of mine is a message of
sorry to carry, their puzzling coldness a question to ask for me, my grievance a doubt, nothing at all a
kind refusal.
"""

from __future__ import annotations

import re
import zlib

from townsfolk.agents.persona_clause import pronoun_for
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_OFFER = {"en": re.compile(r"\b(?:i'll|i will|let me|i can|i could|shall i|i'm going to|i am going to|i'd be glad to|"
                           r"i'm happy to|i'll gladly)\s+(?:go and |go |try to |try and |have a go and )?"
                           r"(?:talk|speak|have a word|put in a (?:good )?word|explain(?: things)?|sort (?:it|things) out|"
                           r"clear (?:it|things) up|smooth (?:it|things) over|patch (?:it|things) up)\b", re.IGNORECASE),
          "zh": re.compile(r"我(?:去|来|帮你|替你|给你|帮您|替您|可以|能|会)+(?:去)?(?:跟|和|向|找|给)[^，,。？?]{1,6}?"
                           r"(?:说说|谈谈|解释|说清楚|讲清楚|讲讲|求个情|说个情|说和|说情|说一声|打个招呼)")}
_SAID = {"en": {"sorry": ["Would you? Thank you. Tell {obj} I'm sorry; it was an honest mistake.",
                          "You'd do that? Then tell {obj} I never meant any harm, and I'm sorry."],
                "puzzled": ["Would you? I can't think what I've done to upset {obj}.",
                            "Please do. {Pron} has been cool with me and I don't know why."],
                "doubt": ["You can try. But I'd want to hear it from {name} {self}.",
                          "Kind of you. Still, {name} has some explaining to do."],
                "none": ["Kind of you, but there's nothing to mend between {name} and me.",
                         "No need, thank you; {name} and I are on good terms."]},
         "zh": {"sorry": ["那就拜托你了。跟{name}说，是我不小心，对不住。", "你肯去说就太好了，替我跟{name}赔个不是。"],
                "puzzled": ["那就麻烦你了。我也不知道哪儿得罪了{name}。", "好啊，帮我问问{name}，到底是怎么了。"],
                "doubt": ["你去说说也好，不过我还是想听{name}自己说。", "多谢。可这事得{name}给我个交代。"],
                "none": ["多谢好意，我跟{name}之间没什么要说和的。", "不用了，我跟{name}好着呢。"]}}


def offers_to_speak(text: str, language: str) -> bool:
    """The words offer to speak to someone on the NPC's behalf."""
    return bool(_OFFER["zh" if language == "zh" else "en"].search(text))


def _between(world: World, memory: MemoryStore, npc: str, other: str) -> str:
    """What lies between me and them: "sorry" (a wrong of mine touched them), "puzzled" (they were cold with me
    and I can't think why), "doubt" (I hold something against them), or "none"."""
    name = world.name(other)
    for e in memory.events_of(npc):
        fact = world.facts.get(e.fact_id) if e.fact_id and e.fact_id in world.facts else None
        if (fact is not None and fact.kind == "happen" and fact.actor == npc and e.valence < -0.1
                and (name and name in (fact.text or "") or other in fact.to)):
            return "sorry"
    if any(e.about == other and e.meta.get("puzzled") and e.valence < 0 for e in memory.events_of(npc, other)):
        return "puzzled"
    if any(b.claim.valence < -0.1 and not b.claim.negated for b in memory.beliefs_of(npc, other)):
        return "doubt"
    return "none"


def offer_reply(world: World, memory: MemoryStore, npc: str, speaker: str, text: str, others: list[str],
                seed: str) -> str | None:
    """The NPC's word on the player's offer to speak to someone for it, or None when the words are no such offer."""
    lang = "zh" if world.language == "zh" else "en"
    if not offers_to_speak(text, lang):
        return None
    other = next((c for c in others if c not in (npc, speaker) and not world.character(c).is_player), None)
    if other is None:
        return None
    key = _between(world, memory, npc, other)
    options = _SAID[lang][key]
    c = world.character(other)
    pron = pronoun_for(c.persona, c.role, c.pronoun) if lang == "en" else ""
    obj = {"he": "him", "she": "her"}.get(pron, c.name)
    said = options[zlib.crc32(f"{seed}|{other}|offer".encode()) % len(options)]
    return said.format(name=c.name, obj=obj, Pron={"he": "He", "she": "She"}.get(pron, c.name),
                       self={"he": "himself", "she": "herself"}.get(pron, "in person"))
