"""bench/telling_cost.py: what one tick and one telling cost, in CPU time, this code beside older code.

The rumour workload of bench/scale.py (bench/rumour_world.py: powerlaw-cluster town, 1% seeded,
p = 0.1), no drive tick, no store. Each tree runs in its own child process: build, the gossip CSR
(timed apart: it is built once), then the ticks; printed are CPU ms per tick, CPU ms per telling
(tick CPU / tellings; of it the gossip round's tellings and the folding of their holders'
memories, `consolidate` (`fold_holders`, a tick's ripe holders at once, where a tree has it); and the cyclic collector's passes within it: the ticks run inside
`sim/heap.long_lived_heap` as `townsfolk simulate` and bench/scale.py run them, so each tick's
survivors are frozen at its end; frozen once after the build only, full passes over every earlier
tick's memories were a third of a telling at 10k by 80 ticks), a digest of the timeline and the facts, and one of the minds (memories,
beliefs, summaries, impressions, edge changes), so two trees that should behave alike can be seen to. `--tree DIR` adds an older checkout (e.g. `git worktree add ../old HEAD~5`),
imported in place of this one; the CPU time (time.process_time) is what to compare on a shared
machine, wall time is printed beside it.

    .venv/bin/python bench/telling_cost.py --sizes 1000,10000 --ticks 20 --tree ../old
    .venv/bin/python bench/telling_cost.py --sizes 10000 --ticks 20 --no-freeze   # gc scans the town too
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FLOORS = ("agents", "memory", "sim", "world")


def child(n: int, ticks: int, freeze: bool) -> dict:
    sys.path.insert(0, str(HERE))
    from rumour_world import build_town

    t0 = time.perf_counter()
    town = build_town(n)
    build = time.perf_counter() - t0
    sim = town.sim
    c0 = time.process_time()
    town.rumour._acquaintances()  # noqa: SLF001  (once per new pair of ties: not a tick's cost)
    csr = time.process_time() - c0
    heap = contextlib.ExitStack()
    if freeze:  # as `townsfolk simulate` runs its ticks (sim/heap.py): the town, then each tick's survivors, frozen
        try:
            from townsfolk.sim.heap import long_lived_heap
        except ImportError:  # an older tree: the town alone
            gc.freeze()
        else:
            heap.enter_context(long_lived_heap())
    collecting = [0.0, 0.0]  # the cyclic collector's CPU time in the ticks (start of the pass running, total)

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            collecting[0] = time.process_time()
        else:
            collecting[1] += time.process_time() - collecting[0]

    gc.callbacks.append(on_gc)
    import townsfolk.sim.maintenance as maintenance

    folding = [0.0]
    # a tick's folds: `fold_holders` (all ripe holders at once) where the tree has it, else `consolidate`
    fold_name = "fold_holders" if hasattr(maintenance, "fold_holders") else "consolidate"
    fold = getattr(maintenance, fold_name)

    def timed_consolidate(*a, **kw):  # noqa: ANN002, ANN003, ANN202  (a telling's second half: its holders' folding)
        c = time.process_time()
        try:
            return fold(*a, **kw)
        finally:
            folding[0] += time.process_time() - c

    setattr(maintenance, fold_name, timed_consolidate)
    log, tellings, stepping = [], 0, 0.0
    c1, w1 = time.process_time(), time.perf_counter()
    for tick in range(1, ticks + 1):
        sim.world.clock.tick = tick
        c = time.process_time()
        log += town.rumour.step()
        stepping += time.process_time() - c
        tellings += town.rumour.last_tellings
        log += sim.run_tick(tick, [])
        sim.minds.take_decisions()
    cpu, wall = time.process_time() - c1, time.perf_counter() - w1
    gc.callbacks.remove(on_gc)
    heap.close()
    h = hashlib.sha256()
    for e in log:
        h.update(e.to_json().encode())
    for f in sim.world.facts:
        h.update(f.model_dump_json().encode())
    minds = hashlib.sha256()  # what the town now holds: memories, beliefs, summaries, impressions, edge changes
    for kind, item in sim.memory.all_items():
        minds.update(kind.encode() + item.model_dump_json().encode())
    graph = sim.world.graph
    for name in ("edge", "seq", "tick", "time", "before", "after", "cause_kind", "cause_id", "reason"):
        minds.update(getattr(graph.log, name)[:graph.log.n].tobytes())
    minds.update(graph.columns.strength[:graph.columns.n].tobytes())
    minds.update("\n".join(graph.columns.texts.values).encode())
    return {"npcs": n, "ticks": ticks, "build_s": round(build, 2), "csr_cpu_s": round(csr, 3), "cpu_s": round(cpu, 3),
            "wall_s": round(wall, 3), "tellings": tellings, "cpu_ms_tick": round(1000 * cpu / ticks, 2),
            "cpu_ms_telling": round(1000 * cpu / max(tellings, 1), 3),
            "step_ms_telling": round(1000 * stepping / max(tellings, 1), 3),
            "fold_ms_telling": round(1000 * folding[0] / max(tellings, 1), 3),
            "gc_ms_telling": round(1000 * collecting[1] / max(tellings, 1), 3), "digest": h.hexdigest()[:12],
            "minds": minds.hexdigest()[:12]}


def _namespace(tree: Path, tmp: Path) -> Path:
    """A `townsfolk` package whose floors are the tree's folders (as pyproject's package-dir maps them)."""
    pkg = tmp / "townsfolk"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text((tree / "townsfolk" / "__init__.py").read_text(encoding="utf-8"), encoding="utf-8")
    for floor in FLOORS:
        (pkg / floor).symlink_to(tree / floor)
    return tmp


def script_command(script: str, flags: list[str], tree: Path | None, tmp: Path) -> list[str]:
    """The command running `script` with `flags` on this tree, or (`tree`) importing an older tree's
    townsfolk (not the installed one) and that tree's bench folder (`--bench-dir`)."""
    if tree is None:
        return [sys.executable, script, *flags]
    ns = _namespace(tree.resolve(), tmp)
    boot = ("import runpy, sys; sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f).lower()]; "
            f"sys.path.insert(0, {str(ns)!r}); sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')")
    return [sys.executable, "-c", boot, script, *flags, "--bench-dir", str(tree.resolve() / "bench")]


def run(tree: Path | None, n: int, ticks: int, freeze: bool) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        flags = ["--child", str(n), str(ticks)] + ([] if freeze else ["--no-freeze"])
        cmd = script_command(__file__, flags, tree, Path(tmp))
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"{tree or 'this tree'} n={n} failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--ticks", type=int, default=20)
    ap.add_argument("--tree", action="append", type=Path, default=[], help="an older checkout to run beside this one")
    ap.add_argument("--no-freeze", action="store_true", help="leave the built town in gc's scans")
    ap.add_argument("--skip-this", action="store_true",
                    help="run only the --tree checkouts (e.g. HEAD beside HEAD with some commits reverted)")
    ap.add_argument("--child", nargs=2, metavar=("N", "TICKS"), help=argparse.SUPPRESS)
    ap.add_argument("--bench-dir", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        if args.bench_dir is not None:
            global HERE  # noqa: PLW0603  (an older tree's own rumour_world.py)
            HERE = args.bench_dir
        print(json.dumps(child(int(args.child[0]), int(args.child[1]), not args.no_freeze)))
        return
    print(f"workload: rumour on a powerlaw-cluster town (m=5), 1% seeded, p=0.1, {args.ticks} ticks, no drive, "
          f"no store; gc {'scans everything' if args.no_freeze else 'frozen after the build and each tick (sim/heap.py)'}; "
          "CPU time per process")
    print("| NPCs | tree | tellings | CPU ms/tick | CPU ms/telling | of it: the telling | its folding | gc | wall s "
          "| CSR CPU s | build s | digest | minds |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n in (int(s) for s in args.sizes.split(",")):
        for tree in ([] if args.skip_this else [None]) + args.tree:
            r = run(tree, n, args.ticks, not args.no_freeze)
            print(f"| {n:,} | {tree or 'this'} | {r['tellings']} | {r['cpu_ms_tick']} | {r['cpu_ms_telling']} | "
                  f"{r.get('step_ms_telling', '—')} | {r.get('fold_ms_telling', '—')} | {r.get('gc_ms_telling', '—')} | "
                  f"{r['wall_s']} | {r['csr_cpu_s']} | {r['build_s']} | {r['digest']} | {r.get('minds', '—')} |", flush=True)


if __name__ == "__main__":
    main()
