"""An apology said to someone's face counts for more than one carried by a messenger.

A `say` beat about the speaker ("I'm sorry I broke your jug, Dora.") formed no belief, so Dora's tie
to Cal did not move at all, while the same sorry relayed by a player ("Cal wanted me to say he's
sorry") warmed it a little: the one made in person counted for less than hearsay. Here it is what the
listener saw and heard themself, a first-hand `apologised` belief, whose warmth is that of a
witnessed deed; the wrong it is for stays held (beliefs are never taken back by an apology).
"""

from __future__ import annotations

from townsfolk.agents.appraisal import EdgeMove, appraise_belief_moves
from townsfolk.agents.intent import detect_intents, kinds_of
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.perception import form_belief, read_claim
from townsfolk.memory.store import MemoryStore
from townsfolk.world.facts import Fact
from townsfolk.world.world import World


def own_apology(world: World, speaker: str, about: str | None, text: str) -> bool:
    """Whether the words are the speaker's own sorry, said of themself (not of someone else's, not reported)."""
    if about not in (None, speaker):
        return False
    names = tuple(c.name for c in world.characters.values())
    return "apology" in kinds_of(detect_intents(text, "zh" if world.language == "zh" else "en", names=names))


def heard_in_person(world: World, memory: MemoryStore, fact: Fact) -> list[tuple[Belief, list[EdgeMove]]]:
    """Each NPC listener's first-hand belief that the speaker apologised, with the edge moves it makes."""
    speaker = fact.actor
    assert speaker is not None
    claim = read_claim(memory, "apologised" if world.language != "zh" else "道了歉", about=speaker)
    claim.quote = fact.text
    out: list[tuple[Belief, list[EdgeMove]]] = []
    for listener in fact.to:
        if listener == speaker or world.character(listener).is_player:
            continue
        belief = form_belief(world, memory, listener, claim, source="witnessed", fact=fact,
                             origin_fact_id=fact.id, hops=0, private=fact.private)
        out.append((belief, appraise_belief_moves(world, memory, belief)))
    return out
