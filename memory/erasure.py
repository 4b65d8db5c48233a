"""The player's right to erasure: forget one memory, all one NPC holds, or all the world holds.

Erasure follows derivation: beliefs descended from an erased item (across every holder it was
retold to), the events of those retellings, summaries built on it and impressions built on those
summaries all go; the edge changes they caused are reverted; facts holding the player's words are
redacted. Nothing derived remains to shape behaviour.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

REDACTED = "[erased]"


class ErasureError(ValueError):
    """An erasure that cannot be carried out; nothing has been touched."""


class ErasureReport(BaseModel):
    player: str
    npc: str | None = None
    memory_id: str | None = None
    removed: dict[str, list[str]] = Field(default_factory=dict)
    redacted_facts: list[str] = Field(default_factory=list)
    reverted_edge_changes: int = 0
    reopened_events: list[str] = Field(default_factory=list)
    erased_texts: list[str] = Field(default_factory=list)

    @property
    def removed_ids(self) -> set[str]:
        return {i for ids in self.removed.values() for i in ids}

    @property
    def total(self) -> int:
        return len(self.removed_ids)


def involves(world: World, item: EventMemory | Belief | Summary | Impression, player: str) -> bool:
    """Whether a memory item is about, with, or from the player."""
    if isinstance(item, EventMemory):
        return player in item.participants or item.about == player
    if isinstance(item, Belief):
        if item.concerns(player) or item.told_by == player:
            return True
        fact_id = item.via_fact_id
        return bool(fact_id and fact_id in world.facts and world.facts.get(fact_id).actor == player)
    return item.about == player


def _validate(world: World, memory: MemoryStore, player: str, npc: str | None, memory_id: str | None) -> None:
    c = world.characters.get(player)
    if c is None:
        raise ErasureError(f"unknown player {player!r}")
    if not c.is_player:
        raise ErasureError(f"{player!r} is an NPC, not a player; erasure is a player's right")
    if npc is not None:
        n = world.characters.get(npc)
        if n is None:
            raise ErasureError(f"unknown NPC {npc!r}")
        if n.is_player:
            raise ErasureError(f"{npc!r} is a player, not an NPC")
    if memory_id is not None:
        try:
            item = memory.get(memory_id)
        except KeyError:
            raise ErasureError(f"no memory {memory_id!r}") from None
        if npc is not None and item.holder != npc:
            raise ErasureError(f"memory {memory_id!r} is held by {item.holder!r}, not {npc!r}")
        if not involves(world, item, player):
            raise ErasureError(f"memory {memory_id!r} is not about {player!r}; a player may erase only memories of them")


def _closure(world: World, memory: MemoryStore, seeds: set[str]) -> set[str]:
    """Everything derived from the seed items: descended beliefs, retelling events, built summaries."""
    gone = set(seeds)
    changed = True
    while changed:
        changed = False
        for b in list(memory.beliefs.values()):
            if b.id in gone:
                continue
            derived = (b.parent_id in gone) or any(
                b.via_fact_id == memory.get(i).fact_id and b.holder == memory.get(i).holder
                for i in gone if i in memory.events)
            if derived:
                gone.add(b.id)
                changed = True
        for e in list(memory.events.values()):
            if e.id in gone or e.fact_id is None or e.fact_id not in world.facts:
                continue
            fact = world.facts.get(e.fact_id)
            if fact.kind == "retell" and fact.meta.get("basis") in gone:
                gone.add(e.id)
                changed = True
    return gone


def erase(world: World, memory: MemoryStore, *, player: str, npc: str | None = None,
          memory_id: str | None = None) -> ErasureReport:
    """Erase as asked and everything derived from it; raises ErasureError before touching anything."""
    _validate(world, memory, player, npc, memory_id)
    holders = [npc] if npc else [h for h in memory.holders() if not world.characters[h].is_player]
    if memory_id is not None:
        seeds = {memory_id}
    else:
        seeds = {item.id for h in holders for kind in ("event", "belief", "summary", "impression")
                 for item in memory._of(h, kind) if involves(world, item, player)}  # noqa: SLF001
    if not seeds:
        raise ErasureError(f"nothing to erase: {npc or 'no NPC'} holds no memory of {player!r}")
    gone = _closure(world, memory, seeds)
    report = ErasureReport(player=player, npc=npc, memory_id=memory_id)
    # summaries built on erased items are removed; their other events are reopened for refolding
    for s in list(memory.summaries.values()):
        if s.id not in gone and any(c in gone for c in s.covers):
            gone.add(s.id)
    for s in [memory.summaries[i] for i in gone if i in memory.summaries]:
        for c in s.covers:
            e = memory.events.get(c)
            if e is not None and c not in gone and e.status == "archived":
                e.status = "active"
                e.meta.pop("absorbed_by", None)
                memory.touch(e)
                report.reopened_events.append(c)
    for imp in list(memory.impressions.values()):
        if imp.id not in gone and any(src in gone for src in imp.sources):
            gone.add(imp.id)
    # the words themselves: texts to scrub, facts to redact
    facts_to_redact: set[str] = set()
    for i in sorted(gone):
        item = memory.get(i)
        report.erased_texts += _texts_of(item)
        fact_id = getattr(item, "fact_id", None) or getattr(item, "via_fact_id", None)
        if fact_id and fact_id in world.facts:
            fact = world.facts.get(fact_id)
            scope = {player, *(holders if npc else world.characters)}
            if player in fact.participants and set(fact.participants) <= scope:
                facts_to_redact.add(fact_id)
    if memory_id is None and npc is None:
        facts_to_redact |= {f.id for f in world.facts if player in f.participants}
    # undo what erased items did to relationships, and blank the reasons that quoted them
    for edge in world.graph.edges():
        for change in list(edge.history):
            if change.cause.id in gone:
                change.reason = REDACTED
                undo = -(change.after - change.before)
                change.cause = Cause(kind="erased", id=None)
                if abs(undo) > 1e-12:
                    world.graph.adjust(edge.source, edge.target, edge.kind, undo, tick=world.tick,
                                       time=world.now, cause=Cause(kind="erasure", id=None), reason=REDACTED)
                report.reverted_edge_changes += 1
                world.graph._dirty.add(edge.key)  # noqa: SLF001
    for fact_id in sorted(facts_to_redact):
        report.erased_texts.append(world.facts.get(fact_id).text)
        world.facts.redact(fact_id, REDACTED)
    report.redacted_facts = sorted(facts_to_redact)
    for i in sorted(gone):
        kind = MemoryStore.kind_of(memory.get(i))
        memory.delete(kind, i)
        report.removed.setdefault(kind, []).append(i)
    # what remains keeps no pointer to what is gone
    for b in memory.beliefs.values():
        if b.superseded_by in gone:
            # what corrected it is gone, and so is the repair it made: the belief stands again
            b.status, b.superseded_by, b.superseded_reason, b.superseded_tick = "held", None, None, None
            memory.touch(b)
    world.facts.drop_references(gone)
    report.erased_texts = sorted({t for t in report.erased_texts if t and t != REDACTED})
    return report


def _texts_of(item: EventMemory | Belief | Summary | Impression) -> list[str]:
    if isinstance(item, EventMemory):
        return [item.what]
    if isinstance(item, Belief):
        return [item.text, item.claim.quote or ""]
    return [item.text]
