"""'Cal asked Isolde to tell you he'd borrowed them' (the nets) was read as a debt ("Stranger says Cal owes
money") and cooled his uncle's tie (second newcomer M-2): a bare 'borrowed' was a cue of debt. A thing
borrowed is no debt; money borrowed still is."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.memory.claims import claim_from_text


@pytest.mark.parametrize("text,predicate", [
    ("Actually Cal asked Isolde to tell you he'd borrowed them.", "borrowed"), ("Cal borrowed my ladder.", "borrowed"),
    ("Cal borrowed money from Dewi.", "debt"), ("She borrowed ten coins from me.", "debt"),
    ("He still owes the miller for the grain.", "debt"),
])
def test_a_thing_borrowed_is_no_debt(text: str, predicate: str) -> None:
    assert claim_from_text(text, about="cal").predicate == predicate


def test_the_players_word_in_his_favour_costs_no_tie() -> None:
    town = Town.from_scenario({"scenario": "quay", "language": "en", "seed": 2, "start": "2026-06-01T07:00", "tick": "1h",
                               "place": "quay", "timeline": [],
                               "characters": {"bryn": {"name": "Bryn"}, "cal": {"name": "Cal"}, "isolde": {"name": "Isolde"},
                                              "p": {"name": "Rowan", "player": True}},
                               "relationships": [{"from": "bryn", "to": "cal", "kind": "family", "strength": 0.8}]})
    def family() -> float:
        return next(e.strength for e in town.world.graph.edges_between("bryn", "cal") if e.kind == "family")

    before = family()
    town.say("p", "bryn", "Actually Cal asked Isolde to tell you he'd borrowed them.")
    assert family() >= before
    assert not [b for b in town.memory.beliefs.values() if b.holder == "bryn" and b.claim.predicate == "debt"]
