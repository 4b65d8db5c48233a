"""The read-only inspector at `/`: a world's relationship graph (server-side SVG), its timeline, and
"why" for a chosen pair. Plain HTML and a little JS that calls the same API with the game's key
(kept in the tab's sessionStorage, never in a URL)."""

from __future__ import annotations

import math
from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from townsfolk.sim.server_routes import ERRORS, Tenant, WorldId, hosted
from townsfolk.sim.town import Town

router = APIRouter(responses=ERRORS)
KIND_COLOURS = {"friend": "#2a9d4b", "partner": "#1f6fb2", "family": "#8e44ad", "colleague": "#16a2a2",
                "familiarity": "#9aa5b1", "trust": "#e0a800", "tension": "#d6402b", "rival": "#c0392b",
                "acquaintance": "#7f8c8d"}


def graph_svg(town: Town, size: int = 560) -> str:
    """Everyone on a circle (NPCs round, players square), one curved arrow per edge: colour is its
    kind, width its strength. Deterministic: the same world draws the same picture."""
    w = town.world
    people = list(w.characters)
    r, c = size * 0.38, size / 2
    pos = {p: (c + r * math.cos(2 * math.pi * i / max(len(people), 1) - math.pi / 2),
               c + r * math.sin(2 * math.pi * i / max(len(people), 1) - math.pi / 2)) for i, p in enumerate(people)}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
             f'role="img" aria-label="relationship graph of {escape(w.title)}">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" '
             'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>']
    kinds = sorted({e.kind for e in w.graph.edges()})
    for edge in sorted(w.graph.edges(), key=lambda e: e.key):
        if edge.source not in pos or edge.target not in pos or edge.strength <= 0.01:
            continue
        (x1, y1), (x2, y2) = pos[edge.source], pos[edge.target]
        bend = 18 + 10 * kinds.index(edge.kind) % 40
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = x2 - x1, y2 - y1
        norm = math.hypot(dx, dy) or 1.0
        qx, qy = mx - dy / norm * bend, my + dx / norm * bend
        colour = KIND_COLOURS.get(edge.kind, "#555")
        parts.append(f'<path class="edge" data-source="{escape(edge.source)}" data-target="{escape(edge.target)}" '
                     f'data-kind="{escape(edge.kind)}" d="M {x1:.1f} {y1:.1f} Q {qx:.1f} {qy:.1f} {x2:.1f} {y2:.1f}" '
                     f'stroke="{colour}" stroke-width="{0.5 + 5 * edge.strength:.2f}" fill="none" opacity="0.75" '
                     f'marker-end="url(#arrow)"><title>{escape(w.name(edge.source))} → {escape(w.name(edge.target))}'
                     f' [{escape(edge.kind)}] {edge.strength:.2f}</title></path>')
    for p in people:
        x, y = pos[p]
        ch = w.characters[p]
        shape = (f'<rect x="{x - 13:.1f}" y="{y - 13:.1f}" width="26" height="26" fill="#fde9c9" stroke="#b86e00"/>'
                 if ch.is_player else f'<circle cx="{x:.1f}" cy="{y:.1f}" r="14" fill="#dfeefc" stroke="#1f6fb2"/>')
        parts.append(f'<g class="node" data-id="{escape(p)}">{shape}<text x="{x:.1f}" y="{y + 30:.1f}" '
                     f'text-anchor="middle" font-size="13" font-family="sans-serif">{escape(ch.name)}</text></g>')
    for i, kind in enumerate(kinds):
        parts.append(f'<text x="8" y="{16 + 15 * i}" font-size="11" font-family="sans-serif" '
                     f'fill="{KIND_COLOURS.get(kind, "#555")}">— {escape(kind)}</text>')
    parts.append("</svg>")
    return "".join(parts)


@router.get("/v1/worlds/{world}/graph.svg", tags=["inspector"],
            responses={200: {"content": {"image/svg+xml": {}}, "description": "the relationship graph"}})
async def graph(request: Request, world: WorldId, game: Tenant) -> Response:
    """Who is tied to whom, by kind (colour) and strength (width), as SVG."""
    h = hosted(request, world, game)
    async with h.lock:
        svg = graph_svg(h.town)
    return Response(svg, media_type="image/svg+xml")


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>townsfolk inspector</title>
<style>
body{font-family:sans-serif;margin:1.2em;color:#222} header{display:flex;gap:.6em;align-items:center;flex-wrap:wrap}
main{display:grid;grid-template-columns:minmax(300px,580px) 1fr;gap:1.2em;margin-top:1em}
#timeline{max-height:560px;overflow:auto;font-size:13px;border:1px solid #ddd;padding:.4em}
#timeline div{padding:2px 0;border-bottom:1px solid #f2f2f2} .kind{color:#888;display:inline-block;width:5em}
#why{white-space:pre-wrap;font-size:12px;background:#f8f8f8;padding:.6em;max-height:400px;overflow:auto}
#status{color:#b00}
</style></head><body>
<h1>townsfolk inspector <small>(read-only)</small></h1>
<header>
 <label>API key <input id="key" type="password" autocomplete="off" placeholder="none on a local server"></label>
 <button id="load">Load worlds</button>
 <label>World <select id="world"></select></label>
 <span id="status"></span>
</header>
<main>
 <section><h2>Relationships</h2><div id="graph"></div>
  <h2>Why</h2>
  <label>holder <select id="holder"></select></label> <label>target <select id="target"></select></label>
  <button id="ask">Why?</button><div id="why"></div></section>
 <section><h2>Timeline</h2><div id="timeline"></div></section>
</main>
<script>
const $ = (id) => document.getElementById(id);
$("key").value = sessionStorage.getItem("townsfolk-key") || "";
function headers(){ const k = $("key").value.trim(); sessionStorage.setItem("townsfolk-key", k);
  return k ? {"Authorization": "Bearer " + k} : {}; }
async function get(path, asText){ const r = await fetch(path, {headers: headers()});
  if(!r.ok){ const body = await r.json().catch(() => ({})); throw new Error(r.status + " " + ((body.error||{}).reason||"")); }
  return asText ? r.text() : r.json(); }
function option(sel, value, label){ const o = document.createElement("option"); o.value = value; o.textContent = label; sel.appendChild(o); }
async function loadWorlds(){ $("status").textContent = "";
  try { const worlds = await get("/v1/worlds"); $("world").innerHTML = "";
    worlds.forEach(w => option($("world"), w.id, w.id + " — " + w.title));
    if(worlds.length) await showWorld(); else $("status").textContent = "no worlds for this key";
  } catch(e){ $("status").textContent = e.message; } }
async function showWorld(){ const id = $("world").value; if(!id) return;
  try {
    const [info, svg, tl] = await Promise.all([get("/v1/worlds/" + id), get("/v1/worlds/" + id + "/graph.svg", true),
                                               get("/v1/worlds/" + id + "/timeline")]);
    $("graph").innerHTML = svg;
    for(const sel of [$("holder"), $("target")]){ sel.innerHTML = ""; [...info.npcs, ...info.players].forEach(c => option(sel, c, c)); }
    if(info.players.length) $("target").value = info.players[0];
    const box = $("timeline"); box.innerHTML = "";
    tl.forEach(e => { const d = document.createElement("div"); d.className = "entry";
      const k = document.createElement("span"); k.className = "kind"; k.textContent = e.kind;
      d.append("t" + e.tick + " ", k, " " + e.text); box.appendChild(d); });
  } catch(e){ $("status").textContent = e.message; } }
async function why(){ const id = $("world").value;
  try { const ex = await get("/v1/worlds/" + id + "/why?holder=" + encodeURIComponent($("holder").value) +
                             "&target=" + encodeURIComponent($("target").value));
    const lines = [];
    ex.edges.forEach(e => { lines.push(e.kind + " " + e.strength.toFixed(2) + " (since " + e.since + ")");
      e.changes.forEach(c => lines.push("  t" + c.tick + " " + c.before.toFixed(2) + " → " + c.after.toFixed(2) + "  " + c.reason +
        (c.chain.length ? "  via " + c.chain.map(h => h.holder + (h.told_by ? "←" + h.told_by : "")).join(" → ") : ""))); });
    ex.beliefs.forEach(([b, chain]) => lines.push("believes: " + b.text + " (" + b.status + ", hop " + b.hops + ")"));
    if(ex.impression) lines.push("impression: " + ex.impression);
    $("why").textContent = lines.join("\\n") || "nothing ties them yet";
  } catch(e){ $("why").textContent = e.message; } }
$("load").onclick = loadWorlds; $("world").onchange = showWorld; $("ask").onclick = why;
loadWorlds();
</script></body></html>
"""


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def inspector() -> HTMLResponse:
    """The inspector page (its data comes from the API, with the key the user types in)."""
    return HTMLResponse(PAGE)
