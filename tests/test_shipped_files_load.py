"""Every file shipped in scenarios/ loads as what it is: a world spec (`*.world.yaml`) or a scenario.

A shipped example that no longer loads is the first thing a newcomer copies; chashan.world.yaml's
short-weight event had been refused since a reading rule took 缺斤少两 for a cheat, and no test
loaded it."""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk.sim.scenario import parse_scenario
from townsfolk.sim.world_spec import load_world_spec

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SPECS = sorted(SCENARIOS.glob("*.world.yaml"))
PLAYS = sorted(p for p in SCENARIOS.glob("*.yaml") if not p.name.endswith(".world.yaml"))


def test_there_are_shipped_files() -> None:
    assert len(SPECS) >= 2 and len(PLAYS) >= 10


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_a_shipped_world_spec_loads(path: Path) -> None:
    load_world_spec(path)


@pytest.mark.parametrize("path", PLAYS, ids=lambda p: p.name)
def test_a_shipped_scenario_parses(path: Path) -> None:
    parse_scenario(path.read_text(encoding="utf-8"), path.name)
