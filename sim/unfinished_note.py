"""The line a reader of a saved run prints when the run stopped before its end.

`townsfolk play X | head -3` closes the pipe after a few lines and the run stops at tick 1; `why`
then showed "colleague now 0.70 ... over time: 0.70" with no word that 28 of its 29 ticks never
ran, which reads as "the rumour never moved the tie" (newcomer N-40). `report` marks such a run;
`why`, `inspect`, `memories` and `decisions` now say it too, on stderr (their JSON stays clean).
"""

from __future__ import annotations

import shlex
from typing import Any

WORDS = {
    "en": {"of": "run unfinished: saved up to tick {tick} of {last}", "bare": "run unfinished: saved up to tick {tick}",
           "again": "; continue it with: {again}"},
    "zh": {"of": "这次运行没有跑完：只保存到第 {tick} 个时刻（共 {last} 个）", "bare": "这次运行没有跑完：只保存到第 {tick} 个时刻",
           "again": "；继续运行：{again}"},
}


def planned_last_tick(extra: dict[str, Any]) -> int | None:
    """The tick the run was made to reach: a scenario's last beat or expectation, a headless run's ticks."""
    headless = extra.get("headless") or {}
    if headless.get("ticks"):
        return int(headless["ticks"])
    scenario = extra.get("scenario") or {}
    ats = [_last_of(b) for b in scenario.get("timeline") or []]
    ats += [int(e.get("at", 0)) for e in scenario.get("expect") or []]
    return max(ats) if ats else None


def _last_of(beat: dict[str, Any]) -> int:
    """A beat's last tick: `at`, or the last of `every` up to `until` (Beat.ticks)."""
    at, every, until = int(beat.get("at", 0)), beat.get("every"), beat.get("until")
    return at + (int(until) - at) // int(every) * int(every) if every and until is not None else at


def unfinished_note(run: Any, db: str) -> str | None:
    """The notice for `run` (a RunRow), or None when it finished or has no end it was made for."""
    if run.finished:
        return None
    extra = run.extra or {}
    last = planned_last_tick(extra)
    if last is not None and run.last_tick >= last:
        return None  # a live world played past its scenario: nothing is missing
    words = WORDS["zh" if run.language == "zh" else "en"]
    text = (words["of"] if last is not None else words["bare"]).format(tick=max(run.last_tick, 0), last=last)
    path = run.scenario_path
    if path:
        headless = extra.get("headless") or {}
        shape = [f"--{k}={headless[k]}" for k in ("npcs", "seed") if headless.get(k) is not None]
        line = ["townsfolk", "simulate" if headless else "play", path, *shape, "--db", db, "--resume"]
        text += words["again"].format(again=shlex.join(line))
    return text
