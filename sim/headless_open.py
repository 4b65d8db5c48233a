"""Opening a `simulate` run with the Python API: the scenario it was not played from.

A headless run saves its world spec (extra["headless"]["spec"]), not a scenario; `Town.open`
needs a scenario only for the world's settings (place, drive, cold start, kinds of tie, its own
predicates), so one is built from the spec. The run is opened read-only: its daily life lives in
`simulate`, and a save through `Town` would replace the headless record the report reads.
"""

from __future__ import annotations

from typing import Any

from townsfolk.sim.run_store import RunStoreError
from townsfolk.sim.scenario import Scenario


def is_headless(extra: dict[str, Any]) -> bool:
    """Whether a saved run's record is a `simulate` run's (a world spec, no scenario)."""
    return bool((extra.get("headless") or {}).get("spec")) and not extra.get("scenario")


def headless_scenario(extra: dict[str, Any], *, read_only: bool, db: object) -> Scenario | None:
    """The settings of a saved headless run as a scenario with no cast or timeline (the cast is
    in the saved world); None when the run is not a headless one."""
    from townsfolk.sim.world_spec import WorldSpec

    headless = extra.get("headless") or {}
    saved = headless.get("spec")
    if not saved:
        return None
    if not read_only:
        raise RunStoreError(f"{db} is a `townsfolk simulate` run: open it with Town.open(..., read_only=True) "
                            "(why, memories, inspect-like reads); an unfinished run goes on with "
                            "`townsfolk simulate SPEC --db DB --resume`")
    spec = WorldSpec.model_validate(saved)
    # model_construct: a town of thousands is beyond a scenario's cast limit, and the cast is not read
    return Scenario.model_construct(scenario=spec.world, language=spec.language, seed=headless.get("seed", spec.seed),
                                    start=spec.start, tick=spec.tick, place="town", drive=False,
                                    settled_days=spec.settled_days, characters={}, relationships=[],
                                    impressions=[], timeline=[], expect=[], errands={}, predicates=[],
                                    relationship_kinds=list(spec.relationship_kinds))
