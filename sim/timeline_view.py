"""Readable rendering of timelines, explanations and inspections with rich."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.tree import Tree

from townsfolk.agents.persona_clause import pronoun_for
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.log import LogEntry
from townsfolk.sim.messages import (
    cause_label,
    distortion_label,
    kind_label,
    msg,
    pad,
    reason_label,
    relation_label,
    source_label,
    status_label,
    when_label,
)
from townsfolk.sim.why import Explanation, Hop
from townsfolk.world.world import World

KIND_STYLE = {
    "happen": "bold yellow", "say": "cyan", "gossip": "bold magenta", "belief": "magenta", "edge": "blue",
    "meet": "green", "mood": "red", "ask": "bold green", "reply": "green", "mediate": "bold cyan",
    "revise": "bold cyan", "summary": "cyan", "expect": "bold", "start": "dim", "impression": "bold blue",
    "forget": "dim", "dormant": "dim yellow", "wake": "yellow",
}


def print_entry(console: Console, e: LogEntry, language: str = "en") -> None:
    style = KIND_STYLE.get(e.kind, "")
    if e.kind == "expect":
        style = "bold green" if e.ids.get("ok") else "bold red"
    ids = " ".join(f"{k}={v}" for k, v in e.ids.items() if k not in ("ok", "index", "grounding"))
    label = pad(kind_label(language, e.kind), 8)
    kind = f"[{style}]{label}[/]" if style else label
    console.print(f"[dim]t{e.tick:>3} {e.time[11:] if e.time else ''}[/] {kind} {escape(e.text)}"
                  + (f" [dim]({escape(ids)})[/]" if ids else ""), highlight=False)


def _hop_text(world: World, h: Hop) -> str:
    lang = world.language
    by = f" ← {world.name(h.told_by)}" if h.told_by else ""
    status = "" if h.status == "held" else f" [{status_label(lang, h.status)}]"
    hop = msg(lang, "why.hop", n=h.hops) if lang == "zh" else f"hop {h.hops}"
    parts = [f"{source_label(lang, h.source)}{by}", hop, f"{msg(lang, 'why.credibility')} {h.credibility:.2f}",
             distortion_label(lang, h.distortion)]
    if lang == "zh":
        return escape(f"{world.name(h.holder)}：“{h.text}”（{'，'.join(parts)}）{status}")
    return escape(f"{world.name(h.holder)}: “{h.text}” ({', '.join(parts)}){status}")


PIPED_WIDTH = 100_000  # wider than any line: a file or a pipe gets each line whole


def print_whole(console: Console, renderable: object) -> None:
    """Print a tree or a table; piped (the console does not soft-wrap a terminal's width: cli.out_console)
    its lines are laid out at PIPED_WIDTH, since rich cut `why ... > file` at 80 columns mid-word."""
    if not console.soft_wrap or console.is_terminal:
        console.print(renderable)
        return
    width = console.width
    console.width = PIPED_WIDTH
    try:
        console.print(renderable)
    finally:
        console.width = width


# fact kinds the timeline never prints as an entry kind (sim/messages.KINDS_ZH has the others)
FACT_KINDS_ZH = {"retell": "传话", "game_event": "游戏事件"}


def fact_kind_label(language: str, kind: str) -> str:
    return (FACT_KINDS_ZH.get(kind) or kind_label(language, kind)) if language == "zh" else kind


def belief_source(world: World, source: str, told_by: str | None) -> str:
    """A belief's source in the world's language, with who told it ("听说 ← 老陆", "told ← Finn")."""
    return source_label(world.language, source) + (f" ← {world.name(told_by)}" if told_by else "")


def _as_they(world: World, cid: str) -> str:
    """"he does" / "she does" / "they do" for the holder, as the rest of the engine speaks of them
    (a declared `pronoun:` first): "Why Milo regards Agatha as they do" of a `pronoun: he` read wrong."""
    c = world.characters.get(cid)
    pronoun = pronoun_for(c.persona, c.role, c.pronoun) if c is not None else "they"
    return {"he": "he does", "she": "she does"}.get(pronoun, "they do")


def print_explanation(console: Console, world: World, ex: Explanation) -> None:
    lang = world.language
    sep = "：" if lang == "zh" else ": "
    title = msg(lang, "why.title", holder=world.name(ex.holder), target=world.name(ex.target), as_they=_as_they(world, ex.holder))
    root = Tree(f"[bold]{escape(title)}[/]")
    if ex.impression:
        root.add(f"{msg(lang, 'why.impression')}{sep}{escape(ex.impression)}")
    for s in ex.summaries:
        root.add(f"{msg(lang, 'why.summary')}{sep}{escape(s)}")
    if not ex.edges:
        root.add(f"[dim]{msg(lang, 'why.no_edges')}[/]")
    for edge in ex.edges:
        points = [c.after for c in edge.changes]
        if edge.changes and f"{edge.changes[0].before:.2f}" != f"{edge.changes[0].after:.2f}":
            points.insert(0, edge.changes[0].before)  # an edge made by a move ("t4 0.50 → 0.49"): where it began
        curve = " → ".join(f"{v:.2f}" for v in points)
        line = msg(lang, "why.edge", kind="§kind§", strength=f"{edge.strength:.2f}", since=when_label(lang, edge.since),
                   last=when_label(lang, edge.last_reinforced), curve=curve)
        node = root.add(escape(line).replace("§kind§", f"[blue]{escape(relation_label(lang, edge.kind, world.relation_kinds))}[/]", 1))
        for c in edge.changes:
            arrow = f"t{c.tick} {c.before:.2f} → {c.after:.2f}"
            cause = cause_label(lang, c.cause_kind, c.cause_id)
            change = node.add(f"{arrow}  {escape(reason_label(lang, c.reason))}  [dim]({cause})[/]")
            if c.fact:
                fact = (f"{c.fact_id}（t{c.fact_tick}）：{c.fact_text}" if lang == "zh" and c.fact_id else c.fact)
                chain = change.add(f"[yellow]{msg(lang, 'why.fact')}[/] {escape(fact)}")
                for h in c.chain:
                    chain = chain.add(_hop_text(world, h))
            if c.superseded_reason:
                change.add(f"[cyan]{msg(lang, 'why.corrected')}[/] {escape(c.superseded_reason)}")
    if ex.beliefs:
        b_node = root.add(msg(lang, "why.beliefs"))
        for belief, chain in ex.beliefs:
            n = b_node.add(escape(f"{belief.id} “{belief.text}” [{status_label(lang, belief.status)}] {msg(lang, 'why.credibility')} "
                                  f"{belief.credibility:.2f}"))
            for h in chain:
                n = n.add(_hop_text(world, h))
            if belief.superseded_reason:
                b_node.add(f"[cyan]{msg(lang, 'why.superseded')}[/] {escape(belief.superseded_reason)}")
    print_whole(console, root)


def print_inspection(console: Console, world: World, memory: MemoryStore, who: str | None) -> None:
    lang = world.language

    def columns(table: Table, *keys: str) -> None:
        for key in keys:
            table.add_column(msg(lang, f"col.{key}"))

    chars = Table(title=msg(lang, "inspect.characters", title=world.title))
    columns(chars, "id", "name", "role", "player", "traits")
    for c in world.characters.values():
        if who and c.id != who:
            continue
        chars.add_row(c.id, c.name, c.role, msg(lang, "yes") if c.is_player else "", ", ".join(f"{k}={v}" for k, v in c.traits.items()))
    print_whole(console, chars)
    edges = Table(title=msg(lang, "inspect.edges"))
    columns(edges, "from", "to", "kind", "strength", "changes")
    for e in sorted(world.graph.edges(), key=lambda e: e.key):
        if who and who not in (e.source, e.target):
            continue
        edges.add_row(world.name(e.source), world.name(e.target), relation_label(lang, e.kind, world.relation_kinds), f"{e.strength:.2f}",
                      str(len(e.history) - 1))
    print_whole(console, edges)
    # one character: what they believe, and (apart) what others believe about them
    groups = ([(msg(lang, "inspect.beliefs_held", name=world.name(who)), lambda b: b.holder == who),
               (msg(lang, "inspect.beliefs_about", name=world.name(who)),
                lambda b: b.holder != who and b.concerns(who))]
              if who else [(msg(lang, "inspect.beliefs"), lambda b: True)])
    for title, wanted in groups:
        beliefs = Table(title=title)
        columns(beliefs, "id", "holder", "belief", "source", "hops", "credibility", "status")
        for b in memory.beliefs.values():
            if not wanted(b):
                continue
            beliefs.add_row(b.id, world.name(b.holder), b.text, belief_source(world, b.source, b.told_by),
                            str(b.hops), f"{b.credibility:.2f}", status_label(lang, b.status))
        print_whole(console, beliefs)
    facts = Table(title=msg(lang, "inspect.facts"))
    columns(facts, "id", "tick", "kind", "actor", "to", "text")
    for f in world.facts:
        if who and who not in f.participants and f.about != who:
            continue
        facts.add_row(f.id, str(f.tick), fact_kind_label(lang, f.kind), world.name(f.actor), ", ".join(world.name(t) for t in f.to),
                      msg(lang, "private") if f.private else f.text)
    print_whole(console, facts)
