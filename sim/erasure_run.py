"""Erasure on a saved run: erase in memory, scrub the timeline, rewrite and compact the database."""

from __future__ import annotations

from pathlib import Path

from townsfolk.memory.erasure import REDACTED, ErasureReport, erase
from townsfolk.sim.log import LogEntry
from townsfolk.sim.run_store import RunStore


def _mentions(value: object, ids: set[str]) -> bool:
    if isinstance(value, str):
        return value in ids
    if isinstance(value, list | tuple):
        return any(_mentions(v, ids) for v in value)
    if isinstance(value, dict):
        return any(_mentions(v, ids) for v in value.values())
    return False


def scrub_log(log: list[LogEntry], report: ErasureReport) -> list[LogEntry]:
    """Blank timeline entries that point at erased items or quote erased words."""
    ids = report.removed_ids | set(report.redacted_facts)
    texts = report.erased_texts
    out = []
    for e in log:
        if _mentions(e.ids, ids) or any(t in e.text for t in texts):
            e = e.model_copy(update={"text": REDACTED, "ids": {}})
        out.append(e)
    return out


def _scrub(value: object, texts: list[str]) -> object:
    if isinstance(value, str):
        return REDACTED if any(t in value for t in texts) else value
    if isinstance(value, list):
        return [_scrub(v, texts) for v in value]
    if isinstance(value, dict):
        return {k: _scrub(v, texts) for k, v in value.items()}
    return value


def forget_in_run(db: str | Path, *, player: str, npc: str | None = None,
                  memory_id: str | None = None) -> ErasureReport:
    """Apply a player's erasure to a saved run; raises ErasureError (nothing touched) when invalid."""
    store = RunStore(db, must_exist=True)
    run = store.run_info()
    world, memory, log = store.load()
    report = erase(world, memory, player=player, npc=npc, memory_id=memory_id)
    run.extra = _scrub(run.extra, report.erased_texts)  # type: ignore[assignment]
    gone = report.removed_ids
    decisions = [(tick, _scrub({**d, "memories": [m for m in d.get("memories", []) if m not in gone]},
                               report.erased_texts)) for tick, d in store.decisions()]
    store.rewrite(world, memory, scrub_log(log, report), run, decisions=decisions)  # type: ignore[arg-type]
    return report
