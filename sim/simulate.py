"""The headless runner: generate a town from a world spec and let it live for D days.

Each tick, the daily life plans the hour's beats and the one tick engine (`Simulation.run_tick`,
the scenario player's own) carries them out; every tick is committed to the store of record, so
`why`, `inspect` and `memories` work on the run. A few numbers per tick (mood, tellings) are kept
in the run's record for the report.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.llm.protocol import LLMProvider
from townsfolk.sim.daily_life import DailyLife
from townsfolk.sim.engine import Simulation, Usage
from townsfolk.sim.heap import long_lived_heap
from townsfolk.sim.run_store import RunStore, RunStoreError
from townsfolk.sim.world_spec import WorldSpec
from townsfolk.sim.worldgen import Town, generate


class TickProgress(BaseModel):
    """What the progress bar shows after each tick."""

    tick: int
    ticks: int
    npcs: int
    tellings: int
    model_calls: int
    elapsed_s: float


class SimulateResult(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    sim: Any = Field(default=None, exclude=True)
    town: Any = Field(default=None, exclude=True)
    life: Any = Field(default=None, exclude=True)
    title: str = ""
    seed: int = 0
    npcs: int = 0
    days: float = 0
    ticks: int = 0
    ties: int = 0  # pairs of people with a relationship, each pair once (bond axes are not ties)
    tellings: int = 0
    events: int = 0
    events_waiting: int = 0  # drawn near the end for an hour no place could hold them, not yet happened
    stifled: int = 0
    beliefs: int = 0
    reached: int = 0  # NPCs holding any belief
    seed_reach: float = 0.0  # share of NPCs holding a belief of the seeded rumour (sweep's rumour_reach)
    model_calls: int = 0
    build_s: float = 0.0
    run_s: float = 0.0
    db: str | None = None

    def summary(self) -> dict[str, Any]:
        """The closing record (`simulate --json`); wall times are in it, so it is not byte-stable."""
        return {"kind": "summary", **self.model_dump(exclude={"sim", "town", "life"})}


def _mood_row(sim: Simulation) -> list[float]:
    """Mood across the town this tick: mean and the 10th/50th/90th percentile of valence."""
    v = sim.minds.affect.fast[:, 0]
    if len(v) == 0:
        return [0.0, 0.0, 0.0, 0.0]
    q = np.percentile(v, [10, 50, 90])
    return [round(float(v.mean()), 4), *(round(float(x), 4) for x in q)]


def simulate(spec: WorldSpec, *, npcs: int | None = None, days: float | None = None, seed: int | None = None,
             db: str | Path | None = None, provider: LLMProvider | None = None, spec_path: str = "",
             overrides: dict[str, Any] | None = None, overwrite: bool = False, commit_every: int = 1,
             on_tick: Callable[[TickProgress], None] | None = None, resume: bool = False) -> SimulateResult:
    """Generate the town and run it; with `db`, every tick is saved (or every `commit_every` ticks
    and the last: a crash then loses at most the ticks since). A database already holding a run
    is only replaced with `overwrite`; `resume` goes on with an unfinished one from its last saved
    tick (the same spec, seed and population), exactly as if it had never stopped."""
    if commit_every < 1:
        raise ValueError(f"commit_every must be >= 1, got {commit_every}")
    if resume and db is None:
        raise ValueError("resume needs the database of the run to continue")
    store = RunStore(db) if db is not None else None
    if store is not None:
        store.acquire_writer()
    try:
        if store is not None and not overwrite and not resume and store.holds_run():
            raise RunStoreError(held_run_message(store, db))
        return _simulate(spec, npcs=npcs, days=days, seed=seed, store=store, provider=provider,
                         spec_path=spec_path, overrides=overrides, commit_every=commit_every, on_tick=on_tick,
                         resume=resume)
    finally:
        if store is not None:
            store.release_writer(force=True)


def held_run_message(store: RunStore, db: object) -> str:
    """Why a fresh run will not go onto this database, and what to do: an unfinished run says where
    it stopped and that `--resume` goes on with it."""
    run = store.run_info()
    if run.finished:
        return (f"{db} already holds a run ({run.title}, finished); pass --overwrite to replace it, "
                f"or choose another --db")
    of = (run.extra.get("headless") or {}).get("ticks")
    where = f"tick {run.last_tick} of {of}" if of else f"tick {run.last_tick}"
    return (f"{db} already holds a run ({run.title}, unfinished: interrupted after {where}); pass --resume "
            f"to continue it, --overwrite to replace it, or choose another --db")


def _simulate(spec: WorldSpec, *, npcs: int | None, days: float | None, seed: int | None, store: RunStore | None,
              provider: LLMProvider | None, spec_path: str, overrides: dict[str, Any] | None, commit_every: int,
              on_tick: Callable[[TickProgress], None] | None, resume: bool = False) -> SimulateResult:
    t0 = time.perf_counter()
    if overrides:
        spec = apply_overrides(spec, overrides)
    saved = _resume_point(store) if resume and store is not None else None
    if saved is not None:  # what the first run was given goes on unless given again
        first_run = saved.extra.get("headless") or {}
        seed = saved.seed if seed is None else seed
        npcs = first_run.get("npcs") if npcs is None else npcs
        if days is None and first_run.get("ticks"):
            days = first_run["ticks"] / spec.ticks_per_day
    town: Town = generate(spec, seed=seed, npcs=npcs)
    days = spec.days if days is None else days
    last = int(round(days * spec.ticks_per_day))
    if saved is not None:
        _check_resumable(saved, store, town, last)  # type: ignore[arg-type]
        if saved.last_tick < 0:  # stopped while building or in tick 0: nothing but the cast was saved
            saved = None  # so this very town starts afresh, as the first run would have gone on
    if saved is not None:  # the world, memory, rng and clock as last committed, in the town's layout
        world, memory, _log = store.load()  # type: ignore[union-attr]
        world.relation_kinds = town.world.relation_kinds
        town.world, town.memory = world, memory
    world = town.world
    sim = Simulation(world, town.memory, provider, place="town", drive=False, settled_days=spec.settled_days)
    life = DailyLife(town, sim)
    series: dict[str, list] = {"tick": [], "mood": [], "tellings": [], "encounters": []}
    first = 0
    if saved is not None:
        try:
            sim.minds.restore(saved.extra.get("minds", {}))
            life.restore(saved.extra["headless"]["life"])
        except (KeyError, ValueError) as exc:
            raise RunStoreError(f"{store.db}: cannot resume this run: {exc}") from None  # type: ignore[union-attr]
        sim.earlier = Usage.model_validate(saved.extra.get("usage", {}))
        series = {k: list(saved.extra["headless"]["series"].get(k, [])) for k in series}
        first = saved.last_tick + 1
    elif store is not None:
        store.create(world, scenario_path=spec_path, scenario_sha=town.digest)
    build_s = time.perf_counter() - t0
    layout = {"places": [[p.id, p.kind, p.name] for p in town.places],
              "home": town.home.tolist(), "work": town.work.tolist(), "ties": town.ties}
    t1 = time.perf_counter()
    with long_lived_heap():  # the town just built lives as long as the run (sim/heap.py)
        pending: list = []
        for tick in range(first, last + 1):
            beats = life.plan(tick)
            before = len(world.facts)
            entries = sim.run_tick(tick, beats)
            if tick == life.seed_tick:
                life.note_seed_facts(tick, list(world.facts)[before:])
            series["tick"].append(tick)
            series["mood"].append(_mood_row(sim))
            series["tellings"].append(life.counts["tellings"])
            series["encounters"].append(life.counts["encounters"])
            pending += entries
            if store is not None and (tick % commit_every == 0 or tick == last):
                store.commit_tick(world, sim.memory, pending, finished=tick == last,
                                  extra={"usage": sim.usage.model_dump(), "minds": sim.minds,
                                         "headless": {"spec": spec.model_dump(mode="json"), "seed": world.seed,
                                                      "npcs": len(town.npcs), "ticks": last,  # what --resume runs to
                                                      "model": sim.provider.name,  # "offline": the report says no model
                                                      "layout": layout if tick == last else {},
                                                      "life": life.state(), "series": series}},
                                  decisions=sim.minds.take_decisions())
                pending = []
            elif store is None:
                sim.minds.take_decisions()
                pending = []
            if on_tick is not None:
                on_tick(TickProgress(tick=tick, ticks=last, npcs=len(town.npcs), tellings=life.counts["tellings"],
                                     model_calls=sim.usage.model_calls, elapsed_s=time.perf_counter() - t1))
    beliefs = list(sim.memory.beliefs.values())
    origins = set(life.seed_origins)
    heard = {b.holder for b in beliefs if b.origin_fact_id in origins}
    return SimulateResult(
        sim=sim, town=town, life=life, title=spec.world, seed=world.seed, npcs=len(town.npcs), days=days, ticks=last,
        ties=town.tie_pairs, tellings=life.counts["tellings"], events=life.counts["events"],
        events_waiting=sum(life.backlog.values()),
        stifled=life.counts["stifled"], beliefs=len(beliefs), reached=len({b.holder for b in beliefs}),
        seed_reach=round(len(heard) / max(1, len(town.npcs)), 4),
        model_calls=sim.usage.model_calls, build_s=round(build_s, 3), run_s=round(time.perf_counter() - t1, 3),
        db=store.db if store is not None else None)


def _resume_point(store: RunStore) -> Any:
    """The saved run `--resume` goes on with: an unfinished one."""
    if not store.holds_run():
        raise RunStoreError(f"{store.db} holds no run to resume; run it without --resume")
    run = store.run_info()
    if run.finished:
        raise RunStoreError(f"{store.db} holds a finished run ({run.title}); nothing to resume")
    return run


def _check_resumable(run: Any, store: RunStore, town: Town, last: int) -> None:
    """Refused unless the saved run is of this very town (spec, seed and population, as its digest
    says) and has ticks left before `last`."""
    if run.scenario_sha != town.digest:
        raise RunStoreError(f"{store.db} holds a run of another spec, seed or population; resume it with the "
                            "same spec file (and --seed, --npcs if you change them), or start afresh with --overwrite")
    if run.last_tick >= last:
        raise RunStoreError(f"{store.db} stopped after tick {run.last_tick}, and --days asks for {last} ticks: "
                            "nothing is left to run; leave --days out to run to the first run's end")


def apply_overrides(spec: WorldSpec, overrides: dict[str, Any]) -> WorldSpec:
    """A copy of the spec with dotted keys set (`rumour.tell_probability=0.1`, `traits.candour.mean`,
    `events.0.rate_per_day` or `events.nets.rate_per_day`: sim/spec_paths.py), validated again."""
    from townsfolk.sim.spec_paths import set_path

    data = spec.model_dump(mode="json")
    for key, value in overrides.items():
        set_path(data, key, value)
    return WorldSpec.model_validate(data)
