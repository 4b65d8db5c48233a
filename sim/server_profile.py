"""Where a served request's time goes, measured inside the server: wall and CPU per stage.

Off unless the environment variable TOWNSFOLK_PROFILE names a file stem (bench/serve_load.py
--profile sets it). Then each world's writer records, per Town call, its wall time and the CPU
time of the thread that ran it (`time.thread_time`: another thread's or process's work on a busy
machine is not counted), the time it waited in the world's queue, and each group commit's wall,
CPU and batch size; at shutdown STEM.json holds them. With TOWNSFOLK_PROFILE_CPROFILE=1 too,
every writer batch and the event loop also run under cProfile (STEM.writer.prof, STEM.loop.prof;
read with `python -m pstats`). cProfile costs more than it measures for small calls, so the
stage figures are taken without it.
"""

from __future__ import annotations

import cProfile
import gc
import json
import os
import pstats
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ENV = "TOWNSFOLK_PROFILE"


def _summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] * 1000, 2)

    return {"n": len(ordered), "mean_ms": round(statistics.fmean(ordered) * 1000, 2), "p50_ms": at(0.5),
            "p95_ms": at(0.95), "max_ms": round(ordered[-1] * 1000, 2)}


class StageClock:
    """Stage timings of one server process (thread-safe; a no-op when disabled)."""

    def __init__(self, stem: str | None = None) -> None:
        self.stem = stem if stem is not None else os.environ.get(ENV) or None
        self.enabled = self.stem is not None
        self.cprofile = self.enabled and os.environ.get(f"{ENV}_CPROFILE", "") not in ("", "0")
        self._lock = threading.Lock()
        self._samples: dict[str, list[float]] = {}
        self._profiles: list[cProfile.Profile] = []
        self._loop: cProfile.Profile | None = None
        self._loop_cpu: float | None = None  # the loop thread's CPU clock at start_loop
        self._gc_started = 0.0
        self._gc_cpu = 0.0
        self._gc_pauses: list[tuple[int, float, float]] = []  # generation, wall, CPU
        if self.enabled:
            gc.callbacks.append(self._gc_pause)

    def _gc_pause(self, phase: str, info: dict) -> None:
        """Each cyclic collection's pause, by generation (`gc.gen2` ...): every thread waits for it."""
        if phase == "start":
            self._gc_started, self._gc_cpu = time.perf_counter(), time.thread_time()
        else:
            # no lock here: a collection may start inside `add` on this thread (list.append is atomic)
            self._gc_pauses.append((info.get("generation", -1), time.perf_counter() - self._gc_started,
                                    time.thread_time() - self._gc_cpu))

    def add(self, stage: str, seconds: float) -> None:
        if self.enabled:
            with self._lock:
                self._samples.setdefault(stage, []).append(seconds)

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        """Wall and this thread's CPU time of the block, as `stage.wall` and `stage.cpu`."""
        if not self.enabled:
            yield
            return
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            yield
        finally:
            self.add(f"{stage}.cpu", time.thread_time() - cpu)
            self.add(f"{stage}.wall", time.perf_counter() - wall)

    @contextmanager
    def profiled(self) -> Iterator[None]:
        """The block under its own cProfile (a profile is per thread; they are merged at the end)."""
        if not self.cprofile:
            yield
            return
        prof = cProfile.Profile(time.thread_time)  # CPU clock: a thread waiting for the GIL costs nothing
        prof.enable()
        try:
            yield
        finally:
            prof.disable()
            with self._lock:
                self._profiles.append(prof)

    def start_loop(self) -> None:
        """Count the calling thread's CPU (the event loop: HTTP parsing, validation, JSON) until
        `finish`, as `loop.cpu` (one sample: the total), and profile it with cProfile on request."""
        self._loop_cpu = time.thread_time()
        if self.cprofile:
            self._loop = cProfile.Profile(time.thread_time)  # CPU: the loop's idle poll is not counted
            self._loop.enable()

    def finish(self) -> None:
        """Write STEM.json and the profiles (at shutdown)."""
        if not self.enabled or self.stem is None:
            return
        if self._gc_pause in gc.callbacks:
            gc.callbacks.remove(self._gc_pause)
        for generation, wall, cpu in list(self._gc_pauses):
            self.add(f"gc.gen{generation}.wall", wall)
            self.add(f"gc.gen{generation}.cpu", cpu)
        if self._loop_cpu is not None:
            self.add("loop.cpu", time.thread_time() - self._loop_cpu)
        if self._loop is not None:
            self._loop.disable()
            pstats.Stats(self._loop).dump_stats(f"{self.stem}.loop.prof")
        with self._lock:
            samples = {k: list(v) for k, v in self._samples.items()}
            profiles = list(self._profiles)
        if profiles:
            pstats.Stats(*profiles).dump_stats(f"{self.stem}.writer.prof")
        out = {stage: _summary(v) for stage, v in sorted(samples.items()) if v}
        Path(f"{self.stem}.json").write_text(json.dumps(out, indent=1), encoding="utf-8")
