"""The persona clause joined to a name is a sentence: "Do you like Captain Hale?" got "Captain Hale and I serve
together, gruff and fair, and hates squabbles among the crew." (the voice drops "Captain Hale's" after the tie,
leaving "hates" with no subject). With a deed in it, the clause says "<name> is ..." and stands as its own."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.persona_clause import persona_clause


def test_a_clause_by_name_with_a_deed_keeps_its_subject() -> None:
    said = persona_clause("Gruff, fair, hates squabbles among the crew.", "en", "master of the schooner", "Captain Hale")
    assert said == "Captain Hale is gruff and fair, and hates squabbles among the crew", said
    assert persona_clause("Sharp-tongued.", "en", "", "Mara") == "Mara's sharp-tongued"  # no deed: as before


def test_asked_of_the_captain_the_cook_says_a_whole_sentence() -> None:
    town = Town.from_scenario({
        "scenario": "hale", "language": "en", "seed": 0, "start": "2026-05-02T08:00", "tick": "1h", "place": "x",
        "timeline": [],
        "characters": {"ada": {"name": "Ada", "role": "ship's cook"},
                       "hale": {"name": "Captain Hale", "role": "master of the schooner",
                                "persona": "Gruff, fair, hates squabbles among the crew."},
                       "juno": {"name": "Juno", "player": True}},
        "relationships": [{"from": "ada", "to": "hale", "kind": "colleague", "strength": 0.6, "mutual": True}]})
    town.advance(1)
    said = town.say("juno", "ada", "Do you like Captain Hale?").text
    assert ", gruff and fair, and hates" not in said and "hates squabbles" in said, said
