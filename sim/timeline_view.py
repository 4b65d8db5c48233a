"""Readable rendering of timelines, explanations and inspections with rich."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.tree import Tree

from townsfolk.memory.store import MemoryStore
from townsfolk.sim.log import LogEntry
from townsfolk.sim.why import Explanation, Hop
from townsfolk.world.world import World

KIND_STYLE = {
    "happen": "bold yellow", "say": "cyan", "gossip": "bold magenta", "belief": "magenta", "edge": "blue",
    "meet": "green", "mood": "red", "ask": "bold green", "reply": "green", "mediate": "bold cyan",
    "revise": "bold cyan", "summary": "cyan", "expect": "bold", "start": "dim", "impression": "bold blue",
    "forget": "dim", "dormant": "dim yellow", "wake": "yellow",
}


def print_entry(console: Console, e: LogEntry) -> None:
    style = KIND_STYLE.get(e.kind, "")
    if e.kind == "expect":
        style = "bold green" if e.ids.get("ok") else "bold red"
    ids = " ".join(f"{k}={v}" for k, v in e.ids.items() if k not in ("ok", "index", "grounding"))
    kind = f"[{style}]{e.kind:<8}[/]" if style else f"{e.kind:<8}"
    console.print(f"[dim]t{e.tick:>3} {e.time[11:] if e.time else ''}[/] {kind} {escape(e.text)}"
                  + (f" [dim]({escape(ids)})[/]" if ids else ""), highlight=False)


def _hop_text(world: World, h: Hop) -> str:
    by = f" ← {world.name(h.told_by)}" if h.told_by else ""
    status = "" if h.status == "held" else f" [{h.status}]"
    return escape(f"{world.name(h.holder)}: “{h.text}” ({h.source}{by}, hop {h.hops}, credibility {h.credibility:.2f}, "
            f"{h.distortion}){status}")


def print_explanation(console: Console, world: World, ex: Explanation) -> None:
    root = Tree(f"[bold]Why {world.name(ex.holder)} regards {world.name(ex.target)} as they do[/]")
    if ex.impression:
        root.add(f"impression: {escape(ex.impression)}")
    for s in ex.summaries:
        root.add(f"summary: {escape(s)}")
    if not ex.edges:
        root.add("[dim]no edges between them[/]")
    for edge in ex.edges:
        curve = " → ".join(f"{c.after:.2f}" for c in edge.changes)
        node = root.add(f"[blue]{edge.kind}[/] now {edge.strength:.2f} (since {edge.since}, last reinforced "
                        f"{edge.last_reinforced}); over time: {curve}")
        for c in edge.changes:
            arrow = f"t{c.tick} {c.before:.2f} → {c.after:.2f}"
            cause = f"{c.cause_kind}:{c.cause_id}" if c.cause_id else c.cause_kind
            change = node.add(f"{arrow}  {escape(c.reason)}  [dim]({cause})[/]")
            if c.fact:
                chain = change.add(f"[yellow]fact[/] {escape(c.fact)}")
                for h in c.chain:
                    chain = chain.add(_hop_text(world, h))
            if c.superseded_reason:
                change.add(f"[cyan]later corrected:[/] {escape(c.superseded_reason)}")
    if ex.beliefs:
        b_node = root.add("beliefs held about them")
        for belief, chain in ex.beliefs:
            n = b_node.add(escape(f"{belief.id} “{belief.text}” [{belief.status}] credibility {belief.credibility:.2f}"))
            for h in chain:
                n = n.add(_hop_text(world, h))
            if belief.superseded_reason:
                b_node.add(f"[cyan]superseded because:[/] {escape(belief.superseded_reason)}")
    console.print(root)


def print_inspection(console: Console, world: World, memory: MemoryStore, who: str | None) -> None:
    chars = Table(title=f"{world.title} — characters")
    for col in ("id", "name", "role", "player", "traits"):
        chars.add_column(col)
    for c in world.characters.values():
        if who and c.id != who:
            continue
        chars.add_row(c.id, c.name, c.role, "yes" if c.is_player else "", ", ".join(f"{k}={v}" for k, v in c.traits.items()))
    console.print(chars)
    edges = Table(title="edges")
    for col in ("from", "to", "kind", "strength", "changes"):
        edges.add_column(col)
    for e in sorted(world.graph.edges(), key=lambda e: e.key):
        if who and who not in (e.source, e.target):
            continue
        edges.add_row(world.name(e.source), world.name(e.target), e.kind, f"{e.strength:.2f}", str(len(e.history) - 1))
    console.print(edges)
    beliefs = Table(title="beliefs")
    for col in ("id", "holder", "belief", "source", "hops", "credibility", "status"):
        beliefs.add_column(col)
    for b in memory.beliefs.values():
        if who and b.holder != who:
            continue
        src = b.source + (f" ← {world.name(b.told_by)}" if b.told_by else "")
        beliefs.add_row(b.id, world.name(b.holder), b.text, src, str(b.hops), f"{b.credibility:.2f}", b.status)
    console.print(beliefs)
    facts = Table(title="facts")
    for col in ("id", "tick", "kind", "actor", "to", "text"):
        facts.add_column(col)
    for f in world.facts:
        if who and who not in f.participants and f.about != who:
            continue
        facts.add_row(f.id, str(f.tick), f.kind, world.name(f.actor), ", ".join(world.name(t) for t in f.to),
                      "(private)" if f.private else f.text)
    console.print(facts)
