"""The public API: `import townsfolk` exposes exactly these names (like Mesa's test_import_namespace),
cheaply, and the floors live under the one namespace."""

from __future__ import annotations

import subprocess
import sys

import townsfolk

PUBLIC = ["AdvanceResult", "Emotion", "EventResult", "Explanation", "ForgetResult", "PlayerInfo",
          "PlayerMemoryView", "RunStoreError", "ScenarioError", "TimelineEntry", "Town", "TownError", "TownInfo",
          "TurnResult", "__version__"]


def test_exported_names_are_fixed() -> None:
    assert sorted(townsfolk.__all__) == sorted(PUBLIC)
    for name in PUBLIC:
        assert getattr(townsfolk, name) is not None, name


def test_town_has_the_documented_methods() -> None:
    for method in ("from_scenario", "open", "join", "say", "event", "advance", "memories", "forget", "why", "save"):
        assert callable(getattr(townsfolk.Town, method)), method
        assert getattr(townsfolk.Town, method).__doc__, f"{method} needs a docstring"


def test_import_is_cheap_and_floors_are_namespaced() -> None:
    code = ("import sys, townsfolk; assert 'numpy' not in sys.modules, 'import townsfolk loaded numpy'; "
            "import townsfolk.world.world, townsfolk.memory.store, townsfolk.agents.gate, townsfolk.sim.town; "
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_unknown_name_is_an_attribute_error() -> None:
    try:
        townsfolk.Nope  # noqa: B018
    except AttributeError as exc:
        assert "Nope" in str(exc)
    else:
        raise AssertionError("townsfolk.Nope should not exist")
