"""Dialogue pieces shared by the pipeline: the reply record, who a line names, and grounding.

Grounding turns the context the builder chose into items in the NPC's own voice, so whatever
model speaks, it speaks from what this NPC actually remembers.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import render_claim
from townsfolk.memory.context import Context
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World


class Reply(BaseModel):
    """An NPC's answer with the memories it drew on and the model call behind it."""

    npc: str
    asker: str
    question: str
    text: str
    subjects: list[str]
    grounding_ids: list[str] = Field(default_factory=list)
    model: str = ""
    tokens_in: int = 0
    tokens_out: int = 0
    fallback: str | None = None


def mentioned(world: World, text: str, *, exclude: set[str]) -> list[str]:
    """Characters named in the text (by name or id), in order of appearance."""
    hits: list[tuple[int, str]] = []
    lowered = text.lower()
    for cid, c in world.characters.items():
        if cid in exclude:
            continue
        positions = [p for p in (text.find(c.name), lowered.find(cid.lower())) if p >= 0]
        if positions:
            hits.append((min(positions), cid))
    return [cid for _, cid in sorted(hits)]


def second_person(text: str, listener_name: str, language: str) -> str:
    """Speaking to someone, their name in a memory becomes 'you' / '你'."""
    if not listener_name or listener_name not in text:
        return text
    if language == "zh":
        return text.replace(listener_name, "你")
    return text.replace(f"{listener_name}'s", "your").replace(listener_name, "you")


def grounding_from(world: World, memory: MemoryStore, ctx: Context, npc: str, listener: str) -> list[GroundingItem]:
    """Turn the context into grounding in the NPC's own voice (I / 我, you / 你)."""
    names = {cid: c.name for cid, c in world.characters.items()}
    lang = world.language
    items: list[GroundingItem] = []
    beliefs = [memory.beliefs[i.id] for i in ctx.items if i.id in memory.beliefs]
    carried = {b.via_fact_id for b in beliefs if b.source != "witnessed"}
    for entry in ctx.items:
        item = memory.get(entry.id)
        if isinstance(item, Impression):
            items.append(GroundingItem(kind="impression", id=item.id, text=item.text, about=item.about,
                                       valence=item.valence, meta={"about_name": names.get(item.about, item.about),
                                                                   "background": entry.tier == "two_hop"}))
        elif isinstance(item, Summary):
            items.append(GroundingItem(kind="summary", id=item.id, text=item.text, about=item.about,
                                       valence=item.valence,
                                       meta={"cleared": "cleared" in item.covers or item.valence > 0.2}))
        elif isinstance(item, Belief):
            if item.source == "witnessed":
                continue  # the event of seeing it says the same, in the NPC's own words
            from_listener = item.told_by == listener
            claim = item.claim.model_copy(update={"said_by": None}) if from_listener else item.claim
            text = render_claim(claim, names, lang, listener=listener, speaker=npc)
            items.append(GroundingItem(
                kind="belief", id=item.id, text=text, about=item.claim.about, valence=item.claim.valence,
                meta={"source": item.source, "teller_name": names.get(item.told_by or "", ""),
                      "from_listener": from_listener,
                      "quote": item.claim.quote,
                      "toward_me": item.claim.target == npc or (item.claim.about == npc and item.claim.said_by is not None),
                      "credibility": item.credibility}))
        elif isinstance(item, EventMemory):
            if item.source == "heard" and item.fact_id in carried:
                continue  # the belief it carried already says it
            said_to_them = second_person(item.what, names.get(listener, ""), lang)
            items.append(GroundingItem(kind="event", id=item.id, text=said_to_them, about=item.about,
                                       valence=item.valence,
                                       meta={"source": item.source, "puzzled": bool(item.meta.get("puzzled")),
                                             "cleared": item.source == "cleared"}))
    return items
