"""A negative seed, in a world spec or on `simulate --seed`, is one error naming it (was a numpy
'expected non-negative integer' traceback from deep in the generator)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

TOWN = Path(__file__).resolve().parent.parent / "scenarios" / "town.world.yaml"


def test_a_negative_seed_is_named(tmp_path: Path) -> None:
    spec = tmp_path / "neg.world.yaml"
    lines = TOWN.read_text(encoding="utf-8").splitlines()
    spec.write_text("\n".join("seed: -1" if ln.startswith("seed:") else ln for ln in lines) + "\n", encoding="utf-8")
    for args in (["simulate", str(spec)], ["simulate", str(TOWN), "--seed", "-1"]):
        done = CliRunner().invoke(app, [*args, "--npcs", "20", "--days", "0.2", "--db", str(tmp_path / "r.db")])
        said = " ".join(done.output.split())
        assert done.exit_code == 2 and "seed" in said.lower() and "Traceback" not in said, said
        assert "non-negative integer" not in said
