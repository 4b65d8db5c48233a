"""bench/edge_build.py: the build, first commit and load of the scale bench's town, with CPU time.

Builds `rumour_world.build_town(N)` (ties with add_edges, bond axes with seed_bonds_all, the tick-0
rumour), then with `commit` writes the whole world to a fresh SQLite store (RunStore.create +
commit_tick) and loads it back (RunStore.load). Prints CPU time (time.process_time) beside wall
time, since the machine may be shared, and RSS. Run it under an old tree (a `git worktree`) and
this one, side by side, to compare:

    cd bench && ../.venv/bin/python edge_build.py 10000 commit
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

from rumour_world import build_town

from townsfolk.sim.run_store import RunStore


def rss_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    c0, t0 = time.process_time(), time.perf_counter()
    town = build_town(n)
    out = (f"workload: rumour_world town of {n} NPCs, {town.sim.world.graph.g.number_of_edges()} edges; "
           f"build cpu {time.process_time() - c0:.2f} s wall {time.perf_counter() - t0:.2f} s, "
           f"RSS after build {rss_gb():.3f} GB")
    if "commit" in sys.argv[2:]:
        tmp = tempfile.TemporaryDirectory()
        store = RunStore(Path(tmp.name) / "run.db")
        c0, t0 = time.process_time(), time.perf_counter()
        store.create(town.sim.world)
        store.commit_tick(town.sim.world, town.sim.memory, [], extra={"minds": town.sim.minds},
                          decisions=town.sim.minds.take_decisions())
        out += f"; first commit cpu {time.process_time() - c0:.2f} s wall {time.perf_counter() - t0:.2f} s"
        c0, t0 = time.process_time(), time.perf_counter()
        RunStore(Path(tmp.name) / "run.db").load()
        out += f"; load cpu {time.process_time() - c0:.2f} s wall {time.perf_counter() - t0:.2f} s"
        tmp.cleanup()
    print(out + f"; peak RSS {rss_gb():.3f} GB", flush=True)


if __name__ == "__main__":
    main()
