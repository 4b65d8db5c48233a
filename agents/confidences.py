"""What an NPC keeps back from a listener: words told in confidence, and harm to someone it protects.

The context builder hands the voice everything relevant; until now a stranger asking "Any news?"
heard what a friend had said under "keep this between us", and bad news about the NPC's own family.
Here code weighs the listener before the memories are voiced (or handed to a model):

- told in confidence (the words that brought it asked to be kept): said only to a player the NPC
  trusts at least CONFIDE_TRUST and more than the one who confided it, never to another NPC (NPC
  talk is how a secret would become gossip; sim/gossip.py never retells it either);
- harm to someone it protects (family, or a warm tie of at least PROTECT_TIE; the news is gravely bad for them) and not
  done to the NPC itself: not said to a listener it trusts no more than a stranger.
What concerns the listener themselves is never held back from them.
"""

from __future__ import annotations

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.perception import trust_in
from townsfolk.memory.privacy import asks_to_keep_secret
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

CONFIDE_TRUST = 0.75
PROTECT_TIE = 0.8  # a close tie (or family): a customer or a friend of 0.5 is talked about as ever
GRAVE = 0.4  # how bad news must be to be kept from a stranger (goods late by a day are not)
STRANGER_TRUST = 0.55  # a stranger's trust is 0.5 (memory/perception.py trust_in)


def _confided_by(world: World, memory: MemoryStore, item: GroundingItem) -> str | None:
    """Who asked the NPC to keep this, when the words that brought it asked so."""
    held = memory.get_or_none(item.id)
    fact_id = held.via_fact_id if isinstance(held, Belief) else held.fact_id if isinstance(held, EventMemory) else None
    if not fact_id or fact_id not in world.facts:
        return None
    fact = world.facts.get(fact_id)
    return fact.actor if fact.kind in ("say", "tell", "retell", "ask") and asks_to_keep_secret(fact.text) else None


def _done_to_me(world: World, memory: MemoryStore, npc: str, item: GroundingItem) -> bool:
    """The harm was done to the NPC itself ("小梁送货迟到" to his partner): its own grievance to tell."""
    held = memory.get_or_none(item.id)
    if isinstance(held, Belief) and npc in (held.claim.obj, held.claim.target):
        return True
    fact_id = held.origin_fact_id if isinstance(held, Belief) else held.fact_id if isinstance(held, EventMemory) else None
    if not fact_id or fact_id not in world.facts:
        return False
    fact = world.facts.get(fact_id)
    if fact.kind in ("say", "tell", "retell", "ask"):  # words told to me are not a harm done to me, unless they
        return fact.about == npc or world.name(npc) in (fact.text or "")  # name me ("Cal stole Bryn's nets" to Bryn)
    return fact.about == npc or npc in fact.to


def _protects(world: World, npc: str, about: str | None) -> bool:
    if not about or about == npc or about not in world.characters:
        return False
    strength = world.graph.columns.strength
    return any(world.warm_tie(kind) and (kind == "family" or float(strength[row]) >= PROTECT_TIE)
               for kind, row in world.graph.rows_between(npc, about))


def shareable(world: World, memory: MemoryStore, npc: str, listener: str, items: list[GroundingItem]) -> list[GroundingItem]:
    """The items this NPC will say to this listener (the rest it keeps to itself)."""
    trust = trust_in(world, npc, listener)
    to_npc = listener in world.characters and not world.character(listener).is_player
    out = []
    for g in items:
        if g.kind in ("belief", "event") and g.about != listener:
            teller = _confided_by(world, memory, g)
            if teller is not None and teller != listener and (
                    trust < CONFIDE_TRUST or trust <= trust_in(world, npc, teller) or to_npc):
                continue  # "keep this between us": not to this listener, nor passed on to another NPC
            if g.valence <= -GRAVE and trust < STRANGER_TRUST and _protects(world, npc, g.about) \
                    and not _done_to_me(world, memory, npc, g):
                continue  # bad news of my own people is not for a stranger
        out.append(g)
    return out


# what an NPC says when the only news it holds of the asked-after is bad news of its own people, kept from a
# stranger: not "I haven't heard of it" (a lie: 李嫂, asked if her boy had spoilt the teacher's book, holds it)
KEPT_FOR_THEM = {"en": ["I'd rather not talk about that.", "That's not mine to tell."],
                 "zh": ["这事我不好多说。", "这不是我该说的。"]}


def kept_for_them(world: World, memory: MemoryStore, npc: str, listener: str, subjects: list[str]) -> bool:
    """Whether the NPC holds bad news of its own people among the asked-after that it keeps from this
    listener (the rule `shareable` applies), so a "have you heard?" is not answered "no"."""
    if trust_in(world, npc, listener) >= STRANGER_TRUST:
        return False
    for about in subjects:
        if about == listener or not _protects(world, npc, about):
            continue
        # news of them: not a thing they only saw, nor my own deed (刘掌柜 asked "你侄女最近怎么样？" kept back
        # his own short change, which 小玉 had witnessed: "这不是我该说的。", found in a world of my own)
        held = [*memory.beliefs_of(npc, about), *(e for e in memory.events_of(npc, about)
                                                 if e.about == about and e.source != "participated")]
        for item in held:
            valence = item.claim.valence if isinstance(item, Belief) else item.valence
            g = GroundingItem(kind="belief" if isinstance(item, Belief) else "event", id=item.id, text="", about=about,
                              valence=valence)
            if valence <= -GRAVE and not _done_to_me(world, memory, npc, g) and _confided_by(world, memory, g) is None:
                return True
    return False
