"""Scenario playback: tick by tick, with expectations checked and every tick saved.

A run interrupted mid-way (a crash, or `--until`) is left unfinished on disk and resumes from its
last committed tick; the rng state is saved with each tick so the rest replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.llm.protocol import LLMProvider
from townsfolk.sim.count_words import gate_counts
from townsfolk.sim.engine import Usage, build_world
from townsfolk.sim.expectations import ExpectationResult, check
from townsfolk.sim.log import LogEntry
from townsfolk.sim.messages import msg
from townsfolk.sim.run_store import RunStore, RunStoreError
from townsfolk.sim.scenario import Scenario
from townsfolk.sim.town import Town, scenario_digest  # noqa: F401  (scenario_digest: kept importable here)


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
            "model_failure_reasons": dict(sorted(self.usage.failures_by_reason.items())),
            "model_breaker_trips": self.usage.breaker_trips, "model_calls_skipped": self.usage.calls_skipped,
            "expectations_passed": len(self.results) - len(self.failed),
            "expectations_failed": len(self.failed),
            **self._gate()}

    def _gate(self) -> dict[str, dict[str, int]]:
        """`gate`: decisions per trigger and outcome; `gate_outcomes`: the same summed per outcome."""
        per_trigger, outcomes = gate_counts(self.sim.minds.counts if self.sim is not None else {})
        return {"gate": per_trigger, "gate_outcomes": outcomes}


def default_db(scenario_path: str | Path) -> Path:
    return Path("runs") / f"{Path(scenario_path).stem}.db"


def _expect_entry(r: ExpectationResult, tick: int, time: str, language: str = "en") -> LogEntry:
    mark = msg(language, "expect.ok" if r.ok else "expect.failed")
    found = msg(language, "expect.found")
    return LogEntry(tick=tick, time=time, kind="expect", text=f"[{mark}] {r.description} — {found}{'' if language == 'zh' else ' '}{r.found}",
                    ids={"index": r.index, "ok": r.ok})


def play(scenario: Scenario, *, db: str | Path | None = None, seed: int | None = None,
         until: int | None = None, provider: LLMProvider | None = None, resume: bool = False,
         scenario_path: str = "", on_entry: Callable[[LogEntry], None] | None = None,
         overwrite: bool = False, commit_every: int = 1) -> PlayResult:
    """Play a scenario to its last tick (or `until`), saving each tick; returns the whole result.
    Built on the `Town` facade: it makes or reopens the world and saves every tick. The database's
    writer lock is taken first (another writer: RunStoreError at once), and a fresh play onto a
    database that already holds a run needs `overwrite`. `commit_every` N commits every N ticks
    (and the last): a crash loses at most the ticks since, and resume replays them exactly."""
    if commit_every < 1:
        raise ValueError(f"commit_every must be >= 1, got {commit_every}")
    guard = RunStore(db) if db is not None else None
    if guard is not None:
        guard.acquire_writer()
    try:
        if guard is not None and not resume and not overwrite and guard.holds_run():
            run = guard.run_info()
            state = "finished" if run.finished else f"stopped after tick {run.last_tick}"
            raise RunStoreError(f"{db} already holds a run ({run.title}, {state}); pass --overwrite to replace "
                                f"it, --resume to continue it, or choose another --db")
        return _play(scenario, db=db, seed=seed, until=until, provider=provider, resume=resume,
                     scenario_path=scenario_path, on_entry=on_entry, commit_every=commit_every)
    finally:
        if guard is not None:
            guard.release_writer(force=True)  # the run is over: the next writer may go ahead


def _play(scenario: Scenario, *, db: str | Path | None, seed: int | None, until: int | None,
          provider: LLMProvider | None, resume: bool, scenario_path: str,
          on_entry: Callable[[LogEntry], None] | None, commit_every: int = 1) -> PlayResult:
    result = PlayResult()
    if resume and db is not None:
        run = RunStore(db).run_info()
        if run.scenario_sha != scenario_digest(scenario, seed):
            raise RunStoreError(f"{db} holds a run of another scenario or seed; play it afresh without --resume")
        if run.finished:
            raise RunStoreError(f"{db} holds a finished run; nothing to resume")
        town = Town.open(db, provider=provider, scenario=scenario)
        result.resumed_from = town.played
    else:
        town = Town.from_scenario(scenario, db=db, seed=seed, provider=provider, start=False,
                                  scenario_path=scenario_path, builder=build_world)
    last = scenario.last_tick if until is None else min(until, scenario.last_tick)
    result.npcs = len(town.npcs())
    first = town.played + 1
    for tick in range(first, last + 1):
        entries = town.play_tick(tick)
        now = town.world.now.isoformat(timespec="minutes")
        for i, exp in enumerate(scenario.expect):
            if exp.at == tick:
                r = check(town.sim, i, exp)
                town.results.append(r)
                entries.append(_expect_entry(r, tick, now, town.world.language))
        for e in entries:
            if on_entry:
                on_entry(e)
        town.note(entries)
        if (tick - first + 1) % commit_every == 0 or tick == last:
            town.save(finished=tick == scenario.last_tick)
    result.log = town.log
    result.results = town.results
    result.finished = town.finished
    result.usage = town.sim.usage
    result.ticks = last + 1
    result.sim = town.sim
    return result
