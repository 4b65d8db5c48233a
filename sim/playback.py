"""Scenario playback: tick by tick, with expectations checked and every tick saved.

A run interrupted mid-way (a crash, or `--until`) is left unfinished on disk and resumes from its
last committed tick; the rng state is saved with each tick so the rest replays exactly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.dialogue import Reply
from townsfolk.agents.llm.protocol import LLMProvider
from townsfolk.sim.engine import Simulation, Usage, build_world
from townsfolk.sim.expectations import ExpectationResult, check
from townsfolk.sim.log import LogEntry
from townsfolk.sim.run_store import RunStore, RunStoreError
from townsfolk.sim.scenario import Scenario


class PlayResult(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    sim: Any = Field(default=None, exclude=True)
    log: list[LogEntry] = Field(default_factory=list)
    results: list[ExpectationResult] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    ticks: int = 0
    npcs: int = 0
    finished: bool = False
    resumed_from: int | None = None

    @property
    def failed(self) -> list[ExpectationResult]:
        return [r for r in self.results if not r.ok]

    def summary(self) -> dict[str, Any]:
        """The run's closing record: the last line of `play --json`."""
        return {"kind": "summary",
            "ticks": self.ticks, "npcs": self.npcs, "model_calls": self.usage.model_calls,
            "tokens_in": self.usage.tokens_in, "tokens_out": self.usage.tokens_out,
            "model_failures": len(self.usage.failures),
            "expectations_passed": len(self.results) - len(self.failed),
            "expectations_failed": len(self.failed),
            "gate": dict(sorted(self.sim.minds.counts.items())) if self.sim is not None else {}}


def scenario_digest(scenario: Scenario, seed: int | None) -> str:
    body = scenario.model_dump_json() + f"|seed={seed}"
    return hashlib.sha256(body.encode()).hexdigest()[:16]


def default_db(scenario_path: str | Path) -> Path:
    return Path("runs") / f"{Path(scenario_path).stem}.db"


def _expect_entry(r: ExpectationResult, tick: int, time: str) -> LogEntry:
    mark = "ok" if r.ok else "FAILED"
    return LogEntry(tick=tick, time=time, kind="expect", text=f"[{mark}] {r.description} — found: {r.found}",
                    ids={"index": r.index, "ok": r.ok})


def play(scenario: Scenario, *, db: str | Path | None = None, seed: int | None = None,
         until: int | None = None, provider: LLMProvider | None = None, resume: bool = False,
         scenario_path: str = "", on_entry: Callable[[LogEntry], None] | None = None) -> PlayResult:
    """Play a scenario to its last tick (or `until`), saving each tick; returns the whole result."""
    digest = scenario_digest(scenario, seed)
    store = RunStore(db) if db is not None else None
    result = PlayResult()
    start_tick = 0
    sim: Simulation | None = None
    if resume and store is not None:
        run = store.run_info()
        if run.scenario_sha != digest:
            raise RunStoreError(f"{db} holds a run of another scenario or seed; play it afresh without --resume")
        if run.finished:
            raise RunStoreError(f"{db} holds a finished run; nothing to resume")
        world, memory, log = store.load()
        sim = Simulation(world, memory, provider, place=scenario.place, drive=scenario.drive,
                         settled_days=scenario.settled_days)
        try:
            sim.minds.restore(run.extra.get("minds", {}))
        except ValueError as exc:
            raise RunStoreError(f"{db}: {exc}") from None
        sim.earlier = Usage.model_validate(run.extra.get("usage", {}))
        sim.replies = [(f.tick, Reply(npc=f.actor or "", asker=f.to[0] if f.to else "", question="", text=f.text,
                                      subjects=[], grounding_ids=list(f.meta.get("grounding", []))))
                       for f in world.facts if f.kind == "reply"]
        result.log = log
        result.results = [ExpectationResult.model_validate(r) for r in run.extra.get("results", [])]
        start_tick = run.last_tick + 1
        result.resumed_from = run.last_tick
    if sim is None:
        world, memory = build_world(scenario, seed=seed)
        sim = Simulation(world, memory, provider, place=scenario.place, drive=scenario.drive,
                         settled_days=scenario.settled_days)
        if store is not None:
            store.create(world, scenario_path=scenario_path, scenario_sha=digest)
    last = scenario.last_tick if until is None else min(until, scenario.last_tick)
    result.npcs = sum(1 for c in sim.world.characters.values() if not c.is_player)

    by_tick = scenario.beats_by_tick()
    for tick in range(start_tick, last + 1):
        beats = by_tick.get(tick, [])
        entries = sim.run_tick(tick, beats)
        now = sim.world.now.isoformat(timespec="minutes")
        for i, exp in enumerate(scenario.expect):
            if exp.at == tick:
                r = check(sim, i, exp)
                result.results.append(r)
                entries.append(_expect_entry(r, tick, now))
        for e in entries:
            if on_entry:
                on_entry(e)
        result.log += entries
        finished = tick == scenario.last_tick
        if store is not None:
            store.commit_tick(sim.world, sim.memory, entries, finished=finished,
                              extra={"usage": sim.usage.model_dump(),
                                     "results": [r.model_dump() for r in result.results],
                                     "minds": sim.minds.state()},
                              decisions=sim.minds.take_decisions())
        result.finished = finished
    result.usage = sim.usage
    result.ticks = last + 1
    result.sim = sim
    return result
