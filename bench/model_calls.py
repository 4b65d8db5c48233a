"""Model calls per NPC per simulated day in the 25-NPC village, with the gate on.

Workload: scenarios/village.yaml (25 NPCs, 4 simulated days, 30-minute ticks, drive ticks,
nearby events, reconnect). Every provider call is counted, and with the offline provider each
level-2 gate decision counts as the model call it stands in for.
Compares against: Generative Agents, reported by a user at 13.7K requests for 25 agents in about
10 simulated hours (~1,300 per agent per simulated day); the target here is <= 30.

    python bench/model_calls.py [--scenario scenarios/village.yaml]
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from townsfolk.sim.playback import play  # noqa: E402
from townsfolk.sim.scenario import load_scenario  # noqa: E402

PEER_PER_AGENT_DAY = 13_700 / 25 / (10 / 24)
TARGET = 30


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="scenarios/village.yaml")
    args = parser.parse_args()
    scenario = load_scenario(args.scenario)
    started = time.perf_counter()
    result = play(scenario)
    wall = time.perf_counter() - started
    sim = result.sim
    days = result.ticks * sim.world.clock.tick_length.total_seconds() / 86400
    npcs = result.npcs
    calls = result.usage.model_calls
    per = calls / npcs / days
    gate = sim.minds.counts
    by_kind = collections.Counter()
    for key, n in gate.items():
        if ":" in key:
            kind, outcome = key.split(":")
            by_kind[(kind, outcome)] += n
    print(f"workload: {args.scenario}: {npcs} NPCs, {result.ticks} ticks of "
          f"{sim.world.clock.tick_length}, {days:.1f} simulated days, gate on; wall {wall:.1f} s")
    print(f"model calls: {calls} in all ({result.usage.tokens_in} tokens in / {result.usage.tokens_out} out)")
    print(f"figure: {per:.2f} model calls per NPC per simulated day")
    print(f"compares against: Generative Agents ~{PEER_PER_AGENT_DAY:,.0f} per agent per simulated day; "
          f"target <= {TARGET}: {'met' if per <= TARGET else 'NOT met'}")
    print("gate decisions that produced it (trigger: outcome count):")
    for (kind, outcome), n in sorted(by_kind.items()):
        print(f"  {kind:<13} {outcome:<7} {n}")
    spoken = sum(n for (k, o), n in by_kind.items() if o == "speak")
    total = sum(by_kind.values())
    print(f"  -> {total} decisions, {spoken} to speak ({spoken / max(total, 1):.1%}); level 1 (no model) "
          f"settled {sum(n for (k, o), n in by_kind.items() if o in ('hold', 'defer'))} of them")


if __name__ == "__main__":
    main()
