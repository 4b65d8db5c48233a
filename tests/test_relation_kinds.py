"""A world's own kinds of tie: declared with their warmth, they seed bonds, carry trust and read in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk import ScenarioError, Town
from townsfolk.agents.bonds import axes
from townsfolk.memory.perception import trust_in
from townsfolk.sim.scenario import load_scenario

WORLD = {
    "scenario": "房东与租客", "language": "zh", "seed": 3, "start": "2026-04-01T09:00:00",
    "relationship_kinds": [
        {"key": "landlord", "en": "landlord", "zh": "房东", "warmth": 0.0, "coldness": 0.6},
        {"key": "sworn_brother", "en": "sworn brother", "zh": "结拜兄弟", "warmth": 1.0},
    ],
    "characters": {"laozhou": {"name": "老周"}, "xiaowu": {"name": "小吴"}, "dahai": {"name": "大海"},
                   "ahua": {"name": "阿花"}, "player": {"name": "旅人", "player": True}},
    "relationships": [
        {"from": "xiaowu", "to": "laozhou", "kind": "landlord", "strength": 0.8},
        {"from": "dahai", "to": "xiaowu", "kind": "sworn_brother", "strength": 0.9},
        {"from": "ahua", "to": "xiaowu", "kind": "acquaintance", "strength": 0.9},
    ],
}


def test_a_declared_kind_seeds_bonds_by_its_warmth_and_coldness() -> None:
    town = Town.from_scenario(WORLD)
    w = town.world
    cold, warm = axes(w, "xiaowu", "laozhou"), axes(w, "dahai", "xiaowu")
    assert cold.tension > 0.1 and cold.affinity < 0.5  # a cold kind: tension and dislike
    assert warm.trust > axes(w, "ahua", "xiaowu").trust  # warmer than an acquaintance of the same strength
    # a warm declared kind makes the other a trusted teller; a cold one does not
    assert trust_in(w, "dahai", "xiaowu") == pytest.approx(0.9)
    assert trust_in(w, "xiaowu", "laozhou") == 0.5


def test_a_declared_kind_reads_in_words_and_survives_a_reopen(tmp_path: Path) -> None:
    db = tmp_path / "ll.db"
    town = Town.from_scenario(WORLD, db=db)
    town.save()
    town.close()
    again = Town.open(db, read_only=True)
    assert again.world.relation_kinds["sworn_brother"].zh == "结拜兄弟"
    kinds = {e.kind for e in again.why("dahai", "xiaowu").edges}
    assert "sworn_brother" in kinds  # the JSON keeps the key
    again.close()
    from typer.testing import CliRunner

    from townsfolk.sim.cli import app

    said = CliRunner().invoke(app, ["why", "dahai", "xiaowu", "--db", str(db)]).output
    assert "结拜兄弟 现在" in said and "sworn_brother" not in said


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"relationships": [{"from": "xiaowu", "to": "laozhou", "kind": "landlrd", "strength": 0.5}]},
     "relationships[0].kind", "did you mean 'landlord'"),
    ({"relationships": [{"from": "xiaowu", "to": "laozhou", "kind": "trust", "strength": 0.5}]},
     "relationships[0].kind", "bond axis"),
    ({"relationship_kinds": [{"key": "tension", "en": "t", "zh": "紧"}]}, "relationship_kinds[0].key", "bond axis"),
    ({"relationship_kinds": [{"key": "Landlord", "en": "l", "zh": "房东"}]}, "relationship_kinds[0].key",
         "'Landlord' is not a key: a key is a lowercase id (a-z, digits, _, starting with a letter), e.g. landlord"),
    ({"relationship_kinds": [{"key": "landlord", "en": "l", "zh": "房东", "warmth": 1.5}]},
     "relationship_kinds[0].warmth", "less than or equal to 1"),
])
def test_bad_kinds_are_named_with_their_field(tmp_path: Path, change: dict, field: str, words: str) -> None:
    import yaml

    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({**WORLD, **change}, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    text = str(err.value)
    assert "bad.yaml:" in text and field in text and words in text, text


SPEC = """\
world: 渔村
language: zh
population: 40
days: 1
relationship_kinds:
  - {key: boat_mate, en: boat mate, zh: 同船, warmth: 0.9}
social:
  workplaces: {kind: boat_mate, per_npc: 3}
places:
  - {id: dock, kind: work, count: 2, capacity: 30}
  - {id: market, kind: market, capacity: 40}
roles:
  - {id: fisher, share: 1.0, works_at: dock}
"""


def test_a_world_spec_declares_its_kinds_and_a_typo_is_named() -> None:
    from townsfolk.sim.world_spec import parse_world_spec
    from townsfolk.sim.worldgen import generate

    town = generate(parse_world_spec(SPEC, "fish.world.yaml"))
    w = town.world
    mates = [e for e in w.graph.edges() if e.kind == "boat_mate"]
    assert mates and w.warm_tie("boat_mate")
    assert axes(w, mates[0].source, mates[0].target).trust > 0.4  # a warm kind seeds trust
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(SPEC.replace("kind: boat_mate,", "kind: boatmate,"), "fish.world.yaml")
    assert "social.workplaces.kind" in str(err.value) and "did you mean 'boat_mate'" in str(err.value)
