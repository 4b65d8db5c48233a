"""A dialogue turn, first version: who is asked about, what the NPC recalls, and its reply.

The NPC's words come from the LLM protocol, grounded in its own recollection; when the model
fails or is absent the offline voice answers, so a turn never stalls.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from agents.llm.offline import OfflineProvider
from agents.llm.protocol import GroundingItem, LLMProvider, LLMRequest, LLMResponse, Message
from memory.claims import render_claim
from memory.recall import Recollection, recall
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


def grounding_from(world: World, rec: Recollection, npc: str, listener: str) -> list[GroundingItem]:
    """Turn recalled items into grounding in the NPC's own voice (I / 我, you / 你)."""
    names = {cid: c.name for cid, c in world.characters.items()}
    lang = world.language
    items: list[GroundingItem] = []
    for imp in rec.impressions:
        items.append(GroundingItem(kind="impression", id=imp.id, text=imp.text, about=imp.about,
                                   valence=imp.valence, meta={"about_name": names.get(imp.about, imp.about)}))
    for s in rec.summaries:
        items.append(GroundingItem(kind="summary", id=s.id, text=s.text, about=s.about, valence=s.valence,
                                   meta={"cleared": "cleared" in s.covers or s.valence > 0.2}))
    for b in rec.beliefs:
        if b.source == "witnessed":
            continue  # the event of seeing it says the same, in the NPC's own words
        text = render_claim(b.claim, names, lang, listener=listener, speaker=npc)
        items.append(GroundingItem(
            kind="belief", id=b.id, text=text, about=b.claim.about, valence=b.claim.valence,
            meta={"source": b.source, "teller_name": names.get(b.told_by or "", ""), "quote": b.claim.quote,
                  "toward_me": b.claim.target == npc or (b.claim.about == npc and b.claim.said_by is not None),
                  "credibility": b.credibility}))
    carried = {b.via_fact_id for b in rec.beliefs if b.source != "witnessed"}
    for e in rec.events:
        if e.source == "heard" and e.fact_id in carried:
            continue  # the belief it carried already says it
        items.append(GroundingItem(kind="event", id=e.id, text=e.what, about=e.about, valence=e.valence,
                                   meta={"source": e.source, "puzzled": bool(e.meta.get("puzzled")),
                                         "cleared": e.source == "cleared"}))
    return items


def reply_to(world: World, memory: MemoryStore, provider: LLMProvider, npc: str, asker: str,
             text: str) -> tuple[Reply, list[LLMResponse]]:
    """Answer `asker` from what `npc` remembers about whoever the question names."""
    subjects = mentioned(world, text, exclude={npc, asker}) or [asker]
    rec = recall(world, memory, npc, subjects, viewer=asker)
    grounding = grounding_from(world, rec, npc, asker)
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
                  grounding_ids=rec.ids(), model=response.model, tokens_in=sum(r.tokens_in for r in responses),
                  tokens_out=sum(r.tokens_out for r in responses), fallback=fallback)
    return reply, responses
