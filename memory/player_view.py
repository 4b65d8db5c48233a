"""What an NPC remembers about a player, as the player is entitled to see it."""

from __future__ import annotations

from pydantic import BaseModel, Field

from townsfolk.memory.erasure import ErasureError, involves, mentions
from townsfolk.memory.perception import first_person
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World


class MemoryLine(BaseModel):
    id: str
    kind: str
    tick: int
    text: str
    private: bool = False


class PlayerMemoryView(BaseModel):
    npc: str
    player: str
    impressions: list[MemoryLine] = Field(default_factory=list)
    summaries: list[MemoryLine] = Field(default_factory=list)
    beliefs: list[MemoryLine] = Field(default_factory=list)
    events: list[MemoryLine] = Field(default_factory=list)
    # memories about others that name the player or that they took part in ("Agatha and I had a
    # misunderstanding; Quill helped us clear it up"): not about them, so `forget` keeps these with the
    # player made anonymous; listed so the view does not say the NPC holds nothing of them (K-15)
    naming: list[MemoryLine] = Field(default_factory=list)


def memories_about(world: World, memory: MemoryStore, npc: str, player: str, *,
                   include_events: bool = False) -> PlayerMemoryView:
    """Impressions, summaries and beliefs (what the NPC holds true about the player: most of what a
    young world remembers); the raw events it perceived too with `include_events`; and always the
    memories of others that name the player (`naming`: a mediation they brought about)."""
    p, n = world.characters.get(player), world.characters.get(npc)
    if p is None or not p.is_player:
        raise ErasureError(f"unknown player {player!r}")
    if n is None or n.is_player:
        raise ErasureError(f"unknown NPC {npc!r}")
    view = PlayerMemoryView(npc=npc, player=player)
    for imp in memory.impressions_of(npc):
        if imp.about == player:
            view.impressions.append(MemoryLine(id=imp.id, kind="impression", tick=imp.tick,
                                               text=f"{imp.text} ({imp.valence:+.2f})", private=imp.private))
    for s in memory.summaries_of(npc, player):
        view.summaries.append(MemoryLine(id=s.id, kind="summary", tick=s.tick, text=s.text, private=s.private))
    for b in memory.beliefs_of(npc, held_only=False):
        if involves(world, b, player):
            # from the NPC's side: "the Walker chatted with me", not with its own name (N-44)
            view.beliefs.append(MemoryLine(id=b.id, kind="belief", tick=b.tick, text=first_person(world, npc, b.text),
                                           private=b.private))
    for e in memory.events_of(npc):
        if involves(world, e, player):
            if include_events:
                view.events.append(MemoryLine(id=e.id, kind="event", tick=e.tick, text=e.what, private=e.private))
        elif not e.private and mentions(world, e, player) and world.characters[player].name in e.what:
            # (never another's private words that name them: the courier's whispered "call me if Pilgrim
            # leaves early" is the courier's, not Pilgrim's to read)
            view.naming.append(MemoryLine(id=e.id, kind="event", tick=e.tick, text=e.what, private=e.private))
    return view
