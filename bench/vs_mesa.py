"""bench/vs_mesa.py: townsfolk's rumour workload next to a straightforward Mesa 3 model of it.

Same town (networkx powerlaw-cluster graph, m=5, same seed), same 1% seeded, same rule (each
informed agent tells a random neighbour with p = 0.1 per tick), same N and ticks. Mesa's agent
only flips a flag; townsfolk's telling is a fact, two event memories, a belief with provenance
(teller, hops, parent, distortion, credibility), appraisal and bond updates, and with the store on
all of it committed to SQLite. Each side runs in its own process; the ratio is townsfolk / Mesa.

    .venv/bin/python bench/vs_mesa.py --sizes 1000,10000 --ticks 20
    .venv/bin/python bench/vs_mesa.py --sizes 10000 --ticks 20 --cases store1,store10
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import time
from pathlib import Path

import mesa
import networkx as nx
from mesa.space import NetworkGrid

HERE = Path(__file__).resolve().parent


class Person(mesa.Agent):
    def __init__(self, model: Rumour) -> None:
        super().__init__(model)
        self.informed = False

    def step(self) -> None:
        if self.informed and self.random.random() < self.model.p:
            near = self.model.grid.get_neighborhood(self.pos, include_center=False)
            if near:
                other = self.model.grid.get_cell_list_contents([self.random.choice(near)])[0]
                if not other.informed:
                    other.informed = True
                self.model.tellings += 1


class Rumour(mesa.Model):
    def __init__(self, n: int, *, seed: int = 7, p: float = 0.1, seeded: float = 0.01) -> None:
        super().__init__(seed=seed)
        self.p = p
        self.tellings = 0
        g = nx.powerlaw_cluster_graph(n, 5, 0.1, seed=seed)
        self.grid = NetworkGrid(g)
        people = []
        for node in g.nodes():
            a = Person(self)
            self.grid.place_agent(a, node)
            people.append(a)
        for a in self.random.sample(people[1:], max(1, int(n * seeded))):
            a.informed = True

    def step(self) -> None:
        self.agents.shuffle_do("step")


def mesa_run(n: int, ticks: int) -> dict:
    t0 = time.perf_counter()
    model = Rumour(n)
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    gc.freeze()  # as the townsfolk side does (sim/heap.py): the built model is not re-scanned by gc
    for _ in range(ticks):
        model.step()
    seconds = time.perf_counter() - t0
    gc.unfreeze()
    return {"npcs": n, "build_s": round(build, 2), "seconds": round(seconds, 3),
            "ticks_per_s": round(ticks / seconds, 2), "tellings": model.tellings,
            "informed": sum(a.informed for a in model.agents)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--ticks", type=int, default=20)
    ap.add_argument("--cases", default="nodb,store1,store10,db10",
                    help="townsfolk cases from bench/scale.py (nodb, drive, db1, db10, store1, store10)")
    ap.add_argument("--mesa-child", nargs=2, metavar=("N", "TICKS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.mesa_child:
        print(json.dumps(mesa_run(int(args.mesa_child[0]), int(args.mesa_child[1]))))
        return
    print(f"workload: rumour, powerlaw-cluster town (m=5), 1% seeded, p=0.1, {args.ticks} ticks; "
          f"townsfolk (scale.py cases) vs Mesa {mesa.__version__} (NetworkGrid, shuffle_do), side by side")
    print("| NPCs | Mesa ticks/s | case | townsfolk ticks/s | ratio | tellings (tf / mesa) |")
    print("|---|---|---|---|---|---|")
    for n in (int(s) for s in args.sizes.split(",")):
        m = json.loads(subprocess.run([sys.executable, __file__, "--mesa-child", str(n), str(args.ticks)],
                                      capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1])
        for case in args.cases.split(","):
            done = subprocess.run([sys.executable, str(HERE / "scale.py"), "--child", case, str(n), str(args.ticks)],
                                  capture_output=True, text=True, check=False)
            if done.returncode != 0:
                print(f"{case} n={n} failed:\n{done.stderr[-2000:]}")
                continue
            t = json.loads(done.stdout.strip().splitlines()[-1])
            print(f"| {n:,} | {m['ticks_per_s']} | {case} | {t['ticks_per_s']} | "
                  f"{t['ticks_per_s'] / m['ticks_per_s']:.2f} | {t['tellings']} / {m['tellings']} |", flush=True)


if __name__ == "__main__":
    main()
