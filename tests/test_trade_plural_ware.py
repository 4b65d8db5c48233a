"""A ware a scenario `sells:` asked in the plural ("How much for a hundred handbills?") is priced, as the
singular is; the plural was read only on the last of the ware's words, so the question fell to memory
recall and Gus confessed a misprint nobody asked about (newcomer N-2). English only: zh has no plural."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town() -> Town:
    town = Town.from_scenario({"scenario": "print", "language": "en", "seed": 5, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "gus": {"name": "Gus", "role": "master printer", "sells": [
                                       {"ware": "handbill", "price": 2, "per": "hundred", "words": ["flyer", "leaflet"]},
                                       {"ware": "calling card", "price": 5, "per": "dozen"}]},
                                   "kit": {"name": "Kit", "player": True}}})
    town.advance(1)
    return town


@pytest.mark.parametrize("asked", ["How much for a hundred handbills?", "How much are flyers?",
                                   "What do you charge for leaflets?", "How much is a handbill?"])
def test_a_ware_asked_one_or_many_is_priced(asked: str) -> None:
    said = _town().say("kit", "gus", asked).text
    assert "2 pence a hundred" in said, said
