""""你还记得我吗？" / "Do you remember me?": answered from what the NPC holds of the one asking.

The accusation reader took 你还记得我 for a deed ("哪有这回事，不是我。"), and the context builder
looks for memories matching the words, which name nobody. Here the question is recognised, the
NPC's own memories of the asker are brought in ranked (a deed of theirs it saw, what they confided,
what they told it, a talk), and the answer is yes leading with the best of them and perhaps a
second, or an honest "I don't think we've met".

What the asker said in private is theirs: it is remembered to them ("记得，你上回私下跟我说了件心事")
but its words are never said back, since the reply to a question asked aloud is a public fact;
and another player, who was not part of it, never hears of it (memory/privacy.visible_to).
"""

from __future__ import annotations

import re

from townsfolk.agents.barter import read_offer
from townsfolk.memory.privacy import visible_to
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_ASKS = {"zh": re.compile(r"(?:你|您)(?:还)?(?:记得|认得|认识|记不记得|认不认得|认不认识)我(?:是谁)?(?:吗|么|不|没|了吗|吧)?"
                          r"[？?。！!]*\s*$"),
         "en": re.compile(r"\b(?:(?:do|don't|d'you) you (?:still )?|you )?remember me\b|\bdo you (?:still )?know who I am\b",
                          re.IGNORECASE)}
RECALLED = 3  # the asker's memories brought into the grounding, best first: one leads, one more may follow
SAID = 2  # how many of them the answer says

ANSWERS: dict[str, dict[str, list[str]]] = {
    "zh": {"yes": ["记得，当然记得。", "记得啊，怎么会忘。", "当然记得你。"],
           "no": ["不太记得了，咱们见过吗？", "恕我眼拙，咱们见过？"],
           "confided": ["你上回私下跟我说了件心事", "你跟我说过几句心里话，我一直记着"],
           "talked": ["你来找我说过话", "咱们聊过几句"],
           "between_us": ["咱俩之间那件事，我记着呢"],
           "also": ["还有，{line}", "{line}"]},
    "en": {"yes": ["Of course I remember you.", "I do, yes.", "I remember you, yes."],
           "no": ["I'm sorry, I don't think we've met.", "I can't say I do. Have we met?"],
           "confided": ["you told me something in confidence", "you confided in me, and I've kept it"],
           "talked": ["we've talked before", "you came by and we talked"],
           "between_us": ["what passed between us, I remember"],
           "also": ["And {line}", "{line}"]},
}
# what a model is handed for such a memory: that there was one, never its words (so it cannot say them)
CONFIDED_NOTE = {"zh": "你私下跟我说过件心事", "en": "you told me something in private"}


def asks_remember_me(text: str, language: str) -> bool:
    """Whether the words ask if the NPC remembers the speaker."""
    return bool(_ASKS["zh" if language == "zh" else "en"].search(text.strip()))


def memories_of_asker(world: World, memory: MemoryStore, npc: str, asker: str, *, skip: set[str]) -> list[str]:
    """Ids of the NPC's memories of the asker, best first (what it would say it remembers of them):
    events they took part in, their private ones too, which are theirs (never another's); a line
    of theirs that told me something is the belief it left ("you told me Corvin ..."), and the
    NPC's own replies are left out (the question they answered is the talk remembered)."""
    found: list[tuple[tuple[bool, bool, bool, bool], float, int, str]] = []
    for e in memory.events_of(npc):
        if e.id in skip or e.status != "active" or not e.fact_id or e.fact_id not in world.facts:
            continue
        if e.private and not visible_to(e, asker, world):
            continue
        fact = world.facts.get(e.fact_id)
        if fact.kind == "reply" and fact.actor == npc:
            continue
        if fact.actor == asker or e.about == asker or asker in fact.witnesses:
            seen_deed = fact.actor == asker and fact.kind == "happen" and e.source == "witnessed"
            told = next((b for b in memory.beliefs_via(npc, fact.id) if b.held and b.told_by == asker
                         and b.source == "told" and b.id not in skip), None) if fact.actor == asker else None
            if told is not None and read_offer(fact.text, world.language == "zh") is not None:
                told = None  # a trade offer is a talk, not news they told me ("你说过小雨拿这个碗换我三条鱼")
            weight = e.importance * (0.5 + abs(e.valence))
            found.append(((seen_deed, e.private, told is not None, e.about == asker), weight, e.tick,
                          told.id if told is not None else e.id))
    # a deed of the asker's the NPC saw first (mending her roof, a gift), then a confidence, then
    # news they brought ("you told me Corvin ..."), then a talk; then the most strongly felt, the newest
    found.sort(reverse=True)
    return list(dict.fromkeys(i for *_, i in found))[:RECALLED]
