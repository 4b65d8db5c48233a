"""How many `kill -9`s during `townsfolk forget` a run survives (issue 7 §1).

Workload: a played run (teahouse by default, `--scenario village` for the 25-NPC one), then N real
`townsfolk forget --player ...` subprocesses, each killed with SIGKILL at a moment spread over the
process's life (a quarter over the whole life, the rest over the part holding the writer lock).
Figure: kills survived out of kills made (a survivor opens, lists the same characters, and holds
either exactly the run before or the finished erasure; when before, re-running forget completes).
Compared against: the old rewrite (drop and re-create every table, separate transactions), which
lost the whole run in 21 of 51 kills on the village run.

    .venv/bin/python bench/forget_kills.py --kills 40 [--scenario village]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import townsfolk.sim.engine as sim_engine  # noqa: E402
from tests.test_forget_kill import kill_trials  # noqa: E402
from townsfolk.memory.embeddings import LexicalEmbedder  # noqa: E402
from townsfolk.sim.playback import play  # noqa: E402
from townsfolk.sim.run_store import RunStore  # noqa: E402
from townsfolk.sim.scenario import load_scenario  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=40)
    ap.add_argument("--scenario", default="teahouse")
    args = ap.parse_args()
    scenario = load_scenario(ROOT / "scenarios" / f"{args.scenario}.yaml")
    player = next(cid for cid, c in scenario.characters.items() if c.player)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "template.db"
        sim_engine.make_embedder = lambda *_a, **_k: LexicalEmbedder()
        play(scenario, db=db)
        RunStore(db, must_exist=True).checkpoint()
        work = Path(tmp) / "work"
        work.mkdir()
        t0 = time.monotonic()
        stats = kill_trials(db, work, player, args.kills)
        took = time.monotonic() - t0
    survived = stats["before"] + stats["after"] - stats["finished_first"]
    print(f"workload: {args.scenario} run, forget --player {player}, {args.kills} SIGKILL trials ({took:.0f} s)")
    print(f"figure: {survived} of {stats['kills']} kills survived "
          f"({stats['before']} left the run as before and the re-run completed, "
          f"{stats['after'] - stats['finished_first']} found it erased; "
          f"{stats['finished_first']} trials finished before their kill moment)")
    print("compared against: the old drop-and-recreate rewrite, 30 of 51 survived on the village run")


if __name__ == "__main__":
    main()
