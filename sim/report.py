"""`townsfolk report`: one self-contained HTML page on a saved run, pictures first.

Everything is read back from the store of record (beliefs with their origin, hops, credibility
and distortion; retellings; edge histories; the headless runner's mood series), drawn with
matplotlib (Agg) and embedded as base64 PNGs, so the page is one file to mail or open offline.
"""

from __future__ import annotations

import base64
import html
import io
import re
import warnings
from collections import Counter, defaultdict
from typing import NamedTuple

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from townsfolk.agents.bonds import BOND_KINDS  # noqa: E402
from townsfolk.memory.beliefs import Belief  # noqa: E402
from townsfolk.memory.store import MemoryStore  # noqa: E402
from townsfolk.sim.count_words import counted  # noqa: E402
from townsfolk.sim.messages import distortion_label, msg  # noqa: E402
from townsfolk.sim.report_words import (  # noqa: E402
    chart_word,
    days_text,
    duration_text,
    shown_days,
    tie_kind_text,
    usage_words,
    when_text,
)
from townsfolk.sim.run_store import RunStore, RunStoreError  # noqa: E402
from townsfolk.world.world import World  # noqa: E402

PALETTE = ["#3b6ea5", "#d1603d", "#5a9e6f", "#9b59b6", "#c9a227", "#4aa3a2", "#8c564b", "#e377c2"]
DISTORTION_COLOURS = {"faithful": "#9db4c9", "intensify": "#d1603d", "generalise": "#c9a227",
                      "misattribute": "#9b59b6", "drop_hedge": "#5a9e6f"}
MAX_TREE_NODES = 120


def _png(fig: plt.Figure) -> str:
    """The figure as SVG (base64) with its words kept as text, so the reader's browser sets them in
    its own fonts: a zh town's charts read in Chinese whether or not matplotlib has a CJK font."""
    buf = io.BytesIO()
    with warnings.catch_warnings():  # glyphs DejaVu lacks are only measured here; the browser draws them
        warnings.simplefilter("ignore", UserWarning)
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


IMG = "data:image/svg+xml;base64,"


def _style(ax: plt.Axes, title: str, xlabel: str = "", ylabel: str = "") -> None:
    ax.set_title(title, loc="left", fontsize=12, fontweight="bold")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(alpha=0.25)


CJK_FONTS = ["Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Zen Hei", "PingFang SC",
             "Microsoft YaHei", "SimHei"]


def _fonts(language: str) -> None:
    """Text stays text in the SVG: the families named here are what the reader's browser looks for
    (a CJK one for a zh town; matplotlib itself only measures with DejaVu when it has none)."""
    plt.rcParams["axes.unicode_minus"] = False
    plt.rcParams["svg.fonttype"] = "none"
    plt.rcParams["svg.hashsalt"] = "townsfolk"  # the same run gives the same page
    plt.rcParams["font.family"] = "sans-serif"
    plt.rcParams["font.sans-serif"] = (CJK_FONTS if language == "zh" else []) + ["DejaVu Sans", "Arial"]


def _label(world: World, cid: str | None) -> str:
    return "" if cid is None else world.name(cid)


def _days(world: World, tick: int) -> float:
    return tick * world.clock.tick_length.total_seconds() / 86400


# --- the pictures -----------------------------------------------------------------------------
def reach_plot(world: World, by_origin: dict[str, list[Belief]], top: list[str]) -> str:
    fig, ax = plt.subplots(figsize=(9, 4.2))
    last = max(world.tick, 1)
    for i, origin in enumerate(top):
        first: dict[str, int] = {}
        for b in by_origin[origin]:
            first[b.holder] = min(first.get(b.holder, b.tick), b.tick)
        ticks = np.sort(np.array(list(first.values())))
        xs = np.arange(0, last + 1)
        ys = np.searchsorted(ticks, xs, side="right")
        fact = world.facts.get(origin) if origin in world.facts else None
        text = fact.text if fact else by_origin[origin][0].text  # what happened, in the town's own words
        text = text if len(text) <= 48 else text[:47] + "…"
        ax.step([_days(world, x) for x in xs], ys, where="post", color=PALETTE[i % len(PALETTE)], lw=2,
                label=text)
    lang = world.language
    _style(ax, chart_word(lang, "reach.title"), chart_word(lang, "reach.x"), chart_word(lang, "reach.y"))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(fontsize=8, frameon=False, loc="upper left")
    return _png(fig)


def hops_plot(beliefs: list[Belief], lang: str = "en") -> str:
    told = [b for b in beliefs if b.source == "told" or b.hops > 0]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4))
    hops = sorted({b.hops for b in beliefs})
    data = [[b.credibility for b in beliefs if b.hops == h] for h in hops]
    if hops:
        parts = a1.boxplot(data, positions=hops, widths=0.6, patch_artist=True, showfliers=False)
        for box in parts["boxes"]:
            box.set(facecolor="#9db4c9", edgecolor="#3b6ea5")
        means = [float(np.mean(d)) for d in data]
        a1.plot(hops, means, "o-", color="#d1603d", label=chart_word(lang, "cred.mean"))
        a1.legend(frameon=False, fontsize=8)
    _style(a1, chart_word(lang, "cred.title"), chart_word(lang, "cred.x"), chart_word(lang, "cred.y"))
    a1.set_ylim(0, 1.02)
    a1.set_xticks(hops)
    kinds = list(DISTORTION_COLOURS)
    hop_set = sorted({b.hops for b in told})
    bottom = np.zeros(len(hop_set))
    for kind in kinds:
        share = np.array([
            sum(1 for b in told if b.hops == h and b.distortion == kind) / max(1, sum(1 for b in told if b.hops == h))
            for h in hop_set])
        if share.any():
            a2.bar(hop_set, share, bottom=bottom, color=DISTORTION_COLOURS[kind], label=distortion_label(lang, kind),
                   width=0.7)
            bottom += share
    _style(a2, chart_word(lang, "dist.title"), chart_word(lang, "dist.x"), chart_word(lang, "dist.y"))
    a2.set_xticks(hop_set)
    a2.set_ylim(0, 1.0)
    if told:
        a2.legend(fontsize=8, frameon=False, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.18))
    fig.tight_layout()
    return _png(fig)


def cascade_plot(world: World, cascade: list[Belief]) -> tuple[str, int]:
    """The largest cascade as a tree: one node per person (the first version they heard), the
    witnesses at the top, each retelling one level down, under whoever told them."""
    first: dict[str, Belief] = {}
    for b in sorted(cascade, key=lambda b: (b.tick, b.hops, b.id)):
        first.setdefault(b.holder, b)
    by_id = {b.id: b for b in cascade}
    up = {h: (by_id[b.parent_id].holder if b.parent_id in by_id else None) for h, b in first.items()}
    if len(first) <= MAX_TREE_NODES:
        chosen = set(first)
    else:
        # too many to draw: keep the deepest chains whole (each with its tellers back to the witness)
        chosen = set()
        for b in sorted(first.values(), key=lambda b: (-b.hops, b.tick, b.id)):
            path, h = [], b.holder
            while h is not None and h in first and h not in chosen and len(path) <= 64:
                path.append(h)
                h = up.get(h)
            if len(chosen) + len(path) > MAX_TREE_NODES:
                break
            chosen.update(path)
    ordered = sorted((first[h] for h in chosen), key=lambda b: (b.hops, b.tick, b.id))
    keep = {b.holder for b in ordered}

    def parent_of(b: Belief) -> str | None:
        p = by_id.get(b.parent_id or "")
        return p.holder if p is not None and p.holder in keep and p.holder != b.holder else None

    levels: dict[int, list[Belief]] = defaultdict(list)
    for b in ordered:
        levels[b.hops].append(b)
    pos: dict[str, tuple[float, float]] = {}
    width = max(len(v) for v in levels.values()) if levels else 1
    for h, row in sorted(levels.items()):
        # children sit under their parents: order a level by the parent's x
        row.sort(key=lambda b: (pos.get(parent_of(b) or "", (0.0, 0.0))[0], b.tick, b.id))
        for i, b in enumerate(row):
            pos[b.holder] = ((i + 0.5) / len(row) * width, -h)
    fig, ax = plt.subplots(figsize=(11, max(3.0, 1.1 * (len(levels) + 1))))
    for b in ordered:
        parent = parent_of(b)
        if parent is not None and pos[parent][1] > pos[b.holder][1]:  # (a later, shorter telling: no sideways line)
            (x0, y0), (x1, y1) = pos[parent], pos[b.holder]
            ax.plot([x0, x1], [y0, y1], color="#b0b0b0", lw=1, zorder=1)
    for b in ordered:
        x, y = pos[b.holder]
        ax.scatter([x], [y], s=60 + 140 * b.credibility, color=DISTORTION_COLOURS.get(b.distortion, "#888"),
                   edgecolor="#333", lw=0.5, zorder=2)
        if len(ordered) <= 40:
            ax.annotate(_label(world, b.holder), (x, y), xytext=(0, -13), textcoords="offset points",
                        ha="center", fontsize=7)
    lang = world.language
    handles = [plt.Line2D([], [], marker="o", ls="", color=c, label=distortion_label(lang, k))
               for k, c in DISTORTION_COLOURS.items()]
    ax.legend(handles=handles, frameon=False, fontsize=8, ncol=5, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    ax.set_yticks([-h for h in sorted(levels)], [chart_word(lang, "hop", n=h) for h in sorted(levels)])
    ax.set_xticks([])
    ax.spines[["top", "right", "bottom"]].set_visible(False)
    return _png(fig), len(first)


def _strength_at(edge, ticks: np.ndarray) -> np.ndarray:  # noqa: ANN001
    changes = sorted((c.tick, c.after) for c in edge.history)
    at = np.array([t for t, _ in changes])
    val = np.array([v for _, v in changes])
    idx = np.searchsorted(at, ticks, side="right") - 1
    return np.where(idx >= 0, val[np.clip(idx, 0, None)], val[0] if len(val) else 0.0)


def ties_plot(world: World) -> str:
    """Left: the spread of all tie strengths at the end of each day. Right: only the ties that
    moved, as change from where they began (most ties stay put, which would hide these)."""
    per_day = max(1, round(86400 / world.clock.tick_length.total_seconds()))
    ticks = np.arange(0, world.tick + 1, per_day) if world.tick >= per_day else np.array([0, world.tick])
    days = [_days(world, int(t)) for t in ticks]
    lang = world.language
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.8))
    edges = [e for e in world.graph.edges()
             if (e.kind == "affinity" or e.kind not in BOND_KINDS) and not world.character(e.source).is_player]
    if edges:
        m = np.stack([_strength_at(e, ticks) for e in edges])
        ties = np.array([e.kind != "affinity" for e in edges])
        q = np.percentile(m[ties], [10, 25, 50, 75, 90], axis=0) if ties.any() else np.zeros((5, len(ticks)))
        left.fill_between(days, q[0], q[4], color="#9db4c9", alpha=0.4, label=chart_word(lang, "band.10_90"))
        left.fill_between(days, q[1], q[3], color="#3b6ea5", alpha=0.45, label=chart_word(lang, "band.25_75"))
        left.plot(days, q[2], color="#1d3d63", lw=2, label=chart_word(lang, "median"))
        left.legend(frameon=False, fontsize=8, loc="lower left")
        delta = m - m[:, :1]
        for mask, name, colour in ((ties, chart_word(lang, "moved.ties"), "#3b6ea5"),
                                   (~ties, chart_word(lang, "moved.affinity"), "#d1603d")):
            moved = mask & (np.abs(delta[:, -1]) > 1e-6)
            if not moved.any():
                continue
            d = delta[moved]
            right.fill_between(days, np.percentile(d, 10, axis=0), np.percentile(d, 90, axis=0), color=colour,
                               alpha=0.2)
            right.plot(days, d.mean(axis=0), color=colour, lw=2,
                       label=chart_word(lang, "moved.label", name=name, moved=int(moved.sum()), total=int(mask.sum())))
        right.axhline(0, color="#888", lw=0.8)
        if right.get_legend_handles_labels()[0]:
            right.legend(frameon=False, fontsize=8, loc="lower left")
    _style(left, chart_word(lang, "ties.title"), chart_word(lang, "ties.x"), chart_word(lang, "ties.y"))
    _style(right, chart_word(lang, "moved.title"), chart_word(lang, "moved.x"), chart_word(lang, "moved.y"))
    fig.tight_layout()
    return _png(fig)


def mood_plot(world: World, series: dict) -> str:
    fig, ax = plt.subplots(figsize=(9, 3.6))
    ticks = series.get("tick", [])
    mood = np.array(series.get("mood", []), dtype=float)
    lang = world.language
    if len(ticks) and mood.size:
        days = [_days(world, t) for t in ticks]
        ax.fill_between(days, mood[:, 1], mood[:, 3], color="#f2c6b4", alpha=0.6, label=chart_word(lang, "mood.band"))
        ax.plot(days, mood[:, 2], color="#d1603d", lw=1.5, label=chart_word(lang, "median"))
        ax.plot(days, mood[:, 0], color="#1d3d63", lw=2, label=chart_word(lang, "mean"))
        ax.axhline(0, color="#888", lw=0.8)
        ax.legend(frameon=False, fontsize=8, loc="lower left")
    _style(ax, chart_word(lang, "mood.title"), chart_word(lang, "mood.x"), chart_word(lang, "mood.y"))
    return _png(fig)


def spreaders_plot(world: World, counts: Counter) -> str:
    top = counts.most_common(12)[::-1]
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(top) + 1.2))
    ax.barh([_label(world, k) for k, _ in top], [v for _, v in top], color="#3b6ea5")
    _style(ax, chart_word(world.language, "spreaders.title"), chart_word(world.language, "spreaders.x"))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(axis="y", alpha=0)
    return _png(fig)


def _interrupted_note(world: World, interrupted: tuple[int, int | None] | None) -> str:
    """The line under the header of a run that stopped early: at which tick, and how to go on."""
    if interrupted is None:
        return ""
    tick, ticks = interrupted
    of = chart_word(world.language, "interrupted.of", ticks=ticks) if ticks else ""
    text = chart_word(world.language, "interrupted", tick=tick, of=of, when=_when_tick(world, tick))
    return f'<p class="interrupted"><b>{html.escape(text)}</b></p>'


def _when_tick(world: World, tick: int) -> str:
    return when_text(world.language, _days(world, tick), world.clock.time_at(tick).strftime("%H:%M"))


def tied_pairs(world: World) -> int:
    """Ties as `simulate` counts them: pairs of people with a relationship (family, friend, rival ...),
    each pair once however many kinds it has; the bond axes (familiarity, trust ...) are not ties."""
    return len({(min(e.source, e.target), max(e.source, e.target)) for e in world.graph.edges()
                if e.kind not in BOND_KINDS})


def _fact_text(world: World, origin: str, by_origin: dict[str, list[Belief]]) -> str:
    return world.facts.get(origin).text if origin in world.facts else by_origin[origin][0].text


def _when(world: World, origin: str) -> str:
    if origin not in world.facts:
        return ""
    tick = world.facts.get(origin).tick
    return when_text(world.language, _days(world, tick), world.clock.time_at(tick).strftime("%H:%M"))


# a change with these causes is not something that happened to the pair: the seeded tension fading
# with time, the town being drawn
UNCAUSED = ("time", "seed")


def most_changed(world: World, built_at: int = 0) -> list[tuple[float, int, object, float]]:
    """Ties ranked by how far beliefs and events moved them during the run: (change, moves, edge,
    start). The start is where the tie stood once the town was built (after tick `built_at`, seeding
    and the bond axes it implies included); only later changes with a cause count (a fact, a belief,
    an event memory...), so neither how the generator drew the town nor a seeded rivalry fading with
    time reads as something that happened."""
    out = []
    for e in world.graph.edges():
        if e.kind == "familiarity":
            continue
        history = e.history
        moves = [c for c in history if c.tick > built_at]
        caused = [c for c in moves if c.cause.kind not in UNCAUSED]
        if not caused:
            continue
        built = [c for c in history if c.tick <= built_at]
        start = built[-1].after if built else moves[0].before
        change = sum(c.delta for c in caused)
        if abs(change) > 1e-9:
            out.append((abs(change), len(caused), e, start))
    out.sort(key=lambda x: (-x[0], -x[1], x[2].key))
    return out


def changed_pairs(world: World, built_at: int = 0) -> list[tuple[str, str, str, list[tuple[float, float, float]], int]]:
    """`most_changed` one row per pair and kind, its two directions together: (a, b, kind,
    [(start, now, caused change) for a->b, then b->a where it moved], moves), ranked by the larger
    direction's caused change."""
    groups: dict[tuple[str, str, str], dict[str, tuple[float, int, object, float]]] = {}
    for change, moves, e, start in most_changed(world, built_at):
        a, b = sorted((e.source, e.target))
        groups.setdefault((a, b, e.kind), {})[e.source] = (change, moves, e, start)
    rows = []
    for (a, b, kind), by_source in groups.items():
        first = a if a in by_source else b
        second = b if first == a else a
        ways = [by_source[first]] + ([by_source[second]] if second in by_source else [])
        other = world.graph.get(second, first, kind) if second not in by_source else None
        cells = [(start, e.strength, sum(c.delta for c in e.history if c.tick > built_at
                                         and c.cause.kind not in UNCAUSED)) for _, _, e, start in ways]
        if other is not None:  # the other direction did not move: shown as it stands
            cells.append((other.strength, other.strength, 0.0))
        rows.append((first, second, kind, cells, sum(m for _, m, _, _ in ways), max(c for c, _, _, _ in ways)))
    rows.sort(key=lambda r: (-r[5], -r[4], r[0], r[1], r[2]))
    return [r[:5] for r in rows]


def chat_origins(world: World) -> set[str]:
    """Facts that are a player's chat, not an event: a visit (daily life's PLAYER_MEETING), a line said to an
    NPC in talk (a `ask` fact: "You were too hard on Agatha." is no "thing that really happened"), and anything
    said in private (a confidence is never printed in the page a designer mails around). The "rumours followed"
    count only what happened."""
    from townsfolk.sim.daily_life import PLAYER_MEETING

    template = PLAYER_MEETING.get(world.language, PLAYER_MEETING["en"])
    pattern = re.compile("^" + re.escape(template).replace(re.escape("{player}"), ".+")
                         .replace(re.escape("{npc}"), ".+").replace(re.escape("{place}"), ".+") + "$")
    players = {c.id for c in world.characters.values() if c.is_player}
    return {f.id for f in world.facts if (f.kind == "happen" and f.actor in players and pattern.match(f.text or ""))
            or (f.kind == "ask" and f.actor in players) or f.private}


# --- the page ---------------------------------------------------------------------------------
def _table(headers: list[str], rows: list[list[object]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


CSS = """
body{font-family:-apple-system,Segoe UI,Helvetica,Arial,"Noto Sans CJK SC",sans-serif;margin:0;background:#f6f5f1;color:#222}
header{background:#1d3d63;color:#fff;padding:22px 36px}header h1{margin:0 0 4px;font-size:26px}
header p{margin:0;opacity:.85}main{max-width:1180px;margin:0 auto;padding:18px 28px 60px}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:14px 0 6px}.card{background:#fff;border-radius:10px;
padding:12px 18px;box-shadow:0 1px 3px rgba(0,0,0,.08);min-width:120px}.card b{display:block;font-size:24px;color:#1d3d63}
.card span{font-size:12px;color:#666;text-transform:uppercase;letter-spacing:.04em}
section{background:#fff;border-radius:10px;padding:14px 20px;margin:16px 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
section h2{margin:4px 0 6px;font-size:18px}section p.note{margin:0 0 8px;color:#555;font-size:14px}
img{max-width:100%;height:auto}.two{display:grid;grid-template-columns:1fr 1fr;gap:16px}
table{border-collapse:collapse;font-size:13px;width:100%}th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #eee}
th{background:#f0efe9}
"""


class ReportPage(NamedTuple):
    """A report and the language it is written in (the line that says it was written follows it)."""

    html: str
    language: str


def build_report(db: str) -> str:
    """The whole page for the run in `db`, as one HTML string."""
    return build_report_page(db).html


def build_report_page(db: str) -> ReportPage:
    """The page for the run in `db`, with the run's language."""
    store = RunStore(db, must_exist=True)
    run = store.run_info()
    if run.last_tick < 0:  # only the cast was saved: a page of empty charts "interrupted at tick -1" would mislead
        raise RunStoreError(f"{db} holds no ticks: the run was stopped before its first tick was saved; "
                            "start it again with `townsfolk simulate SPEC --db DB --overwrite` (or --resume)")
    world, memory, log = store.load()
    _fonts(world.language)
    headless = (run.extra or {}).get("headless", {})
    series = headless.get("series", {})
    with warnings.catch_warnings():  # DejaVu measures CJK text it cannot draw; the reader's browser draws it
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font", category=UserWarning)
        return ReportPage(render(world, memory, log, series, usage=(run.extra or {}).get("usage", {}),
                                 life=headless.get("life", {}), title=run.title,
                                 model=headless.get("model") or (run.extra or {}).get("model"),  # simulate, or a played run
                                 interrupted=None if run.finished else (run.last_tick, headless.get("ticks"))),
                          world.language)


def render(world: World, memory: MemoryStore, log: list, series: dict, *, usage: dict, life: dict,
           title: str, model: str | None = None, interrupted: tuple[int, int | None] | None = None) -> str:
    """The page's HTML; `interrupted` (last saved tick, ticks the run was started for) marks a run
    that stopped before its end, so its numbers are not read as a whole run's."""
    beliefs = list(memory.beliefs.values())
    npcs = [c for c in world.characters.values() if not c.is_player]
    by_origin: dict[str, list[Belief]] = defaultdict(list)
    chats = chat_origins(world)  # a visiting player's chats are remembered, but they are not rumours
    for b in beliefs:
        if b.origin_fact_id and b.origin_fact_id not in chats and not b.private:
            by_origin[b.origin_fact_id].append(b)
    reach = {o: len({b.holder for b in bs}) for o, bs in by_origin.items()}
    top = sorted(reach, key=lambda o: (-reach[o], o))[:6]
    retells = [f for f in world.facts if f.kind == "retell"]
    spreaders = Counter(f.actor for f in retells if f.actor)
    changed = changed_pairs(world)
    largest = max(by_origin, key=lambda o: (len(by_origin[o]), o)) if by_origin else None
    tree_png, cascade_size = cascade_plot(world, by_origin[largest]) if largest else ("", 0)
    max_hops = max((b.hops for b in beliefs), default=0)
    mood = np.array(series.get("mood", []), dtype=float)
    lang = world.language

    def t(key: str, **slots: object) -> str:
        return msg(lang, key, **slots)

    usage_card, usage_cell = usage_words(lang, usage, model)

    def aside(text: str) -> str:
        """A number's note in brackets as the language writes them: ' (1h)', '（1 小时）'."""
        return f"（{text}）" if lang == "zh" else f" ({text})"

    def num(n: int) -> str:  # 2,000 in English; zh writes 2000
        return f"{n}" if lang == "zh" else f"{n:,}"

    cards = [(t("report.card.npcs"), num(len(npcs))), (t("report.card.days"), f"{shown_days(_days(world, world.tick)):g}"),
             (t("report.card.tellings"), num(len(retells))), (t("report.card.rumours"), num(len(by_origin))),
             (t("report.card.reach"), num(max(reach.values(), default=0))),
             (t("report.card.chain"), t("report.card.hops", n=max_hops, s="" if max_hops == 1 else "s")),
             (t("report.card.model_calls"), usage_card)]
    fact = world.facts.get(largest) if largest and largest in world.facts else None
    summary_rows = [
        [t("report.row.npcs"), f"{len(npcs)} / {len(world.characters) - len(npcs)}"],
        [t("report.row.ticks"), f"{world.tick}{aside(duration_text(lang, world.clock.tick_length.total_seconds()))}"],
        [t("report.row.ties"), tied_pairs(world)],
        [t("report.row.facts"), len(world.facts)],
        [t("report.row.events"), f"{life.get('counts', {}).get('events', '—')} / {len(retells)} / "
                                           f"{life.get('counts', {}).get('small_talk', '—')}"],
        [t("report.row.encounters"),
         f"{life.get('counts', {}).get('encounters', '—')} / {life.get('counts', {}).get('held', '—')} / "
         f"{life.get('counts', {}).get('stifled', '—')}"],
        [t("report.row.beliefs"), f"{len(beliefs)}{aside(str(len({b.holder for b in beliefs})))}"],
        [t("report.row.credibility"),
         f"{np.mean([b.credibility for b in beliefs if b.hops > 0]):.2f}" if any(b.hops for b in beliefs) else "—"],
        [t("report.row.distorted"), t("report.row.distorted_value", total=len(retells),
                                       n=sum(1 for f in retells if f.meta.get("distortion") != "faithful"))],
        [t("report.row.mood"), f"{mood[-1, 0]:+.3f}" if mood.size else "—"],
        [t("report.row.usage"), usage_cell],
    ]
    def ways(cells: list[tuple[float, float, float]], i: int, fmt: str) -> str:
        return " / ".join(format(c[i], fmt) for c in cells)

    def moved(cells: list[tuple[float, float, float]]) -> str:
        """The caused change, and what time took off it since, so start + change reads as now: a row
        "0.00  0.47  +0.54" looked wrong (newcomer K-23)."""
        out = []
        for start, now, change in cells:
            drift = now - start - change
            text = format(change, "+.2f")
            out.append(chart_word(lang, "changed.faded", change=text, drift=format(drift, "+.2f"))
                       if abs(drift) >= 0.005 else text)
        return " / ".join(out)

    tie_rows = [[world.name(a), world.name(b), tie_kind_text(lang, kind, world.relation_kinds),
                 ways(cells, 0, ".2f"), ways(cells, 1, ".2f"), moved(cells), n]
                for a, b, kind, cells, n in changed[:15]]

    def img(data: str, alt: str) -> str:
        return f'<img src="{IMG}{data}" alt="{html.escape(alt)}">'

    spreader_rows = [[world.name(k), world.character(k).role, v] for k, v in spreaders.most_common(10)]
    parts = [f"<header><h1>{html.escape(title)}</h1><p>"
             f"{html.escape(t('report.header', npcs=counted(lang, len(npcs), 'npc'), days=shown_days(_days(world, world.tick)), days_text=days_text(lang, _days(world, world.tick))))}</p>"
             + _interrupted_note(world, interrupted) + "</header><main>"]
    parts.append('<div class="cards">' + "".join(f'<div class="card"><b>{html.escape(str(v))}</b>'
                                                 f'<span>{html.escape(k)}</span></div>' for k, v in cards) + "</div>")
    if top:
        parts.append(f'<section><h2>{t("report.reach")}</h2><p class="note">{t("report.reach.note")}</p>'
                     + img(reach_plot(world, by_origin, top), chart_word(lang, "alt.reach", n=len(top)))
                     + _table([t("report.col.what"), chart_word(lang, "col.when"), t("report.col.heard_by")],
                              [[_fact_text(world, o, by_origin), _when(world, o), reach[o]] for o in top])
                     + (f'<p class="note">{html.escape(chart_word(lang, "reach.shown", shown=len(top), n=len(by_origin)))}</p>'
                        if len(by_origin) > len(top) else "") + '</section>')
    if beliefs:
        parts.append(f'<section><h2>{t("report.hops")}</h2><p class="note">{t("report.hops.note")}'
                     "</p>" + img(hops_plot(beliefs, lang), chart_word(lang, "alt.hops")) + "</section>")
    if tree_png:
        shown = min(cascade_size, MAX_TREE_NODES)
        deepest = t("report.cascade.deepest") if shown < cascade_size else ""
        parts.append(f'<section><h2>{t("report.cascade")}</h2><p class="note">{html.escape(fact.text if fact else "")}'
                     f'{t("report.cascade.note", size=cascade_size, shown=shown, deepest=deepest)}</p>'
                     + img(tree_png, chart_word(lang, "alt.cascade", n=cascade_size)) + "</section>")
    parts.append(f'<section><h2>{t("report.ties")}</h2><p class="note">{t("report.ties.note")}</p>'
                 + img(ties_plot(world), chart_word(lang, "alt.ties")) + "</section>")
    parts.append(f'<section><h2>{t("report.mood")}</h2>' + img(mood_plot(world, series), chart_word(lang, "alt.mood"))
                 + "</section>")
    parts.append('<div class="two">')
    if spreaders:
        parts.append(f'<section><h2>{t("report.spreaders")}</h2>'
                     + img(spreaders_plot(world, spreaders), chart_word(lang, "alt.spreaders"))
                     + f'{_table([t("report.col.who"), t("report.col.role"), t("report.col.retellings")], spreader_rows)}'
                     f'</section>')
    parts.append(f'<section><h2>{t("report.summary")}</h2>{_table(["", ""], summary_rows)}</section></div>')
    if tie_rows:
        heads = [t(f"report.col.{k}") for k in ("from", "to", "kind", "start", "now", "change", "changes")]
        parts.append(f'<section><h2>{t("report.changed")}</h2><p class="note">{html.escape(chart_word(lang, "changed.ranked"))} {t("report.changed.note")} '
                     f'<code>{html.escape(chart_word(lang, "why.command"))}</code></p>{_table(heads, tie_rows)}'
                     '</section>')
    parts.append("</main>")
    return (f"<!doctype html><html lang=\"{world.language}\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(t('report.page_title', title=title))}</title><style>{CSS}</style></head><body>"
            + "".join(parts) + "</body></html>")
