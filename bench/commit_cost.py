"""bench/commit_cost.py: what a commit to the store of record costs, next to the work it saves.

Three workloads, CPU time (time.process_time: the machine may be shared) with wall time beside:
  first   the first commit of a generated rumour town (bench/rumour_world.py): every edge, its
          seeded history, the tick-0 facts and memories
  ticks   `--ticks` ticks of the rumour workload, committed every tick and every 10 ticks; the
          figure is commit CPU per tick against the tick's own CPU (commit / tick)
  talk    `--turns` player turns on scenarios/ferry.yaml with four players (every row names a
          player, so every row is scanned and sealed), each turn followed by its save, as a game
          server commits a turn; the figure is the save's CPU against the turn's (save / turn)

  load    after the ticks, `RunStore.load` of the run in a fresh store (the world, memory and
          timeline back from the file), and the file's size

    .venv/bin/python bench/commit_cost.py --sizes 1000,10000 --ticks 20 --turns 60
    .venv/bin/python bench/commit_cost.py --sizes 1000 --profile     # cProfile of the tick commits
    .venv/bin/python bench/commit_cost.py --sizes 10000 --every 1 --turns 0 --parts  # where a commit's CPU goes
    .venv/bin/python bench/commit_cost.py --sizes 10000 --tree ../old  # an older checkout beside this one

`--tree DIR` runs each case under an older checkout too (e.g. `git worktree add ../old HEAD~5`), one
after the other, so before and after are measured in one run on the same machine state.
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

ROOT = Path(__file__).resolve().parent.parent
LINES = ["Evening! Is the river calm tonight?", "When does the ferry leave?", "Have you seen the courier?",
         "How much for the crossing?", "Who keeps the ledger here?", "Any news from upriver?"]


def _clock() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def _minds(sim):  # noqa: ANN001, ANN202
    """What a commit is given for the minds: the live Minds where the store saves it as changes
    (sim/minds_rows.py), else the whole state (an older tree)."""
    try:
        import townsfolk.sim.minds_rows  # noqa: F401
    except ImportError:
        return sim.minds.state()
    return sim.minds


def _frozen_heap():  # noqa: ANN202
    """sim/heap.py's long_lived_heap where the tree has it, else gc.freeze itself (an older tree)."""
    try:
        from townsfolk.sim.heap import long_lived_heap
    except ImportError:
        import contextlib
        import gc

        @contextlib.contextmanager
        def long_lived_heap():  # noqa: ANN202
            gc.freeze()
            try:
                yield
            finally:
                gc.unfreeze()
    return long_lived_heap()


def _commit_parts() -> dict[str, float]:
    """CPU seconds of a tick commit's parts, summed while `on` is set: the minds rows, the JSON bodies,
    the edge rows, the memory journal and columns (with their bodies where one pass makes both),
    packing row blocks, and the SQLite transaction (BEGIN to COMMIT, statements in it);
    timed by wrapping what sim/bulk_writer.py calls (a part an older tree lacks is simply absent)."""
    import contextlib

    import townsfolk.sim.bulk_writer as bw

    spent: dict[str, float] = {"on": 0.0}

    def timed(part: str, fn):  # noqa: ANN001, ANN202
        def run(*a, **k):  # noqa: ANN002, ANN003, ANN202
            if not spent["on"]:
                return fn(*a, **k)
            c0 = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[part] = spent.get(part, 0.0) + time.process_time() - c0
        return run

    for name, part in (("minds_rows", "minds rows"), ("body_json", "bodies"), ("body_bytes", "bodies"),
                       ("edge_rows", "edge rows"), ("edge_columns", "edge rows"), ("pack", "block packing"),
                       ("pack_cols", "block packing"), ("pack_columns", "block packing"),
                       ("_memory_columns", "memory columns"), ("_memory_block", "memory columns"),
                       ("_model_block", "block packing")):
        if hasattr(bw, name):
            setattr(bw, name, timed(part, getattr(bw, name)))
    from townsfolk.memory.store import MemoryStore

    MemoryStore.take_changes = timed("memory journal", MemoryStore.take_changes)  # type: ignore[method-assign]
    writer = bw.row_writer

    @contextlib.contextmanager
    def sqlite(target):  # noqa: ANN001, ANN202
        c0 = time.process_time()
        with writer(target) as w:
            yield w
        if spent["on"]:
            spent["SQLite transaction"] = spent.get("SQLite transaction", 0.0) + time.process_time() - c0

    bw.row_writer = sqlite
    return spent


def ticks_case(n: int, ticks: int, every: int, profile: bool, bench_dir: Path, parts: bool = False) -> dict:
    sys.path.insert(0, str(bench_dir))
    from rumour_world import build_town

    from townsfolk.sim.run_store import RunStore

    town = build_town(n)
    sim = town.sim
    tmp = tempfile.TemporaryDirectory()
    store = RunStore(Path(tmp.name) / "run.db")
    store.create(sim.world)
    c0, w0 = _clock()
    store.commit_tick(sim.world, sim.memory, [], extra={"minds": _minds(sim)},
                      decisions=sim.minds.take_decisions())
    c1, w1 = _clock()
    out = {"case": f"ticks/{every}", "npcs": n, "ticks": ticks, "edges": sim.world.graph.g.number_of_edges(),
           "first_cpu_s": round(c1 - c0, 3), "first_wall_s": round(w1 - w0, 3)}
    prof = cProfile.Profile(time.process_time) if profile else None
    spent = _commit_parts() if parts else None
    tick_cpu = commit_cpu = commit_wall = 0.0
    pending: list = []
    # the ticks run as `townsfolk simulate` and bench/scale.py run them: the built town frozen out of
    # the cyclic collector (sim/heap.py), else a full collection of its millions of objects lands in
    # whichever tick or commit happens to allocate when it is due (+-5 ms a tick, run to run)
    heap = _frozen_heap()
    heap.__enter__()
    for tick in range(1, ticks + 1):
        c0, _ = _clock()
        sim.world.clock.tick = tick
        pending += town.rumour.step()
        pending += sim.run_tick(tick, [])
        tick_cpu += time.process_time() - c0
        if tick % every == 0 or tick == ticks:
            c0, w0 = _clock()
            if prof:
                prof.enable()
            if spent is not None:
                spent["on"] = 1.0
            store.commit_tick(sim.world, sim.memory, pending, finished=tick == ticks,
                              extra={"minds": _minds(sim)}, decisions=sim.minds.take_decisions())
            if spent is not None:
                spent["on"] = 0.0
            if prof:
                prof.disable()
            c1, w1 = _clock()
            commit_cpu += c1 - c0
            commit_wall += w1 - w0
            pending = []
    heap.__exit__(None, None, None)
    if spent is not None:
        spent.pop("on")
        spent["the rest"] = commit_cpu - sum(spent.values())
        out["parts_ms"] = {k: round(1000 * v / ticks, 3) for k, v in spent.items()}
    out.update(tick_cpu_ms=round(1000 * tick_cpu / ticks, 2), commit_cpu_ms=round(1000 * commit_cpu / ticks, 2),
               commit_wall_ms=round(1000 * commit_wall / ticks, 2), ratio=round(commit_cpu / max(tick_cpu, 1e-9), 3),
               db_mb=round(sum(p.stat().st_size for p in Path(tmp.name).iterdir()) / 1e6, 1),
               rss_gb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2, 3))
    store.release_writer()
    store.engine.dispose()
    c0, w0 = _clock()
    RunStore(Path(tmp.name) / "run.db").load()
    c1, w1 = _clock()
    out.update(load_cpu_s=round(c1 - c0, 3), load_wall_s=round(w1 - w0, 3))
    if prof:
        buf = io.StringIO()
        for key in ("cumulative", "tottime"):
            pstats.Stats(prof, stream=buf).sort_stats(key).print_stats(25)
        out["profile"] = buf.getvalue()
    tmp.cleanup()
    return out


def talk_case(turns: int, profile: bool) -> dict:
    from townsfolk import Town
    from townsfolk.memory.embeddings import LexicalEmbedder

    tmp = tempfile.TemporaryDirectory()
    town = Town.from_scenario(ROOT / "scenarios" / "ferry.yaml", db=Path(tmp.name) / "w.db",
                              embedder=LexicalEmbedder())
    players = ["p1", "p2", "p3", "p4"]
    for p in players:
        town.join(p, name=p.upper())
    town.autosave = False
    npcs = town.npcs()
    prof = cProfile.Profile(time.process_time) if profile else None
    turn_cpu = save_cpu = save_wall = 0.0
    for i in range(turns):
        p = players[i % len(players)]
        c0, _ = _clock()
        town.say(p, npcs[i % len(npcs)], LINES[i % len(LINES)])
        if i % 3 == 0:
            town.event(f"{p} paid the fare in silver", actor=p, witnesses=[npcs[0]])
        turn_cpu += time.process_time() - c0
        c0, w0 = _clock()
        if prof:
            prof.enable()
        town.save()
        if prof:
            prof.disable()
        c1, w1 = _clock()
        save_cpu += c1 - c0
        save_wall += w1 - w0
    town.close()
    out = {"case": "talk", "turns": turns, "turn_cpu_ms": round(1000 * turn_cpu / turns, 2),
           "save_cpu_ms": round(1000 * save_cpu / turns, 2), "save_wall_ms": round(1000 * save_wall / turns, 2),
           "ratio": round(save_cpu / max(turn_cpu, 1e-9), 3)}
    if prof:
        buf = io.StringIO()
        for key in ("cumulative", "tottime"):
            pstats.Stats(prof, stream=buf).sort_stats(key).print_stats(25)
        out["profile"] = buf.getvalue()
    tmp.cleanup()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--ticks", type=int, default=20)
    ap.add_argument("--every", default="1,10", help="commit every N ticks (comma-separated)")
    ap.add_argument("--turns", type=int, default=60, help="player turns for the talk case (0: skip it)")
    ap.add_argument("--profile", action="store_true", help="cProfile (CPU time) of the commits")
    ap.add_argument("--parts", action="store_true", help="CPU ms per tick of each part of the tick commits")
    ap.add_argument("--tree", action="append", type=Path, default=[], help="an older checkout to run beside this one")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    ap.add_argument("--bench-dir", type=Path, default=ROOT / "bench", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        kind, *rest = args.child
        r = talk_case(int(rest[0]), args.profile) if kind == "talk" else ticks_case(
            int(rest[0]), int(rest[1]), int(rest[2]), args.profile, args.bench_dir, args.parts)
        print(json.dumps(r))
        return
    print(f"workload: rumour town (bench/rumour_world.py) {args.ticks} ticks; ferry talk {args.turns} turns; "
          "figures are CPU ms (wall beside); the ratio is the commit against the work it commits")
    jobs = [["ticks", n, str(args.ticks), e] for n in args.sizes.split(",") for e in args.every.split(",")]
    if args.turns:
        jobs.append(["talk", str(args.turns)])
    trees: list[Path | None] = [None, *args.tree]
    for job in jobs:
        for tree in trees:
            with tempfile.TemporaryDirectory() as ns_dir:
                cmd = _command(tree, Path(ns_dir), job, args.profile, args.parts)
                done = subprocess.run(cmd, capture_output=True, text=True, check=False)
            label = "this tree" if tree is None else str(tree)
            if done.returncode != 0:
                print(f"{job} ({label}) failed:\n{done.stderr[-3000:]}")
                continue
            r = json.loads(done.stdout.strip().splitlines()[-1])
            if r["case"] == "talk":
                print(f"[{label}] talk   {r['turns']} turns: turn {r['turn_cpu_ms']} ms, save {r['save_cpu_ms']} ms "
                      f"(wall {r['save_wall_ms']}), save / turn {r['ratio']}", flush=True)
            else:
                print(f"[{label}] n={r['npcs']:>6} commit every {r['case'].split('/')[1]:>2}: first commit "
                      f"{r['first_cpu_s']} s (wall {r['first_wall_s']}), {r['edges']} edges; tick {r['tick_cpu_ms']} ms, "
                      f"commit per tick {r['commit_cpu_ms']} ms (wall {r['commit_wall_ms']}), commit / tick {r['ratio']}; "
                      f"db {r['db_mb']} MB; load {r['load_cpu_s']} s (wall {r['load_wall_s']})", flush=True)
            if "parts_ms" in r:
                print("    commit parts, CPU ms per tick: " + ", ".join(f"{k} {v}" for k, v in r["parts_ms"].items()))
            if "profile" in r:
                print(r["profile"])


FLOORS = ("world", "memory", "agents", "sim")


def _command(tree: Path | None, ns_dir: Path, job: list[str], profile: bool, parts: bool = False) -> list[str]:
    """This script as a child, importing this tree's townsfolk or an older tree's (its floors linked
    into a package as pyproject's package-dir maps them; the installed editable finder left out)."""
    flags = ["--child", *job] + (["--profile"] if profile else []) + (["--parts"] if parts else [])
    if tree is None:
        return [sys.executable, __file__, *flags]
    tree = tree.resolve()
    pkg = ns_dir / "townsfolk"
    pkg.mkdir()
    (pkg / "__init__.py").write_text((tree / "townsfolk" / "__init__.py").read_text(encoding="utf-8"), encoding="utf-8")
    for floor in FLOORS:
        (pkg / floor).symlink_to(tree / floor)
    boot = ("import runpy, sys; sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f).lower()]; "
            f"sys.path.insert(0, {str(ns_dir)!r}); sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')")
    return [sys.executable, "-c", boot, __file__, *flags, "--bench-dir", str(tree / "bench")]


if __name__ == "__main__":
    main()
