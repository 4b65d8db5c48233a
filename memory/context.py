"""The context builder: what an NPC brings to this moment, in tiers, inside a budget.

1. impressions of those present, always;
2. summaries ranked by relevance x recency x importance;
3. held beliefs about those present;
4. raw events only when the moment needs them (asked directly, a key decision);
5. two-hop relations only on demand;
6. for a topic question ("what happened?", "any news?", "did you hear about the mill?"): events,
   told beliefs and summaries ranked by the question's meaning, recency and importance, whoever
   they are about. Every item carries who told the holder (teller) and how it came to know.
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
from townsfolk.memory.topic import could_name_a_thing, is_topic_question, thing_matches
from townsfolk.world.world import World

RECENCY_HALF_LIFE_S = 3 * 86400.0
BOND_AXES = ("familiarity", "trust", "affinity", "tension")  # edges that describe a bond, not a tie
CANDIDATES = 32
RECENT = 12
TOPIC_ITEMS = 3


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
    topic: bool | None = None  # rank everything held by the query, whoever it is about (None: ask the words)
    budget: ContextBudget = Field(default_factory=ContextBudget)


class ContextItem(BaseModel):
    tier: str  # impression | summary | belief | event | two_hop
    id: str
    text: str
    about: str | None = None
    score: float = 0.0
    teller: str | None = None  # who told the holder (a belief's teller, a heard event's speaker, a summary's first)
    source: str | None = None  # witnessed | told | heard | account | participated | summary ...


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
    # what the asker told me is no news to them: after everything else, so a few lines of theirs never
    # crowd the story I saw or was told out of the topic tier (M-6: 出什么事了？ after three remarks)
    theirs = [isinstance(c[0], Belief) and req.viewer is not None and c[0].told_by == req.viewer for c in chosen]
    order = sorted(range(len(chosen)), key=lambda j: (theirs[j], -scores[j], chosen[j][0].id))
    return [(float(scores[j]), chosen[j][0]) for j in order]


def _provenance(item: object) -> tuple[str | None, str | None]:
    """Who told the holder this, and how the holder came by it."""
    if isinstance(item, Belief):
        return item.told_by, item.source
    if isinstance(item, EventMemory):
        return (item.meta.get("teller") if item.source == "heard" else None), item.source
    if isinstance(item, Summary):
        return (item.told_by[0] if item.told_by else None), "summary"
    return None, None


def _shown(item: Summary | EventMemory | Belief, req: ContextRequest, world: World) -> bool:
    """Privacy and the one-player's-story rule, for items chosen by topic rather than by person."""
    if item.private and not visible_to(item, req.viewer, world):
        return False
    about_id = item.claim.about if isinstance(item, Belief) else item.about
    about = world.characters.get(about_id or "")
    return not (about is not None and about.is_player and about_id not in req.present and about_id != req.viewer)


def _topic_ranked(memory: MemoryStore, world: World, req: ContextRequest, rel: Relevance | None,
                  query_vec: np.ndarray | None, now: datetime) -> list[tuple[float, Summary | EventMemory | Belief]]:
    """Everything the holder holds that could answer a topic question, ranked by the question's
    meaning (as a rank), recency and importance, whoever it is about."""
    chosen: list[tuple[Summary | EventMemory | Belief, float, float]] = []  # item, raw relevance, importance
    for kind, table in (("event", memory.events), ("summary", memory.summaries)):
        for item_id, score in _candidates(memory, rel, req.holder, kind, query_vec).items():
            item = table.get(item_id)
            if item is None or item.status != "active" or not _shown(item, req, world):
                continue
            if isinstance(item, EventMemory):
                if item.meta.get("dialogue") or item.meta.get("message") or item.source == "said":
                    continue  # conversations are not quoted back; what I said is not news to me
                if item.source == "heard" and item.fact_id and any(
                        not b.held for b in memory.beliefs_via(req.holder, item.fact_id)):
                    continue  # a rumour no longer believed is not brought up again
            chosen.append((item, score, item.importance))
    beliefs = [b for b in memory.beliefs_of(req.holder) if b.source != "witnessed" and _shown(b, req, world)]
    if beliefs:
        scores = rel.score_texts([b.text for b in beliefs], query_vec) if rel is not None and query_vec is not None             else np.zeros(len(beliefs))
        for b, score in zip(beliefs, scores.tolist(), strict=True):
            chosen.append((b, float(score), min(1.0, 0.3 + 0.7 * max(b.claim.severity, abs(b.claim.valence)))))
    if not chosen:
        return []
    relevance = np.array([c[1] for c in chosen])
    ages = np.array([(now - c[0].time).total_seconds() for c in chosen])
    importance = np.array([c[2] for c in chosen])
    scores = rank_scores(relevance, ages, importance)
    # what the asker told me is no news to them: after everything else, so a few lines of theirs never
    # crowd the story I saw or was told out of the topic tier (M-6: 出什么事了？ after three remarks)
    theirs = [isinstance(c[0], Belief) and req.viewer is not None and c[0].told_by == req.viewer for c in chosen]
    order = sorted(range(len(chosen)), key=lambda j: (theirs[j], -scores[j], chosen[j][0].id))
    return [(float(scores[j]), chosen[j][0]) for j in order]


def build_context(world: World, memory: MemoryStore, req: ContextRequest, *, relevance: Relevance | None = None,
                  query_vec: np.ndarray | None = None) -> Context:
    """Fill the budget tier by tier; later tiers get what earlier ones left."""
    now = world.now
    ctx = Context()
    budget = req.budget
    taken: set[str] = set()  # ids already in the context

    def add(tier: str, item: Impression | Summary | Belief | EventMemory, text: str, score: float) -> bool:
        cost = _tokens(text)
        if len(ctx.items) >= budget.max_items or ctx.tokens + cost > budget.max_tokens:
            ctx.dropped += 1
            return False
        if item.id in taken:
            return False
        taken.add(item.id)
        about = getattr(item, "about", None) if not isinstance(item, Belief) else item.claim.about
        teller, source = _provenance(item)
        ctx.items.append(ContextItem(tier=tier, id=item.id, text=text, about=about, score=round(score, 4),
                                     teller=teller, source=source))
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
    topic = req.topic if req.topic is not None else is_topic_question(req.query, world.language)
    if topic or (req.topic is None and could_name_a_thing(req.query, world.language)):
        ranked = _topic_ranked(memory, world, req, relevance, query_vec, now)
        texts = [item.what if isinstance(item, EventMemory) else item.text for _, item in ranked]
        names = tuple(world.name(c) for c in (req.holder, req.viewer) if c and c in world.characters)
        matched = set(thing_matches(req.query, texts, world.language, ignore=names))
        if matched:  # the question names a thing held: what mentions it comes first, or alone
            order = sorted(range(len(ranked)), key=lambda j: j not in matched)
            ranked = [ranked[j] for j in order if topic or j in matched]
        elif not topic:
            ranked = []
        for score, item in ranked[:TOPIC_ITEMS]:
            add("topic", item, item.what if isinstance(item, EventMemory) else item.text, score)
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
