"""The context builder: what an NPC brings to this moment, in tiers, inside a budget.

1. impressions of those present, always;
2. summaries ranked by relevance x recency x importance;
3. held beliefs about those present;
4. raw events only when the moment needs them (asked directly, a key decision);
5. two-hop relations only on demand.
Relevance is a rank among candidates (embedding scores sit in a narrow band: never threshold
raw cosine). Candidates come from the holder's vector index plus the most recent items, so the
cost does not grow with everything an NPC has ever remembered.
"""

from __future__ import annotations

from datetime import datetime

import numpy as np
from pydantic import BaseModel, Field

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.privacy import visible_to
from townsfolk.memory.relevance import Relevance
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

RECENCY_HALF_LIFE_S = 3 * 86400.0
BOND_AXES = ("familiarity", "trust", "affinity", "tension")  # edges that describe a bond, not a tie
CANDIDATES = 32
RECENT = 12


class ContextBudget(BaseModel):
    max_items: int = Field(default=12, ge=1)
    max_tokens: int = Field(default=600, ge=1)


class ContextRequest(BaseModel):
    """Who is remembering, who is present, what the moment is about, who is watching."""

    holder: str
    present: list[str] = Field(default_factory=list)
    query: str | None = None
    viewer: str | None = None  # the player in the conversation: private items of others never show
    need_events: bool = False
    two_hop: bool = False
    budget: ContextBudget = Field(default_factory=ContextBudget)


class ContextItem(BaseModel):
    tier: str  # impression | summary | belief | event | two_hop
    id: str
    text: str
    about: str | None = None
    score: float = 0.0


class Context(BaseModel):
    items: list[ContextItem] = Field(default_factory=list)
    tokens: int = 0
    dropped: int = 0

    def ids(self) -> list[str]:
        return [i.id for i in self.items]


def _tokens(text: str) -> int:
    cjk = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    return cjk + (len(text) - cjk + 3) // 4


def rank_scores(relevance: np.ndarray, ages_s: np.ndarray, importance: np.ndarray) -> np.ndarray:
    """relevance-rank x recency x importance, vectorised; relevance enters only as its rank."""
    n = len(relevance)
    if n == 0:
        return np.zeros(0)
    order = np.argsort(np.argsort(relevance, kind="stable"), kind="stable")
    rel = (order + 1) / n  # 1/n .. 1
    recency = np.exp2(-np.maximum(ages_s, 0.0) / RECENCY_HALF_LIFE_S)
    return (0.25 + rel) * (0.25 + recency) * (0.25 + importance)


def _candidates(memory: MemoryStore, rel: Relevance | None, holder: str, kind: str,
                query_vec: np.ndarray | None) -> dict[str, float]:
    """Candidate ids of one kind with their raw relevance: one index search plus the most recent items."""
    out: dict[str, float] = {i.id: 0.0 for i in memory.recent(holder, kind, RECENT)}
    if rel is not None and query_vec is not None and memory.count(holder, kind):
        for item_id, score in rel.search(holder, kind, query_vec, CANDIDATES):
            out[item_id] = score
    return out


def _ranked(memory: MemoryStore, world: World, req: ContextRequest, kind: str, rel: Relevance | None,
            query_vec: np.ndarray | None, now: datetime) -> list[tuple[float, Summary | EventMemory]]:
    cands = _candidates(memory, rel, req.holder, kind, query_vec)
    table = memory.summaries if kind == "summary" else memory.events
    present = set(req.present)
    is_event = kind == "event"
    chosen = []
    for item_id, score in cands.items():
        item = table.get(item_id)
        if item is None or item.status != "active":
            continue
        if is_event and item.meta.get("dialogue"):
            continue  # what was said in earlier conversations is not quoted back
        involved = item.about in present or (is_event and not present.isdisjoint(item.participants))
        if present and not involved:
            continue  # the moment concerns the people in it
        if item.private and not visible_to(item, req.viewer, world):
            continue
        about = world.characters.get(item.about or "")
        if about is not None and about.is_player and item.about not in present and item.about != req.viewer:
            continue  # one player's story is not told to another
        chosen.append((item, score + (0.3 if involved else 0.0)))
    if not chosen:
        return []
    relevance = np.array([s for _, s in chosen])
    ages = np.array([(now - i.time).total_seconds() for i, _ in chosen])
    importance = np.array([i.importance for i, _ in chosen])
    scores = rank_scores(relevance, ages, importance)
    order = sorted(range(len(chosen)), key=lambda j: (-scores[j], chosen[j][0].id))
    return [(float(scores[j]), chosen[j][0]) for j in order]


def build_context(world: World, memory: MemoryStore, req: ContextRequest, *, relevance: Relevance | None = None,
                  query_vec: np.ndarray | None = None) -> Context:
    """Fill the budget tier by tier; later tiers get what earlier ones left."""
    now = world.now
    ctx = Context()
    budget = req.budget

    def add(tier: str, item: Impression | Summary | Belief | EventMemory, text: str, score: float) -> bool:
        cost = _tokens(text)
        if len(ctx.items) >= budget.max_items or ctx.tokens + cost > budget.max_tokens:
            ctx.dropped += 1
            return False
        about = getattr(item, "about", None) if not isinstance(item, Belief) else item.claim.about
        ctx.items.append(ContextItem(tier=tier, id=item.id, text=text, about=about, score=round(score, 4)))
        ctx.tokens += cost
        return True

    if query_vec is None and relevance is not None and req.query:
        query_vec = relevance.embedder.embed_query(req.query)
    for person in req.present:
        imp = memory.impression(req.holder, person)
        if imp is not None and visible_to(imp, req.viewer, world):
            add("impression", imp, imp.text, 1.0)
    for score, s in _ranked(memory, world, req, "summary", relevance, query_vec, now)[:4]:
        if add("summary", s, s.text, score):
            s.uses += 1
            memory.touch(s)
    seen_beliefs: set[str] = set()
    for person in req.present:
        for b in memory.beliefs_of(req.holder, person):
            if b.id not in seen_beliefs and visible_to(b, req.viewer, world):
                seen_beliefs.add(b.id)
                add("belief", b, b.text, b.credibility)
    if req.need_events:
        for score, e in _ranked(memory, world, req, "event", relevance, query_vec, now)[:6]:
            if e.source == "heard" and e.fact_id and any(not b.held for b in memory.beliefs_via(req.holder, e.fact_id)):
                continue  # a rumour no longer believed is not brought up again
            add("event", e, e.what, score)
    if req.two_hop:
        for person in req.present:
            # the people a present person is tied to (relationship kinds, not bond axes), strongest first
            seen: set[str] = set()
            for edge in world.graph.neighbours(person):
                other = edge.target
                if edge.kind in BOND_AXES or other in seen or other == req.holder or other in req.present:
                    continue
                seen.add(other)
                imp = memory.impression(req.holder, other)
                if imp is not None and visible_to(imp, req.viewer, world):
                    add("two_hop", imp, imp.text, edge.strength)
                if len(seen) >= 3:
                    break
    return ctx
