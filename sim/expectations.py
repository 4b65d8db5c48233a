"""Expectations: what a designer says must be true at a tick, checked during playback."""

from __future__ import annotations

from pydantic import BaseModel

from townsfolk.sim.engine import Simulation
from townsfolk.sim.messages import kind_label
from townsfolk.sim.scenario import Expectation

# What an expectation says and what was found, in the world's language: a Chinese world's play
# prints its checks in Chinese like the rest of its timeline (ids stay ids in English, names in zh).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "belief": "{holder} has a {status} belief about {about} ({predicate}hops >= {hops}{max_hops})",
        "no_beliefs": "no beliefs", "belief_found": "{id} '{text}' hops={hops} cred={cred:.2f} {status}",
        "want_predicate": "predicate {predicate}, ", "want_max_hops": ", hops <= {hops}",
        "found_predicate": " ({predicate})",
        "relation": "{a} -> {b} [{kind}] {bound}", "no_edge": "no such edge", "strength": "strength {value:.3f}",
        "layer": "{holder} has a {kind} of {about}", "layer_mentions": " mentioning {mentions} and not {excludes}",
        "layer_valence": " with valence {bound}", "no_layer": "no {kind}", "valence": " valence {value:+.2f}",
        "reply": "{npc}'s reply mentions {mentions} and not {excludes}", "no_reply": "{npc} has not replied",
        "errand": "{npc}'s errand {errand} with {player}: {want}", "no_errand": "no such errand",
        "errand_found": "{status}, slots {values}", "differs": " (differs: {wrong})",
        "want_status": "status {status}", "want_slots": "slots {slots}",
        "summary": "summary", "impression": "impression",
        "held": "held", "superseded": "superseded", "any": "any",
    },
    "zh": {
        "belief": "{holder}对{about}有一条看法（{status}，{predicate}至少第 {hops} 手{max_hops}）",
        "no_beliefs": "没有看法", "belief_found": "{id}“{text}” 第 {hops} 手 可信度 {cred:.2f} {status}",
        "want_predicate": "谓词 {predicate}，", "want_max_hops": "，至多第 {hops} 手",
        "found_predicate": "（谓词 {predicate}）",
        "relation": "{a} → {b}【{kind}】{bound}", "no_edge": "没有这条关系", "strength": "强度 {value:.3f}",
        "layer": "{holder}对{about}有{kind}", "layer_mentions": "，{mentions}",
        "layer_valence": "，好恶 {bound}", "no_layer": "没有{kind}", "valence": " 好恶 {value:+.2f}",
        "reply": "{npc}的回答{mentions}", "no_reply": "{npc}还没回答过",
        "errand": "{npc}和{player}的差事 {errand}：{want}", "no_errand": "没有这件差事",
        "errand_found": "{status}，各项 {values}", "differs": "（不符：{wrong}）",
        "want_status": "状态 {status}", "want_slots": "各项 {slots}",
        "summary": "总结", "impression": "印象",
        "held": "仍持有", "superseded": "已被推翻", "any": "持有或推翻均可",
    },
}


def _words(sim: Simulation) -> dict[str, str]:
    return WORDS["zh"] if sim.world.language == "zh" else WORDS["en"]


def _mentions(sim: Simulation, mentions: list[str], excludes: list[str]) -> dict[str, object]:
    """The words a check wants and refuses: Python lists in English (as before), said in Chinese."""
    if sim.world.language != "zh":
        return {"mentions": mentions, "excludes": excludes}
    parts = ["提到" + "、".join(f"“{w}”" for w in mentions)] if mentions else []
    parts += ["不提" + "、".join(f"“{w}”" for w in excludes)] if excludes else []
    return {"mentions": "，".join(parts) or "不限内容"}


def _who(sim: Simulation, cid: str) -> str:
    """An id in an English world (as the designer wrote it), the name in a Chinese one."""
    return sim.world.name(cid) if sim.world.language == "zh" and cid in sim.world.characters else cid


class ExpectationResult(BaseModel):
    index: int
    at: int
    ok: bool
    description: str
    found: str


def check(sim: Simulation, index: int, exp: Expectation) -> ExpectationResult:
    """Check one expectation against the simulation as it stands now."""
    w, m, say = sim.world, sim.memory, _words(sim)
    if exp.belief is not None:
        e = exp.belief
        # Every condition the check applies is said, and a predicate check shows each found belief's
        # predicate: two failing checks that differ only in `predicate:` must not print the same line.
        desc = say["belief"].format(
            holder=_who(sim, e.holder), status=say[e.status], about=_who(sim, e.about), hops=e.min_hops,
            predicate=say["want_predicate"].format(predicate=e.predicate) if e.predicate is not None else "",
            max_hops=say["want_max_hops"].format(hops=e.max_hops) if e.max_hops is not None else "")
        pool = m.beliefs_of(e.holder, e.about, held_only=False)
        match = [b for b in pool if (e.status == "any" or b.status == e.status) and b.hops >= e.min_hops and (e.max_hops is None or b.hops <= e.max_hops)
                 and (e.predicate is None or b.claim.predicate == e.predicate)]
        found = "; ".join(say["belief_found"].format(id=b.id, text=b.text, hops=b.hops, cred=b.credibility,
                                                      status=say[b.status])
                          + (say["found_predicate"].format(predicate=b.claim.predicate) if e.predicate is not None else "")
                          for b in pool) or say["no_beliefs"]
        return ExpectationResult(index=index, at=exp.at, ok=bool(match), description=desc, found=found)
    if exp.relation is not None:
        r = exp.relation
        edge = w.graph.get(r.from_, r.to, r.kind)
        bound = f"< {exp.below}" if exp.below is not None else f">= {exp.at_least}"
        tie = w.relation_kind(r.kind)
        kind = (tie.zh if tie is not None else kind_label(w.language, r.kind)) if w.language == "zh" else r.kind
        desc = say["relation"].format(a=_who(sim, r.from_), b=_who(sim, r.to), kind=kind, bound=bound)
        if edge is None:
            return ExpectationResult(index=index, at=exp.at, ok=False, description=desc, found=say["no_edge"])
        ok = (exp.below is None or edge.strength < exp.below) and (exp.at_least is None or edge.strength >= exp.at_least)
        return ExpectationResult(index=index, at=exp.at, ok=ok, description=desc,
                                 found=say["strength"].format(value=edge.strength))
    for kind in ("summary", "impression"):
        layer = getattr(exp, kind)
        if layer is None:
            continue
        items = (m.summaries_of(layer.holder, layer.about) if kind == "summary"
                 else [i for i in [m.impression(layer.holder, layer.about)] if i is not None])
        desc = say["layer"].format(holder=_who(sim, layer.holder), kind=say[kind], about=_who(sim, layer.about))
        if exp.mentions or exp.excludes:
            desc += say["layer_mentions"].format(**_mentions(sim, exp.mentions, exp.excludes))
        if kind == "impression" and (exp.below is not None or exp.at_least is not None):
            desc += say["layer_valence"].format(
                bound='< ' + str(exp.below) if exp.below is not None else '>= ' + str(exp.at_least))
        ok_items = [i for i in items if all(w_ in i.text for w_ in exp.mentions)
                    and not any(w_ in i.text for w_ in exp.excludes)
                    and (kind != "impression" or ((exp.below is None or i.valence < exp.below)
                                                  and (exp.at_least is None or i.valence >= exp.at_least)))]
        quoted = "{}“{}”" if w.language == "zh" else "{} '{}'"
        found = "; ".join(quoted.format(i.id, i.text) + (say["valence"].format(value=i.valence)
                                                          if kind == "impression" else "")
                          for i in items) or say["no_layer"].format(kind=say[kind])
        return ExpectationResult(index=index, at=exp.at, ok=bool(ok_items), description=desc, found=found)
    if exp.errand is not None:
        return check_errand(sim, index, exp)
    assert exp.reply is not None
    npc = exp.reply.npc
    replies = [r for t, r in sim.replies if r.npc == npc and t <= exp.at]
    desc = say["reply"].format(npc=_who(sim, npc), **_mentions(sim, exp.mentions, exp.excludes))
    if not replies:
        return ExpectationResult(index=index, at=exp.at, ok=False, description=desc,
                                 found=say["no_reply"].format(npc=_who(sim, npc)))
    text = replies[-1].text
    ok = all(w_ in text for w_ in exp.mentions) and not any(w_ in text for w_ in exp.excludes)
    return ExpectationResult(index=index, at=exp.at, ok=ok, description=desc, found=text)


def check_errand(sim: Simulation, index: int, exp: Expectation) -> ExpectationResult:
    """The latest errand of that id between that NPC and player: its status and slot values."""
    ref, say = exp.errand, _words(sim)
    assert ref is not None
    want = " ".join(x for x in [say["want_status"].format(status=exp.status) if exp.status else "",
                                say["want_slots"].format(slots=exp.slots) if exp.slots else ""] if x)
    desc = say["errand"].format(npc=_who(sim, ref.npc), errand=ref.id, player=_who(sim, ref.player), want=want)
    mine = [e for e in sim.errands.book.of(ref.npc, ref.player) if e.errand == ref.id]
    if not mine:
        return ExpectationResult(index=index, at=exp.at, ok=False, description=desc, found=say["no_errand"])
    e = mine[-1]
    def same(have: object, want: object) -> bool:
        if isinstance(want, list):
            return [str(x) for x in (have or [])] == [str(x) for x in want]  # type: ignore[union-attr]
        return have is not None and str(have) == str(want)
    wrong = [k for k, v in (exp.slots or {}).items() if not same(e.values.get(k), v)]
    ok = (exp.status is None or e.status == exp.status) and not wrong
    found = (say["errand_found"].format(status=e.status, values=e.values)
             + (say["differs"].format(wrong=", ".join(wrong)) if wrong else ""))
    return ExpectationResult(index=index, at=exp.at, ok=ok, description=desc, found=found)
