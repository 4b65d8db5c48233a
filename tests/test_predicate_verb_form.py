"""A world's own predicate written bare ("en: burn food") is said in the past after its subject, like the
built-ins (memory/en_verbs.py, used by memory/claims.py render_claim): a belief read "Greta burn food" and the
retelling carried it so. A bare trait is what someone is ("lazy" -> "is lazy"); words already fit are kept."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.memory.en_verbs import told_after_subject
from townsfolk.memory.predicates import BUILTIN

CAMP = {"scenario": "Camp", "language": "en", "seed": 3, "start": "2026-10-14T07:00", "tick": "1h",
        "characters": {"greta": {"name": "Greta", "role": "camp cook"}, "ole": {"name": "Ole", "role": "logger"},
                       "mags": {"name": "Mags", "role": "saw filer"}, "jun": {"name": "Jun", "player": True}},
        "relationships": [{"from": "ole", "to": "mags", "kind": "friend", "strength": 0.7, "mutual": True}],
        "predicates": [{"key": "burnt_food", "en": "burn food", "zh": "烧糊饭菜", "valence": -0.3, "severity": 0.3,
                        "cues_en": ["burnt the food"], "examples_en": ["She burnt the food again"]}],
        "timeline": [{"at": 1, "happen": {"what": "Greta burnt the food again", "actor": "greta", "witnesses": ["ole"],
                                          "valence": -0.3}},
                     {"at": 2, "gossip": {"teller": "ole", "to": "mags", "about": "greta"}}]}


def test_a_bare_deed_is_said_in_the_past_in_beliefs_and_replies() -> None:
    town = Town.from_scenario(CAMP)
    town.advance(3)
    texts = [b.text for h in ("ole", "mags") for b in town.sim.memory.beliefs_of(h) if b.claim.predicate == "burnt_food"]
    assert texts and all("Greta burnt food" in t for t in texts), texts
    said = town.say("jun", "mags", "What's new with Greta?").text
    assert "burnt food" in said and "burn food" not in said, said


def test_verb_forms() -> None:
    assert told_after_subject("burn food") == "burnt food"
    assert told_after_subject("steal eggs") == "stole eggs"
    assert told_after_subject("cheat at cards") == "cheated at cards"
    assert told_after_subject("rob the till") == "robbed the till"
    assert told_after_subject("bully the boy") == "bullied the boy"
    assert told_after_subject("lazy", "trait") == "is lazy"
    assert told_after_subject("drink too much", "trait") == "drinks too much"
    for fit in ("paid a New Year call", "is lazy", "never pays", "owes money", "stole something", "can't be trusted"):
        assert told_after_subject(fit) == fit


def test_built_in_predicates_are_said_as_they_were() -> None:
    assert [p.key for p in BUILTIN if told_after_subject(p.en, p.kind) != p.en] == []
