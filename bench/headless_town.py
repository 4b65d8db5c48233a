"""Headless town: build time and ticks/s of a generated town living one day, side by side without a
store, committing every tick, and committing once every simulated day.

    python bench/headless_town.py [--npcs 1000] [--days 1] [--spec scenarios/town.world.yaml]

Prints the workload, each figure, and the ratios between the three ways of running the same town
(same spec and seed, so the same beats: only the store differs). The first run in a process also
pays one-off warm-ups (embedding the predicate examples), so a warm-up run goes first.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from townsfolk.sim.simulate import simulate  # noqa: E402
from townsfolk.sim.world_spec import load_world_spec  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--npcs", type=int, default=1000)
    ap.add_argument("--days", type=float, default=1.0)
    ap.add_argument("--spec", default=str(Path(__file__).resolve().parent.parent / "scenarios" / "town.world.yaml"))
    args = ap.parse_args()
    spec = load_world_spec(args.spec)
    print(f"workload: {spec.world}, {args.npcs} NPCs, {args.days:g} days of {spec.tick} ticks, offline model")
    simulate(spec, npcs=min(args.npcs, 60), days=0.5)  # warm-up: imports, predicate example vectors
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, db, every in (("no store", None, 1), ("store, commit every tick", "a.db", 1),
                                 ("store, commit every day", "b.db", spec.ticks_per_day)):
            r = simulate(spec, npcs=args.npcs, days=args.days, db=str(Path(tmp) / db) if db else None,
                         commit_every=every)
            rate = r.ticks / r.run_s if r.run_s else float("inf")
            rows.append((label, r.build_s, rate, r.tellings))
            print(f"{label:<26} build {r.build_s:6.1f} s · {rate:7.2f} ticks/s · {r.tellings} tellings · "
                  f"{r.beliefs} beliefs · {r.model_calls} model calls")
    base = rows[0][2]
    for label, _b, rate, _t in rows[1:]:
        print(f"ratio {label} / no store: {rate / base:.2f}x")
    print(f"ratio commit every day / every tick: {rows[2][2] / rows[1][2]:.2f}x")
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
