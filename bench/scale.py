"""bench/scale.py: how the engine scales with the number of NPCs on the rumour workload.

For each size, each case runs in its own child process (so RSS is that case's alone):
  nodb      no drive tick, no store: build, then `--ticks` ticks of the gossip round
  drive     the same with the drive tick on (level 1 for all NPCs each tick, level 2 for who passes)
  db1       drive on, the store on, a commit every tick
  db10      drive on, the store on, a commit every 10 ticks
  store1    no drive, the store on, a commit every tick (provenance on disk, as vs_mesa.py compares)
  store10   no drive, the store on, a commit every 10 ticks
Prints build time, peak RSS, ticks/s, tellings, the cost of one telling (tick time / tellings), and
the tick's fixed cost: CPU per tick in the engine's own tick (`Simulation.run_tick`) less the
consolidation of the holders the tellings touched.

    .venv/bin/python bench/scale.py --sizes 1000,10000 --ticks 20
    .venv/bin/python bench/scale.py --sizes 100000 --ticks 10 --cases nodb,drive
    .venv/bin/python bench/scale.py --sizes 10000 --ticks 20 --cases db1 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = ("nodb", "drive", "db1", "db10", "store1", "store10")
DRIVE = {"drive", "db1", "db10"}


def cpu_meter() -> dict[str, float]:
    """CPU seconds spent in the engine's own tick (`Simulation.run_tick`: maintenance, settling,
    mood lines; not the gossip round's tellings) and, inside it, in consolidating the holders the
    tellings touched (a cost per telling). The tick's fixed cost is the first minus the second."""
    from townsfolk.sim import engine, maintenance

    spent = {"run_tick": 0.0, "consolidate": 0.0}

    def metered(owner: object, name: str, key: str) -> None:
        inner = getattr(owner, name)

        def run(*args: object, **kwargs: object) -> object:
            c = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                spent[key] += time.process_time() - c

        setattr(owner, name, run)

    metered(engine.Simulation, "run_tick", "run_tick")
    # a tick's folds: `fold_holders` (all ripe holders at once) where the tree has it, else `consolidate`
    metered(maintenance, "fold_holders" if hasattr(maintenance, "fold_holders") else "consolidate", "consolidate")
    return spent


def child(case: str, n: int, ticks: int, profile: bool) -> dict:
    from rumour_world import build_town, run_ticks

    from townsfolk.sim.heap import long_lived_heap
    from townsfolk.sim.run_store import RunStore

    town = build_town(n, drive=case in DRIVE)
    out: dict = {"case": case, "npcs": n, "ticks": ticks, "build_s": round(town.build_s, 2),
                 "build_cpu_s": round(town.build_cpu_s, 2),
                 "edges": town.sim.world.graph.g.number_of_edges(), "seeded": town.seeded}
    store = None
    tmp = tempfile.TemporaryDirectory()
    if case.startswith(("db", "store")):
        store = RunStore(Path(tmp.name) / "run.db")
        t0, c0 = time.perf_counter(), time.process_time()
        store.create(town.sim.world)
        store.commit_tick(town.sim.world, town.sim.memory, [], extra={"minds": town.sim.minds},
                          decisions=town.sim.minds.take_decisions())
        out["first_commit_s"] = round(time.perf_counter() - t0, 2)
        out["first_commit_cpu_s"] = round(time.process_time() - c0, 2)
    every = 10 if case.endswith("10") else 1
    prof = cProfile.Profile(time.process_time) if profile else None  # CPU time: the machine may be shared
    if prof:
        prof.enable()
    spent = cpu_meter()
    cpu0 = time.process_time()
    with long_lived_heap():  # as `townsfolk simulate` runs its ticks: the built town is not re-scanned by gc
        seconds, tellings = run_ticks(town, ticks, store=store, commit_every=every)
    out["cpu_s"] = round(time.process_time() - cpu0, 3)
    out["fixed_ms_tick"] = round(1000 * (spent["run_tick"] - spent["consolidate"]) / ticks, 3)
    if prof:
        prof.disable()
        buf = io.StringIO()
        stats = pstats.Stats(prof, stream=buf)
        stats.sort_stats("cumulative").print_stats(35)
        stats.sort_stats("tottime").print_stats(25)  # where the time is spent itself, not only under whom
        out["profile"] = buf.getvalue()
    out.update(seconds=round(seconds, 3), ticks_per_s=round(ticks / seconds, 2), tellings=tellings,
               ms_per_telling=round(1000 * seconds / max(tellings, 1), 3),
               rss_gb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2, 3))
    if store is not None:
        out["db_mb"] = round(sum(p.stat().st_size for p in Path(tmp.name).iterdir()) / 1e6, 1)
    tmp.cleanup()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000", help="comma-separated NPC counts (issue: 1000,10000,100000)")
    ap.add_argument("--ticks", type=int, default=20)
    ap.add_argument("--cases", default="nodb,drive,db1,db10", help=f"comma-separated, of {', '.join(CASES)}")
    ap.add_argument("--profile", action="store_true",
                    help="print a cProfile (CPU clock) of each case's timed ticks, by cumulative and by own time")
    ap.add_argument("--json", action="store_true", help="one JSON line per case")
    ap.add_argument("--child", nargs=3, metavar=("CASE", "N", "TICKS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        case, n, ticks = args.child
        print(json.dumps(child(case, int(n), int(ticks), args.profile)))
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    cases = [c for c in args.cases.split(",") if c]
    bad = [c for c in cases if c not in CASES]
    if bad:
        ap.error(f"unknown case(s) {bad}; choose from {CASES}")
    print(f"workload: rumour on a powerlaw-cluster town (m=5), 1% seeded, p=0.1 per informed NPC per tick, "
          f"{args.ticks} ticks; sizes {sizes}")
    rows = []
    for n in sizes:
        for case in cases:
            cmd = [sys.executable, __file__, "--child", case, str(n), str(args.ticks)] + (["--profile"] if args.profile else [])
            done = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                print(f"{case} n={n} failed:\n{done.stderr[-3000:]}")
                continue
            r = json.loads(done.stdout.strip().splitlines()[-1])
            rows.append(r)
            if args.json:
                print(json.dumps({k: v for k, v in r.items() if k != "profile"}))
            else:
                extra = (f" first commit {r['first_commit_s']} s (cpu {r['first_commit_cpu_s']} s), db {r['db_mb']} MB"
                         if "first_commit_s" in r else "")
                print(f"n={n:>7} {case:<5} build {r['build_s']:>7.2f} s (cpu {r['build_cpu_s']} s)  edges {r['edges']:>8}  RSS {r['rss_gb']:.2f} GB  "
                      f"{r['ticks_per_s']:>8.2f} ticks/s  {r['tellings']:>6} tellings  "
                      f"{r['ms_per_telling']:.3f} ms/telling (cpu {r['cpu_s']} s of {r['seconds']} s)  "
                      f"fixed {r['fixed_ms_tick']} ms/tick (cpu){extra}", flush=True)
            if "profile" in r:
                print(r["profile"])
    if not args.json and rows:
        print("\n| NPCs | build | RSS | ticks/s (no drive, no db) | drive on | drive + db (every tick) | "
              "drive + db (every 10) | ms/telling (no db) |")
        print("|---|---|---|---|---|---|---|---|")
        for n in sizes:
            by = {r["case"]: r for r in rows if r["npcs"] == n}
            if not by:
                continue
            anyr = next(iter(by.values()))

            def cell(c: str, by: dict = by) -> str:  # wall clock (and by CPU time: the machine may be shared)
                return f"{by[c]['ticks_per_s']} ({by[c]['ticks'] / max(by[c]['cpu_s'], 1e-9):.0f})" if c in by else "—"

            rss = max(r["rss_gb"] for r in by.values())
            tel = by["nodb"]["ms_per_telling"] if "nodb" in by else "—"
            print(f"| {n:,} | {anyr['build_s']} s | {rss:.2f} GB | {cell('nodb')} | {cell('drive')} | {cell('db1')} | "
                  f"{cell('db10')} | {tel} |")


if __name__ == "__main__":
    main()
