"""bench/tick_phases.py: where a tick's CPU goes, pass by pass, on the rumour workload.

The workload and ticks of bench/telling_cost.py (no drive, no store, inside `sim.heap.long_lived_heap`).
Each pass below is wrapped to add its CPU time (time.process_time) to its line; nothing else is
measured, so unlike cProfile (several times the cost of a small call) or py-spy (which pauses the
process to read its stacks) the split is what the ticks spend. Printed per tick and per telling:
the gossip round (deciding the tellings: the belief picked, the distortion drawn; writing them:
memories and beliefs into the store, the edge change log, the chat's familiarity, appraisal) and
the engine's tick (folding, the affect settle, mood lines). A pass an older tree does not have is
left out. `--tree DIR` runs an older checkout beside this one.

    .venv/bin/python bench/tick_phases.py --sizes 10000 --ticks 50 --tree ../old
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (module, owner in it or "", callable's name, line): the passes a telling and a tick go through
PASSES = (
    ("townsfolk.sim.tellings", "", "pick_belief", "round: decide: pick_belief"),
    ("townsfolk.sim.tellings", "", "distort", "round: decide: distort"),
    ("townsfolk.sim.tellings", "TellingRun", "write", "round: write (all)"),
    ("townsfolk.memory.store", "MemoryStore", "put_all", "round: write: put_all"),
    ("townsfolk.sim.tellings", "", "_append_changes", "round: write: edge change log"),
    ("townsfolk.sim.tellings", "", "chat_once_each", "round: write: familiarity"),
    ("townsfolk.sim.tellings", "", "appraisal_delta", "round: write: appraisal"),
    ("townsfolk.sim.maintenance", "", "fold_holders", "engine: fold"),
    ("townsfolk.sim.minds", "Minds", "settle", "engine: affect settle"),
    ("townsfolk.sim.minds", "Minds", "mood_shifts", "engine: mood shifts"),
)


def _meter(owner: object, name: str, spent: Counter, key: str) -> None:
    """Wrap `owner.name` so its CPU time adds to `spent[key]`."""
    inner: Callable = getattr(owner, name)

    def run(*args: object, **kwargs: object) -> object:
        c = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[key] += time.process_time() - c

    setattr(owner, name, run)


def child(n: int, ticks: int) -> dict:
    import importlib

    sys.path.insert(0, str(HERE))
    from rumour_world import build_town

    from townsfolk.sim.heap import long_lived_heap

    town = build_town(n)
    sim = town.sim
    town.rumour._acquaintances()  # noqa: SLF001  (once per new pair of ties: not a tick's cost)
    spent: Counter = Counter()
    for module, owner, name, key in PASSES:
        holder = importlib.import_module(module)
        holder = getattr(holder, owner, None) if owner else holder
        if holder is not None and hasattr(holder, name):
            _meter(holder, name, spent, key)
    tellings, rounds, total = 0, 0.0, 0.0
    with long_lived_heap():
        for tick in range(1, ticks + 1):
            sim.world.clock.tick = tick
            c = time.process_time()
            town.rumour.step()
            c2 = time.process_time()
            sim.run_tick(tick, [])
            sim.minds.take_decisions()
            rounds += c2 - c
            total += time.process_time() - c
            tellings += town.rumour.last_tellings
    spent["round (all)"], spent["engine (all)"] = rounds, total - rounds
    return {"npcs": n, "ticks": ticks, "tellings": tellings, "tick_ms": round(1000 * total / ticks, 2),
            "passes": {k: [round(1000 * v / ticks, 3), round(1e6 * v / max(tellings, 1), 1)]
                       for k, v in sorted(spent.items())}}


def run(tree: Path | None, n: int, ticks: int) -> dict:
    from telling_cost import script_command

    with tempfile.TemporaryDirectory() as tmp:
        cmd = script_command(__file__, ["--child", str(n), str(ticks)], tree, Path(tmp))
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"{tree or 'this tree'} n={n} failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000")
    ap.add_argument("--ticks", type=int, default=50)
    ap.add_argument("--tree", action="append", type=Path, default=[], help="an older checkout to run beside this one")
    ap.add_argument("--child", nargs=2, metavar=("N", "TICKS"), help=argparse.SUPPRESS)
    ap.add_argument("--bench-dir", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        if args.bench_dir is not None:
            global HERE  # noqa: PLW0603  (an older tree's own rumour_world.py)
            HERE = args.bench_dir
        print(json.dumps(child(int(args.child[0]), int(args.child[1]))))
        return
    sys.path.insert(0, str(HERE))
    for n in (int(s) for s in args.sizes.split(",")):
        for tree in [None, *args.tree]:
            r = run(tree, n, args.ticks)
            print(f"{n:,} NPCs, {tree or 'this tree'}: {r['tick_ms']} CPU ms a tick, "
                  f"{r['tellings'] / r['ticks']:.0f} tellings a tick")
            print("| pass | CPU ms/tick | CPU us/telling |\n|---|---|---|")
            for key, (ms, us) in r["passes"].items():
                print(f"| {key} | {ms} | {us} |")


if __name__ == "__main__":
    main()
