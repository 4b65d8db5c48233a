"""`townsfolk errands`: a saved run's errands with their slots, history and state, as text or JSON.

Errands are saved with each tick in the run's state (see sim/town.py), so this reads them without
replaying anything.
"""

from __future__ import annotations

from typing import Any

from townsfolk.agents.errands import Errand
from townsfolk.sim.messages import errand_word, msg, pad
from townsfolk.sim.run_store import RunStore
from townsfolk.world.world import World


def saved_errands(db: str, *, npc: str | None = None, player: str | None = None) -> list[Errand]:
    """The errands of a saved run, in the order they started (optionally one NPC's or player's)."""
    rows: list[dict[str, Any]] = RunStore(db, must_exist=True).run_info().extra.get("errands", [])
    out = [Errand.model_validate(r) for r in rows]
    return [e for e in out if (npc is None or npc in (e.npc, e.origin_npc)) and (player is None or e.player == player)]


def render(world: World, errands: list[Errand]) -> list[str]:
    """Readable lines: one head per errand, its slots, then its history with when and why (in the world's language)."""
    lang = world.language
    lines: list[str] = []
    for e in errands:
        who = world.name(e.npc) + (msg(lang, "errands.from", npc=world.name(e.origin_npc)) if e.origin_npc != e.npc else "")
        waiting = msg(lang, "errands.waiting", pending=e.pending) if e.pending and e.status in ("active", "paused") else ""
        paused = (msg(lang, "errands.paused", reason=errand_word(lang, e.paused_reason or ""), at=e.paused_at)
                  if e.status == "paused" else "")
        lines.append(f"{e.key}  {who} ↔ {world.name(e.player)}  {errand_word(lang, e.status)}{paused}{waiting}")
        slots = ", ".join(f"{k}={'/'.join(map(str, v)) if isinstance(v, list) else v}" for k, v in e.values.items())
        colon = "：" if lang == "zh" else ": "
        skipped = f"; {msg(lang, 'errands.skipped')}{colon}{', '.join(e.skipped)}" if e.skipped else ""
        lines.append(f"  {msg(lang, 'errands.slots')}{colon}{slots or '—'}{skipped}")
        was = msg(lang, "errands.was")
        for c in e.history:
            change = (f"{c.slot}: {c.old} → {c.new}" if c.old is not None and c.new is not None
                      else f"{c.slot} = {c.new}" if c.slot and c.new is not None
                      else f"{c.slot} ({was} {c.old})" if c.slot else (str(c.new) if c.new is not None else ""))
            why = f"  “{c.why}”" if c.why else ""
            lines.append(f"    t{c.tick:<3} {c.time[11:16]} {pad(errand_word(lang, c.kind), 10)} {change}{why}")
    return lines
