"""Prices said as a shopkeeper says them (newcomer N-9, N-23): Gus listed "Handbill and calling card, mostly.
Handbill, 2 pence a hundred.", quoted "2 pence a hundred for handbill, same as always" to a first-time
customer, and Dora "1 pence a loaf". Now a `sells:` ware sold by the dozen or hundred is said as many, or as
the asker said it, "same as always" is gone and one coin is "1 penny". English only: zh has no plural."""

from __future__ import annotations

from townsfolk import Town


def _town() -> Town:
    town = Town.from_scenario({"scenario": "print", "language": "en", "seed": 5, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "gus": {"name": "Gus", "role": "master printer", "sells": [
                                       {"ware": "handbill", "price": 2, "per": "hundred", "words": ["flyer", "leaflet"]},
                                       {"ware": "calling card", "price": 5, "per": "dozen"}]},
                                   "dora": {"name": "Dora", "role": "baker", "sells": [{"ware": "bread", "price": 1, "per": "loaf"}]},
                                   "kit": {"name": "Kit", "player": True}}})
    town.advance(1)
    return town


def test_wares_sold_by_the_hundred_are_said_as_many() -> None:
    said = _town().say("kit", "gus", "What do you sell?").text
    assert said.startswith("Handbills and calling cards") and "Handbills, 2 pence" in said, said


def test_a_price_names_the_ware_as_asked_and_never_same_as_always() -> None:
    town = _town()
    for asked, want in [("How much for a hundred handbills?", "handbills"), ("Can I buy some calling cards?", "calling cards"),
                        ("Could you print me a hundred leaflets?", "leaflets")]:
        said = town.say("kit", "gus", asked).text
        assert want in said.lower() and "same as always" not in said, said


def test_one_coin_is_a_penny() -> None:
    said = _town().say("kit", "dora", "What do you sell?").text
    assert "1 penny a loaf" in said and "1 pence" not in said, said


def test_a_ware_sold_one_at_a_time_is_priced_as_many_and_never_for_the_bare_name() -> None:
    """Newcomer N-9 (session 23): Hattie (sells currant bun, per bun) asked "How much for a currant bun?" said
    "That'll be 2 pence a bun for currant bun." (no article, the ware said after its unit). Now "Currant buns?
    ... 2 pence a bun.", and no price is said "for" a bare ware name. English only: zh has no plural."""
    town = Town.from_scenario({"scenario": "gate", "language": "en", "seed": 11, "start": "2026-09-07T07:00", "tick": "1h",
                               "characters": {"hattie": {"name": "Hattie", "role": "baker who sells buns at the school gate",
                                                         "sells": [{"ware": "currant bun", "price": 2, "per": "bun",
                                                                    "words": ["bun", "buns"]}]},
                                              "silas": {"name": "Silas", "role": "grocer"},
                                              "p": {"name": "Rowan", "player": True}}})
    said = town.say("p", "hattie", "How much for a currant bun?").text
    assert said.startswith("Currant buns?") and "2 pence a bun" in said and " for " not in said, said
    for asked in ("How much is salt?", "How much is sugar?", "How much are candles?"):
        said = town.say("p", "silas", asked).text
        assert " for " not in said and "pence" in said, said
