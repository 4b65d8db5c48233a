"""A world's own predicates belong to that world: another world in the same process never reads
text with them, so a run does not depend on what the process loaded before it."""

from pathlib import Path

from townsfolk.memory.claims import claim_from_text
from townsfolk.memory.predicates import BUILTIN_INVENTORY, active, inventory_for
from townsfolk.sim.scenario import load_scenario
from townsfolk.sim.town import Town, as_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _teapot_world(key: str, valence: float) -> dict:
    return {
        "scenario": f"teapot {key}", "language": "en", "seed": 1, "start": "2026-05-01T09:00", "tick": "1h",
        "characters": {"ann": {"name": "Ann"}, "bo": {"name": "Bo"}},
        "predicates": [{"key": key, "en": "broke the teapot", "zh": "打碎了茶壶", "valence": valence,
                        "examples_en": ["She knocked the teapot off the shelf"], "cues_en": ["teapot"]}],
        "timeline": [{"at": 1, "happen": {"what": "Ann dropped the teapot", "actor": "ann", "witnesses": ["bo"]}}],
    }


def test_a_declared_predicate_reads_only_inside_its_world() -> None:
    town = Town.from_scenario(_teapot_world("broke_teapot", -0.4))
    town.advance(1)
    held = [b.claim.predicate for b in town.memory.beliefs.values()]
    assert "broke_teapot" in held, held
    # outside that world the same words mean nothing special
    assert "broke_teapot" not in BUILTIN_INVENTORY
    assert claim_from_text("Ann dropped the teapot", about="ann").predicate != "broke_teapot"


def test_two_worlds_may_declare_the_same_key_differently() -> None:
    warm = inventory_for(as_scenario(_teapot_world("teapot_deed", 0.6)).predicates)
    cold = inventory_for(as_scenario(_teapot_world("teapot_deed", -0.6)).predicates)
    with active(warm):
        assert claim_from_text("the teapot again", about="ann").tone > 0
    with active(cold):
        assert claim_from_text("the teapot again", about="ann").tone < 0


def test_a_run_does_not_depend_on_a_world_loaded_before_it(tmp_path: Path) -> None:
    def teahouse_lines() -> list[str]:
        town = Town.from_scenario(load_scenario(SCENARIOS / "teahouse.yaml"))
        town.advance(10)
        return [e.text for e in town.timeline()]

    before = teahouse_lines()
    other = Town.from_scenario(load_scenario(SCENARIOS / "jar_gift.yaml"))  # declares a predicate of its own
    other.advance(4)
    assert teahouse_lines() == before
