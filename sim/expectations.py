"""Expectations: what a designer says must be true at a tick, checked during playback."""

from __future__ import annotations

from pydantic import BaseModel

from townsfolk.sim.engine import Simulation
from townsfolk.sim.scenario import Expectation


class ExpectationResult(BaseModel):
    index: int
    at: int
    ok: bool
    description: str
    found: str


def check(sim: Simulation, index: int, exp: Expectation) -> ExpectationResult:
    """Check one expectation against the simulation as it stands now."""
    w, m = sim.world, sim.memory
    if exp.belief is not None:
        e = exp.belief
        desc = f"{e.holder} has a {e.status} belief about {e.about} (hops >= {e.min_hops})"
        pool = m.beliefs_of(e.holder, e.about, held_only=False)
        match = [b for b in pool if (e.status == "any" or b.status == e.status) and b.hops >= e.min_hops and (e.max_hops is None or b.hops <= e.max_hops)
                 and (e.predicate is None or b.claim.predicate == e.predicate)]
        found = "; ".join(f"{b.id} '{b.text}' hops={b.hops} cred={b.credibility:.2f} {b.status}" for b in pool) or "no beliefs"
        return ExpectationResult(index=index, at=exp.at, ok=bool(match), description=desc, found=found)
    if exp.relation is not None:
        r = exp.relation
        edge = w.graph.get(r.from_, r.to, r.kind)
        bound = f"< {exp.below}" if exp.below is not None else f">= {exp.at_least}"
        desc = f"{r.from_} -> {r.to} [{r.kind}] {bound}"
        if edge is None:
            return ExpectationResult(index=index, at=exp.at, ok=False, description=desc, found="no such edge")
        ok = (exp.below is None or edge.strength < exp.below) and (exp.at_least is None or edge.strength >= exp.at_least)
        return ExpectationResult(index=index, at=exp.at, ok=ok, description=desc, found=f"strength {edge.strength:.3f}")
    for kind in ("summary", "impression"):
        layer = getattr(exp, kind)
        if layer is None:
            continue
        items = (m.summaries_of(layer.holder, layer.about) if kind == "summary"
                 else [i for i in [m.impression(layer.holder, layer.about)] if i is not None])
        desc = f"{layer.holder} has a {kind} of {layer.about}"
        if exp.mentions or exp.excludes:
            desc += f" mentioning {exp.mentions} and not {exp.excludes}"
        if kind == "impression" and (exp.below is not None or exp.at_least is not None):
            desc += f" with valence {'< ' + str(exp.below) if exp.below is not None else '>= ' + str(exp.at_least)}"
        ok_items = [i for i in items if all(w_ in i.text for w_ in exp.mentions)
                    and not any(w_ in i.text for w_ in exp.excludes)
                    and (kind != "impression" or ((exp.below is None or i.valence < exp.below)
                                                  and (exp.at_least is None or i.valence >= exp.at_least)))]
        found = "; ".join(f"{i.id} '{i.text}'" + (f" valence {i.valence:+.2f}" if kind == "impression" else "")
                          for i in items) or f"no {kind}"
        return ExpectationResult(index=index, at=exp.at, ok=bool(ok_items), description=desc, found=found)
    if exp.errand is not None:
        return check_errand(sim, index, exp)
    assert exp.reply is not None
    npc = exp.reply.npc
    replies = [r for t, r in sim.replies if r.npc == npc and t <= exp.at]
    desc = f"{npc}'s reply mentions {exp.mentions} and not {exp.excludes}"
    if not replies:
        return ExpectationResult(index=index, at=exp.at, ok=False, description=desc, found=f"{npc} has not replied")
    text = replies[-1].text
    ok = all(w_ in text for w_ in exp.mentions) and not any(w_ in text for w_ in exp.excludes)
    return ExpectationResult(index=index, at=exp.at, ok=ok, description=desc, found=text)


def check_errand(sim: Simulation, index: int, exp: Expectation) -> ExpectationResult:
    """The latest errand of that id between that NPC and player: its status and slot values."""
    ref = exp.errand
    assert ref is not None
    want = " ".join(x for x in [f"status {exp.status}" if exp.status else "",
                                f"slots {exp.slots}" if exp.slots else ""] if x)
    desc = f"{ref.npc}'s errand {ref.id} with {ref.player}: {want}"
    mine = [e for e in sim.errands.book.of(ref.npc, ref.player) if e.errand == ref.id]
    if not mine:
        return ExpectationResult(index=index, at=exp.at, ok=False, description=desc, found="no such errand")
    e = mine[-1]
    def same(have: object, want: object) -> bool:
        if isinstance(want, list):
            return [str(x) for x in (have or [])] == [str(x) for x in want]  # type: ignore[union-attr]
        return have is not None and str(have) == str(want)
    wrong = [k for k, v in (exp.slots or {}).items() if not same(e.values.get(k), v)]
    ok = (exp.status is None or e.status == exp.status) and not wrong
    found = f"{e.status}, slots {e.values}" + (f" (differs: {', '.join(wrong)})" if wrong else "")
    return ExpectationResult(index=index, at=exp.at, ok=ok, description=desc, found=found)
