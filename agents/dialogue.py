"""A dialogue turn, first version: who is asked about, what the NPC recalls, and its reply.

The NPC's words come from the LLM protocol, grounded in its own recollection; when the model
fails or is absent the offline voice answers, so a turn never stalls.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from agents.llm.offline import OfflineProvider
from agents.llm.protocol import GroundingItem, LLMProvider, LLMRequest, LLMResponse, Message
from memory.beliefs import Belief
from memory.claims import render_claim
from memory.context import Context, ContextRequest, build_context
from memory.events import EventMemory
from memory.impressions import Impression, Summary
from memory.relevance import Relevance
from memory.store import MemoryStore
from world.world import World


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
            items.append(GroundingItem(kind="event", id=item.id, text=item.what, about=item.about,
                                       valence=item.valence,
                                       meta={"source": item.source, "puzzled": bool(item.meta.get("puzzled")),
                                             "cleared": item.source == "cleared"}))
    return items


def reply_to(world: World, memory: MemoryStore, provider: LLMProvider, npc: str, asker: str,
             text: str, *, relevance: Relevance | None = None) -> tuple[Reply, list[LLMResponse]]:
    """Answer `asker` from what `npc` remembers about whoever the question names."""
    subjects = mentioned(world, text, exclude={npc, asker}) or [asker]
    request = ContextRequest(holder=npc, present=subjects, query=text, viewer=asker, need_events=True)
    ctx = build_context(world, memory, request, relevance=relevance)
    grounding = grounding_from(world, memory, ctx, npc, asker)
    me = world.character(npc)
    system = (f"你是{me.name}（{me.role}）。{me.persona} 只根据给出的记忆回答，用第一人称，简短口语。"
              if world.language == "zh" else
              f"You are {me.name} ({me.role}). {me.persona} Answer only from the memories given, "
              "in the first person, briefly and naturally.")
    request = LLMRequest(task="reply", language=world.language, speaker=me.name,  # type: ignore[arg-type]
                         listener=world.name(asker),
                         messages=[Message(role="system", content=system), Message(role="user", content=text)],
                         grounding=grounding, meta={"npc": npc, "asker": asker, "subjects": subjects})
    response = provider.complete(request)
    responses = [response]
    fallback = None
    if not response.ok or not response.text.strip():
        fallback = response.error or "empty answer"
        response = OfflineProvider().complete(request)
    reply = Reply(npc=npc, asker=asker, question=text, text=response.text.strip(), subjects=subjects,
                  grounding_ids=[g.id for g in grounding], model=response.model, tokens_in=sum(r.tokens_in for r in responses),
                  tokens_out=sum(r.tokens_out for r in responses), fallback=fallback)
    return reply, responses
