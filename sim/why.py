"""Why: how one character regards another, answered from sources.

For each edge HOLDER -> TARGET: its strength over time, and for every change the belief or event
behind it, walked back to the fact and the chain of tellers, with credibility at each hop.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.messages import msg, reason_label
from townsfolk.sim.why_drops import drop_reason
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import EdgeChange
from townsfolk.world.world import World


class Hop(BaseModel):
    """One link in a belief's chain: who held it, who told them, how credible, how it changed."""

    holder: str
    belief_id: str
    text: str
    source: str
    told_by: str | None
    hops: int
    credibility: float
    distortion: str
    status: str


class ChangeExplanation(BaseModel):
    tick: int
    time: str
    before: float
    after: float
    reason: str
    cause_kind: str
    cause_id: str | None
    chain: list[Hop] = Field(default_factory=list)  # from the fact's first witness to the holder
    fact: str | None = None
    fact_id: str | None = None
    fact_tick: int | None = None
    fact_text: str | None = None
    superseded_reason: str | None = None


class EdgeExplanation(BaseModel):
    kind: str
    strength: float
    since: str
    last_reinforced: str
    changes: list[ChangeExplanation]


class Explanation(BaseModel):
    holder: str
    target: str
    edges: list[EdgeExplanation]
    beliefs: list[tuple[Belief, list[Hop]]]
    impression: str | None = None
    summaries: list[str] = Field(default_factory=list)


def chain_of(memory: MemoryStore, belief: Belief) -> list[Hop]:
    """The belief and its ancestors, first-hand witness first."""
    hops: list[Hop] = []
    current: Belief | None = belief
    seen: set[str] = set()
    while current is not None and current.id not in seen:
        seen.add(current.id)
        hops.append(Hop(holder=current.holder, belief_id=current.id, text=current.text, source=current.source,
                        told_by=current.told_by, hops=current.hops, credibility=current.credibility,
                        distortion=current.distortion, status=current.status))
        current = memory.beliefs.get(current.parent_id) if current.parent_id else None
    chain = list(reversed(hops))
    for parent, hop in zip(chain, chain[1:], strict=False):
        if hop.distortion != "faithful" and hop.text == parent.text:
            hop.distortion = "faithful"  # the same words passed on (a run from before they were told apart)
    return chain


def _placeholder(ch: EdgeChange, following: EdgeChange | None) -> bool:
    """A no-op step the same cause follows at once in the same tick (an edge made at its default
    and then moved): showing it reads as a change that changed nothing. Seeds always show."""
    return (following is not None and ch.before == ch.after and ch.cause.kind != "seed"
            and following.tick == ch.tick and following.cause.kind == ch.cause.kind
            and following.cause.id == ch.cause.id)


def _fact_line(f: Fact, text: str | None = None) -> str:
    """The fact in one line (kept for older clients); renderers use fact_id, fact_tick and fact_text."""
    return f"{f.id} @tick {f.tick}: {f.text if text is None else text}"


_SAID_KINDS = frozenset({"say", "tell", "retell", "gossip", "chat", "confide", "message"})


def fact_words(world: World, f: Fact) -> str:
    """A fact's text, and for words someone said, who said them to whom: a chat's fact text is the claim
    told ("Una Piper is dishonest"), which under "fact" read as something true (newcomer N-26)."""
    if f.kind not in _SAID_KINDS or not f.actor or f.actor not in world.characters or not f.text:
        return f.text
    to = [world.name(x) for x in f.to if x in world.characters]
    who = world.name(f.actor)
    if world.language == "zh":
        return f"{who}对{'、'.join(to)}说：{f.text}" if to else f"{who}说：{f.text}"
    return f"{who} told {', '.join(to)}: {f.text}" if to else f"{who} said: {f.text}"


def explain(world: World, memory: MemoryStore, holder: str, target: str) -> Explanation:
    """Everything that explains how holder regards target."""
    world.character(holder)
    world.character(target)
    edges: list[EdgeExplanation] = []
    for edge in world.graph.edges_between(holder, target):
        changes = []
        history = edge.history
        for i, ch in enumerate(history):
            if _placeholder(ch, history[i + 1] if i + 1 < len(history) else None):
                continue
            item = ChangeExplanation(tick=ch.tick, time=ch.time.isoformat(timespec="minutes"), before=ch.before,
                                     after=ch.after, reason=reason_label(world.language, ch.reason), cause_kind=ch.cause.kind, cause_id=ch.cause.id)
            belief = memory.beliefs.get(ch.cause.id or "") if ch.cause.kind == "belief" else None
            if belief is not None:
                item.chain = chain_of(memory, belief)
                item.superseded_reason = belief.superseded_reason
                origin = belief.origin_fact_id
                if origin and origin in world.facts:
                    f = world.facts.get(origin)
                    item.fact_text = fact_words(world, f)
                    item.fact, item.fact_id, item.fact_tick = _fact_line(f, item.fact_text), f.id, f.tick
            elif ch.cause.kind == "event" and ch.cause.id in memory.events:
                ev = memory.events[ch.cause.id]
                if ev.fact_id and ev.fact_id in world.facts:
                    f = world.facts.get(ev.fact_id)
                    item.fact_text = fact_words(world, f)
                    item.fact, item.fact_id, item.fact_tick = _fact_line(f, item.fact_text), f.id, f.tick
            elif ch.cause.kind == "fact" and ch.cause.id and ch.cause.id in world.facts:
                # an interaction ("was there", "met"): its reason names only the kind of moment, so
                # the fact says what happened (read now, so an erased player's words stay erased)
                f = world.facts.get(ch.cause.id)
                item.fact_text = fact_words(world, f)
                item.fact, item.fact_id, item.fact_tick = _fact_line(f, item.fact_text), f.id, f.tick
                # a fall at a meeting was over something: say what, with the chain of tellers
                reason, over = drop_reason(world, memory, holder, target, ch, f)
                item.reason = reason_label(world.language, reason)
                if over is not None:
                    item.chain = chain_of(memory, over)
            changes.append(item)
        edges.append(EdgeExplanation(kind=edge.kind, strength=edge.strength,
                                     since=edge.since.isoformat(timespec="minutes"),
                                     last_reinforced=edge.last_reinforced.isoformat(timespec="minutes"),
                                     changes=changes))
    beliefs = [(b, chain_of(memory, b)) for b in memory.beliefs_of(holder, target, held_only=False)]
    imp = memory.impression(holder, target)
    return Explanation(holder=holder, target=target, edges=edges, beliefs=beliefs,
                       impression=msg(world.language, "why.impression_value", text=imp.text, valence=imp.valence,
                                      confidence=imp.confidence) if imp else None,
                       summaries=[s.text for s in memory.summaries_of(holder, target)])
