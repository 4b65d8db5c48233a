"""A Saturday market asked as a customer would (helper trade, session 25): the cheesemonger sold "a cheese"
at 6 pence each, "I'll take two" of it was "12 pence for two", eggs were 8 pence each, the baker listed
"currant bun and loaf" and sold "Loafs? 3 pence a loaf", "I'd like two loaves." was "That's beyond me", and
"the woman who mends the nets" was "only the the woman who mends the nets". Now cheese goes by the pound and
eggs by the dozen, a count is said in its unit, loaves are loaves, and the role keeps one article."""

from __future__ import annotations

from townsfolk import Town


def _town() -> Town:
    town = Town.from_scenario({"scenario": "market", "language": "en", "seed": 11, "start": "2026-06-06T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "hal": {"name": "Hal", "role": "cheesemonger"},
                                   "meg": {"name": "Meg", "role": "sells eggs and honey from a cart"},
                                   "rose": {"name": "Rose", "role": "baker", "sells": [
                                       {"ware": "currant bun", "price": 2, "per": "bun"},
                                       {"ware": "loaf", "price": 3, "per": "loaf", "words": ["bread"]}]},
                                   "june": {"name": "June", "role": "the woman who mends the nets"},
                                   "you": {"name": "Wren", "player": True}}})
    town.advance(1)
    return town


def test_a_market_says_its_wares_in_their_units() -> None:
    town = _town()
    assert "a pound" in town.say("you", "hal", "How much is the cheese?").text
    assert "for two pounds" in town.say("you", "hal", "I'll take two.").text
    assert "a dozen" in town.say("you", "meg", "How much are the eggs?").text
    said = town.say("you", "rose", "What do you sell?").text
    assert "currant buns and loaves" in said, said
    assert town.say("you", "rose", "How much is a loaf?").text.startswith("Loaves?")
    said = town.say("you", "rose", "I'd like two loaves.").text
    assert "6 pence" in said, said
    said = town.say("you", "june", "Do you sell rope?").text
    assert "the the" not in said, said


def test_how_about_another_ware_after_a_purchase() -> None:
    town = _town()
    assert "No walk" not in town.say("you", "hal", "How about a walk?").text  # no ware was asked after
    town.say("you", "hal", "How much is the cheese?")
    said = town.say("you", "hal", "How about a pound of butter?").text  # was "No idea, sorry. Nobody's told me."
    assert said.startswith("No butter here") and "cheese" in said, said
    said = town.say("you", "meg", "What about some honey?").text
    assert "honey" in said and "pence a jar" in said, said
