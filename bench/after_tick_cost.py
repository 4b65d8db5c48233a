"""bench/after_tick_cost.py: the CPU of the engine's maintenance (`Maintenance.after_tick`) on the rumour workload.

The workload of bench/telling_cost.py (no drive, no store), its ticks run as bench/scale.py runs them
(`sim.heap.long_lived_heap`: the built town and each tick's survivors out of gc's scans); each tick's
`after_tick` is timed by CPU time, and inside it consolidation, the summary and impression writers,
and the day's forgetting (`--days` runs one forgetting pass after the ticks, as a new day would).
Prints a digest of the log and of the minds (summaries, impressions, every memory), so two trees
that should behave alike can be seen to. `--tree DIR` runs an older checkout beside this one.

    .venv/bin/python bench/after_tick_cost.py --sizes 10000 --ticks 50 --tree ../old
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _meter(owner: object, name: str, spent: dict[str, float], key: str) -> None:
    """Wrap `owner.name` so its CPU time adds to `spent[key]`."""
    inner = getattr(owner, name)

    def run(*args: object, **kwargs: object) -> object:
        c = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[key] += time.process_time() - c

    setattr(owner, name, run)


def _timed_writer(writer: Callable[[object], str], spent: dict[str, float]) -> Callable[[object], str]:
    def timed(d: object) -> str:
        c = time.process_time()
        try:
            return writer(d)
        finally:
            spent["summary_writer"] += time.process_time() - c

    return timed


def _through_reduce(owner: type) -> None:
    """Call `owner.after_tick` from inside `functools.reduce`, a C function nothing else on the tick
    path calls, so callgrind can count the instructions under it alone (`--toggle-collect`)."""
    inner = owner.after_tick

    def run(*args: object, **kwargs: object) -> object:
        return functools.reduce(lambda _, __: inner(*args, **kwargs), (None,), None)

    owner.after_tick = run


def child(n: int, ticks: int, forget: bool, parts: bool, counted: bool = False) -> dict:
    sys.path.insert(0, str(HERE))
    from rumour_world import build_town

    import townsfolk.memory.consolidation as consolidation
    import townsfolk.sim.maintenance as maintenance
    from townsfolk.sim.heap import long_lived_heap

    town = build_town(n)
    sim = town.sim
    town.rumour._acquaintances()  # noqa: SLF001  (once per new pair of ties: not a tick's cost)
    spent = {"after_tick": 0.0, "consolidate": 0.0, "summary_writer": 0.0, "update_impression": 0.0,
             "forget_pass": 0.0, "last_contacts": 0.0, "compress_dormant": 0.0}
    if counted:
        _through_reduce(maintenance.Maintenance)
    _meter(maintenance.Maintenance, "after_tick", spent, "after_tick")
    _meter(maintenance, "forget_pass", spent, "forget_pass")
    _meter(maintenance, "last_contacts", spent, "last_contacts")
    _meter(maintenance, "compress_dormant", spent, "compress_dormant")
    if parts:  # the clock read per summary costs too: after_tick is timed alone without --parts
        # a tick's folds: `fold_holders` (all ripe holders at once) where the tree has it, else `consolidate`
        _meter(maintenance, "fold_holders" if hasattr(maintenance, "fold_holders") else "consolidate", spent,
               "consolidate")
        _meter(consolidation, "_move_impression" if hasattr(consolidation, "_move_impression") else "update_impression",
               spent, "update_impression")
        sim.maintenance.summary_writer = _timed_writer(sim.maintenance.summary_writer, spent)
    log = []
    c0 = time.process_time()
    with long_lived_heap():  # as bench/scale.py and `townsfolk simulate` run their ticks
        for tick in range(1, ticks + 1):
            sim.world.clock.tick = tick
            log += town.rumour.step()
            log += sim.run_tick(tick, [])
            sim.minds.take_decisions()
    cpu = time.process_time() - c0
    if forget:  # a day's forgetting over the memories the ticks left, a week on
        from datetime import timedelta

        now = sim.world.now + timedelta(days=7)
        contacts = maintenance.last_contacts(sim.memory)
        report = maintenance.forget_pass(sim.memory, now, last_contact=contacts)
        maintenance.compress_dormant(sim.memory, now, contacts)
        log_forgot = (len(report.removed_events), len(report.removed_summaries), len(report.faded_impressions))
    h = hashlib.sha256()
    for e in log:
        h.update(e.to_json().encode())
    minds = hashlib.sha256()
    for kind, item in sim.memory.all_items():
        minds.update(kind.encode() + item.model_dump_json().encode())
    out = {"npcs": n, "ticks": ticks, "cpu_s": round(cpu, 3), "digest": h.hexdigest()[:12],
           "minds": minds.hexdigest()[:12], "summaries": len(sim.memory.summaries)}
    out.update({k: round(v, 3) for k, v in spent.items()})
    if forget:
        out["forgot"] = log_forgot
    return out


def run(tree: Path | None, n: int, ticks: int, forget: bool, parts: bool, callgrind: bool = False) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        flags = ["--child", str(n), str(ticks)] + (["--forget"] if forget else []) + (["--parts"] if parts else [])
        flags += ["--counted"] if callgrind else []
        # telling_cost is in this folder; imported here, in the parent: a child on an older tree lacks it on its path
        from telling_cost import script_command

        cmd = script_command(__file__, flags, tree, Path(tmp))
        out = Path(tmp) / "callgrind.out"
        if callgrind:  # instructions under after_tick alone, the same however loaded the machine is
            cmd = ["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce",
                   f"--callgrind-out-file={out}", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False,
                              env={**os.environ, "PYTHONHASHSEED": "0"} if callgrind else None)
        if done.returncode != 0:
            raise SystemExit(f"{tree or 'this tree'} n={n} failed:\n{done.stderr[-3000:]}")
        r = json.loads(done.stdout.strip().splitlines()[-1])
        if callgrind:
            totals = [line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:"))]
            r["instructions"] = int(totals[0].split()[1])
        return r


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000")
    ap.add_argument("--ticks", type=int, default=50)
    ap.add_argument("--forget", action="store_true", help="after the ticks, one day's forgetting a week on")
    ap.add_argument("--parts", action="store_true", help="time consolidation, the writers and impressions too")
    ap.add_argument("--repeat", type=int, default=1, help="runs per tree; the least CPU is kept (the machine is shared)")
    ap.add_argument("--callgrind", action="store_true",
                    help="count after_tick's instructions under valgrind (slow; steady on a loaded machine)")
    ap.add_argument("--tree", action="append", type=Path, default=[], help="an older checkout to run beside this one")
    ap.add_argument("--skip-this", action="store_true", help="run only the --tree checkouts")
    ap.add_argument("--child", nargs=2, metavar=("N", "TICKS"), help=argparse.SUPPRESS)
    ap.add_argument("--bench-dir", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--counted", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        if args.bench_dir is not None:
            global HERE  # noqa: PLW0603  (an older tree's own rumour_world.py)
            HERE = args.bench_dir
        print(json.dumps(child(int(args.child[0]), int(args.child[1]), args.forget, args.parts, args.counted)))
        return
    keys = ("after_tick", "consolidate", "summary_writer", "update_impression", "forget_pass", "last_contacts",
            "compress_dormant")
    print("| NPCs | tree | CPU s (ticks) | " + " | ".join(keys) + " | summaries | digest | minds |")
    print("|" + "---|" * (len(keys) + 7))
    for n in (int(s) for s in args.sizes.split(",")):
        trees = ([] if args.skip_this else [None]) + args.tree
        by_tree: dict[Path | None, list[dict]] = {t: [] for t in trees}
        for _ in range(args.repeat):  # the trees in turn, so a change of load falls on each alike
            for tree in trees:
                by_tree[tree].append(run(tree, n, args.ticks, args.forget, args.parts, args.callgrind))
        for tree, runs in by_tree.items():
            r = min(runs, key=lambda x: x["after_tick"])
            r["after_tick"] = "/".join(str(x["after_tick"]) for x in sorted(runs, key=lambda x: x["after_tick"]))
            print(f"| {n:,} | {tree or 'this'} | {r['cpu_s']} | " + " | ".join(str(r[k]) for k in keys)
                  + f" | {r['summaries']} | {r['digest']} | {r['minds']} |" + (f" forgot {r['forgot']}" if args.forget else "")
                  + (f" {r['instructions']:,} instructions in after_tick" if args.callgrind else ""),
                  flush=True)


if __name__ == "__main__":
    main()
