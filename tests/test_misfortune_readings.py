"""A misfortune is nobody's fault, however it is phrased (memory/reading_cases.py, memory/predicates.py): a fall,
a slip, a thing that gave out by itself, a beast gone astray, a thing carried off by the water read as nothing
(and a remark retold harsher is "careless": an NPC retold its own fall as "I am careless") or by meaning as
carelessness or a fire ("Lin's oven cracked in the night" was "Lin lost everything in a fire"). Also: "arrived
late" is a lateness, not an arrival. Read the way a world reads them, with the default and the lexical embedder;
then in a world: a witnessed misfortune, retold by a teller who exaggerates, blames nobody and cools no tie."""

from __future__ import annotations

import pytest

from tests.reading_cast import EMBEDDERS, language_of, name_indexes
from townsfolk import Town
from townsfolk.memory.predicate_reader import read
from townsfolk.memory.predicates import BUILTIN
from townsfolk.memory.predicates import INVENTORY as PREDICATES

NAMES = {"zh": ("老林", "阿海", "秀姑"), "en": ("Lin", "Ned", "Kit", "Pia")}
MISFORTUNES = [
    "Lin's oven cracked in the night",
    "Ned's boat sprang a leak",
    "Kit lost his footing and fell off the hay loft",
    "Pia dropped a tray of pots and they all broke",
    "Ned fell in the river",
    "Ned's nets were swept away by the current",
    "Ned's goat wandered off",
    "The jetty gave way under Ned",
    "阿海的船漏水了",
    "阿海掉进河里了",
    "老林的羊跑丢了",
    "秀姑的网被水冲走了",
]
STILL_BLAME = [
    ("Kit tripped over the bucket and stole the purse", "theft"),
    ("Ned smashed Lin's oven in a temper", "damaged"),
    ("老林的船被阿海撞坏了", "damaged"),
    ("Ned's roof collapsed in the storm", "storm_damage"),
    ("Kit fell from the ladder and broke his arm", "injured"),
    ("Kit arrived late to fix the inn roof", "late"),
    ("Kit arrived in town last week", "arrived"),
]


INDEXES = name_indexes(NAMES)


def test_the_sentences_are_not_examples() -> None:
    examples = {e for spec in BUILTIN for e in spec.examples}
    assert not examples & set(MISFORTUNES + [t for t, _ in STILL_BLAME])


@pytest.mark.parametrize("embedder", EMBEDDERS)
@pytest.mark.parametrize("text", MISFORTUNES)
def test_a_misfortune_blames_nobody(text: str, embedder: str) -> None:
    reading = read(text, embedder=EMBEDDERS[embedder], names=INDEXES[language_of(text)])
    assert reading.key != "remark" and not PREDICATES[reading.key].blames_subject, (text, reading)


@pytest.mark.parametrize(("text", "key"), STILL_BLAME)
def test_what_it_is_said_with_still_reads(text: str, key: str) -> None:
    assert read(text, names=INDEXES[language_of(text)]).key == key


def test_a_misfortune_retold_harsher_still_blames_nobody() -> None:
    town = Town.from_scenario({
        "scenario": "Jetty", "language": "en", "seed": 9, "start": "2026-06-03T08:00", "tick": "1h",
        "characters": {"ned": {"name": "Ned", "role": "fisherman"}, "hal": {"name": "Hal", "role": "ferry captain"},
                       "dot": {"name": "Dot", "role": "washerwoman", "traits": {"exaggeration": 1.0, "candour": 0.1}},
                       "p": {"name": "Robin", "player": True}},
        "relationships": [{"from": "hal", "to": "ned", "kind": "colleague", "strength": 0.6, "mutual": True},
                          {"from": "dot", "to": "ned", "kind": "neighbour", "strength": 0.6, "mutual": True},
                          {"from": "hal", "to": "dot", "kind": "neighbour", "strength": 0.6, "mutual": True}],
        "timeline": [{"at": 1, "happen": {"what": "Ned lost his footing and fell in the river", "actor": "ned",
                                          "witnesses": ["dot"], "valence": -0.3}},
                     {"at": 2, "gossip": {"teller": "dot", "to": "hal", "about": "ned"}},
                     {"at": 3, "gossip": {"teller": "dot", "to": "hal", "about": "ned"}}]})
    town.advance(4)
    held = [b for b in town.memory.beliefs_of("hal") if b.claim.about == "ned"]
    assert held and all(not PREDICATES[b.claim.predicate].blames_subject for b in held), [b.claim for b in held]
    for holder in ("hal", "dot"):
        edge = town.world.graph.get(holder, "ned", "colleague" if holder == "hal" else "neighbour")
        assert edge is not None and edge.strength >= 0.6, (holder, edge)
    said = town.say("p", "hal", "What happened to Ned?").text
    assert "careless" not in said, said
