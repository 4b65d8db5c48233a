"""What level 2 of the gate sees: full context for event triggers, a light one for drive ticks.

An event trigger (something happened nearby) gets the tiered context about the event and the
people it could be told to, ranked by the event's words; a drive tick (nothing in particular)
gets the light version: persona, mood, pending intents, the newest summaries and how long since
the NPC last had contact with each candidate. Either way the memories handed to level 2 are
recorded with the decision, so "why did it speak?" can point at them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from townsfolk.agents.gate import Candidate, Trigger, context_mode
from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.memory.context import ContextBudget, ContextRequest, build_context
from townsfolk.memory.relevance import Relevance
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

FULL_ITEMS = 6
LIGHT_SUMMARIES = 2


def _since(world: World, npc: str, other: str, now: datetime) -> str:
    edge = world.graph.get(npc, other, "familiarity")
    if edge is None or not edge.history:
        return "never met" if world.language == "en" else "没打过交道"
    hours = (now - edge.history[-1].time).total_seconds() / 3600
    if world.language == "zh":
        return f"{hours / 24:.0f}天没联系" if hours >= 24 else f"{hours:.0f}小时前联系过"
    return f"{hours / 24:.0f} days since last contact" if hours >= 24 else f"in contact {hours:.0f} h ago"


def gate_context(world: World, memory: MemoryStore, trigger: Trigger, candidates: Sequence[Candidate], *,
                 relevance: Relevance | None = None, mood: str = "", pending: Sequence[str] = (),
                 query: str | None = None) -> tuple[str, list[GroundingItem]]:
    """The context line and the memories for one level-2 decision (see the module docstring)."""
    npc = trigger.npc
    me = world.character(npc)
    zh = world.language == "zh"
    parts = [f"{me.name}（{me.role}）{me.persona}".strip() if zh else f"{me.name} ({me.role}). {me.persona}".strip()]
    if mood:
        parts.append(("心情：" if zh else "mood: ") + mood)
    if pending:
        parts.append(("还没办的事：" if zh else "pending: ") + "; ".join(pending))
    parts += [f"{c.name or c.id}: {_since(world, npc, c.id, trigger.at)}" for c in candidates]
    memories: list[GroundingItem] = []
    if context_mode(trigger.kind) == "full":
        present = [c.id for c in candidates] + ([trigger.from_whom] if trigger.from_whom else [])
        ctx = build_context(world, memory, ContextRequest(holder=npc, present=present, query=query, need_events=True,
                                                          topic=True, budget=ContextBudget(max_items=FULL_ITEMS)),
                            relevance=relevance)
        for item in ctx.items:
            memories.append(GroundingItem(kind=item.tier if item.tier in ("impression", "summary", "belief", "event")
                                          else "event", id=item.id, text=item.text, about=item.about,
                                          meta={"teller": item.teller, "source": item.source}))
    else:
        summaries = [s for s in memory.summaries_of(npc) if s.status == "active" and not s.private]
        for s in sorted(summaries, key=lambda s: (s.tick, s.id))[-LIGHT_SUMMARIES:]:
            memories.append(GroundingItem(kind="summary", id=s.id, text=s.text, about=s.about, valence=s.valence,
                                          meta={"teller": s.told_by[0] if s.told_by else None, "source": "summary"}))
    return ("；" if zh else "; ").join(p for p in parts if p), memories
