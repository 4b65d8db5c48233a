"""`simulate --json` says how far the seeded rumour got (`seed_reach`, a share), apart from
`reached` (NPCs holding any belief), which a designer tuned `tell_probability` by (newcomer K-40);
sweep's `rumour_reach` is the same figure, and every key of the line is in scenarios/WORLDS.md."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.run_store import RunStore

ROOT = Path(__file__).resolve().parent.parent
TOWN = ROOT / "scenarios" / "town.world.yaml"


def test_seed_reach_is_the_seeded_rumours_share_and_every_key_is_documented(tmp_path: Path) -> None:
    db = tmp_path / "town.db"
    done = CliRunner().invoke(app, ["simulate", str(TOWN), "--npcs", "60", "--days", "1", "--db", str(db), "--json"])
    assert done.exit_code == 0, done.output
    line = json.loads(done.stdout.strip().splitlines()[-1])
    world, memory, _ = RunStore(db).load()
    origins = set(RunStore(db).run_info().extra["headless"]["life"]["seed_origins"])
    heard = {b.holder for b in memory.beliefs.values() if b.origin_fact_id in origins}
    assert origins and heard
    assert line["seed_reach"] == round(len(heard) / line["npcs"], 4)
    assert line["seed_reach"] * line["npcs"] < line["reached"]  # not the same figure
    doc = (ROOT / "scenarios" / "WORLDS.md").read_text(encoding="utf-8")
    table = doc.split("## What `simulate --json` says", 1)[1].split("\n## ", 1)[0]
    for key in line:
        assert f"`{key}`" in table, key
