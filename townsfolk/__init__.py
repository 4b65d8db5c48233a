"""townsfolk: an engine for NPC social worlds.

The four floors install under this one namespace (``townsfolk.world``, ``townsfolk.memory``,
``townsfolk.agents``, ``townsfolk.sim``); this module is the public front door::

    from townsfolk import Town
    town = Town.from_scenario("scenarios/bakery.yaml", db="runs/bakery.db")
    turn = town.say("traveller", "rosa", "Good morning! What's fresh today?")

Names are loaded on first use, so ``import townsfolk`` stays cheap and the command line can set
its BLAS thread count before numpy is imported.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "Town": "townsfolk.sim.town",
    "TownError": "townsfolk.sim.town_error",
    "ScenarioError": "townsfolk.sim.scenario",
    "RunStoreError": "townsfolk.sim.run_store",
    "TurnResult": "townsfolk.sim.town_models",
    "EventResult": "townsfolk.sim.town_models",
    "AdvanceResult": "townsfolk.sim.town_models",
    "TimelineEntry": "townsfolk.sim.town_models",
    "Emotion": "townsfolk.sim.town_models",
    "PlayerInfo": "townsfolk.sim.town_models",
    "ForgetResult": "townsfolk.sim.town_models",
    "TownInfo": "townsfolk.sim.town_models",
    "Explanation": "townsfolk.sim.why",
    "PlayerMemoryView": "townsfolk.memory.player_view",
}
__all__ = [  # fixed by tests/test_public_api.py
    "AdvanceResult", "Emotion", "EventResult", "Explanation", "ForgetResult", "PlayerInfo",
    "PlayerMemoryView", "RunStoreError", "ScenarioError", "TimelineEntry", "Town", "TownError", "TownInfo",
    "TurnResult", "__version__",
]

if TYPE_CHECKING:
    from townsfolk.memory.player_view import PlayerMemoryView
    from townsfolk.sim.run_store import RunStoreError
    from townsfolk.sim.scenario import ScenarioError
    from townsfolk.sim.town import Town
    from townsfolk.sim.town_error import TownError
    from townsfolk.sim.town_models import (
        AdvanceResult,
        Emotion,
        EventResult,
        ForgetResult,
        PlayerInfo,
        TimelineEntry,
        TownInfo,
        TurnResult,
    )
    from townsfolk.sim.why import Explanation


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'townsfolk' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
