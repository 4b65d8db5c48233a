"""Erasure on a saved run: erase in memory, scrub the timeline, rewrite and compact the database."""

from __future__ import annotations

from pathlib import Path

from townsfolk.memory.erasure import REDACTED, ErasureReport, anonymiser, erase
from townsfolk.sim.log import LogEntry
from townsfolk.sim.run_store import RunStore
from townsfolk.world.world import World


def _mentions(value: object, ids: set[str]) -> bool:
    if isinstance(value, str):
        return value in ids
    if isinstance(value, list | tuple):
        return any(_mentions(v, ids) for v in value)
    if isinstance(value, dict):
        return any(_mentions(v, ids) for v in value.values())
    return False


def scrub_log(log: list[LogEntry], report: ErasureReport, world: World | None = None) -> list[LogEntry]:
    """Blank timeline entries that point at erased items or quote erased words; in the others the
    player becomes "someone" (given the world), and a world-wide erasure drops them from `who`."""
    ids = report.removed_ids | set(report.redacted_facts)
    texts = report.erased_texts
    anon = anonymiser(world, report.player) if world is not None else None
    world_wide = report.npc is None and report.memory_id is None
    out = []
    for e in log:
        if _mentions(e.ids, ids) or any(t in e.text for t in texts):
            e = e.model_copy(update={"text": REDACTED, "ids": {}})
        elif anon is not None and anon(e.text) != e.text and (world_wide or report.npc in e.who):
            e = e.model_copy(update={"text": anon(e.text)})
        if world_wide and report.player in e.who:
            e = e.model_copy(update={"who": [w for w in e.who if w != report.player]})
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
    """Apply a player's erasure to a saved run; raises ErasureError (nothing touched) when invalid.

    Atomic: the run is rewritten into a new file swapped in at once (SQLite) or in one transaction
    (a server), under the writer lock. A world-wide erasure (no npc, no memory) also shreds the
    player's keys: their rows are resealed under a fresh key first, and the old keys are destroyed
    once the new run is in place, so every older copy of those rows (WAL, backup, replica) is noise.
    The run records the retired keys, so a kill between the swap and the destruction is finished
    by the next writer that opens it."""
    store = RunStore(db, must_exist=True)
    store.acquire_writer()
    try:
        run = store.run_info()
        world, memory, log = store.load()
        report = erase(world, memory, player=player, npc=npc, memory_id=memory_id)
        run.extra = _scrub(run.extra, report.erased_texts)  # type: ignore[assignment]
        run.extra = {**run.extra, "errands": [  # the player's errands go whole: they hold the player's words
            e for e in run.extra.get("errands", [])
            if not (e.get("player") == player and (npc is None or npc in (e.get("npc"), e.get("origin_npc"))))]}
        retired: list[str] = []
        if npc is None and memory_id is None:
            retired = store.keys.retire(player)
            shredded = sorted({*run.extra.get("shredded_keys", []), *retired})
            run.extra = {**run.extra, "shredded_keys": shredded}
        gone = report.removed_ids
        decisions = [(tick, _scrub({**d, "memories": [m for m in d.get("memories", []) if m not in gone]},
                                   report.erased_texts)) for tick, d in store.decisions()]
        store.rewrite(world, memory, scrub_log(log, report, world), run, decisions=decisions)  # type: ignore[arg-type]
        report.shredded_keys = store.keys.destroy(retired)
        return report
    finally:
        store.release_writer()
