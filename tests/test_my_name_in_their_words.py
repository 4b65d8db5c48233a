"""A quotation about me, passed on to me, is reported with me as "I" (newcomer K-27): with seed 3 the
press's retellings are faithful, so Milo holds `Agatha says: "Milo rushed the almanac page again."`, and
he said "According to Jasper, Agatha says that Milo rushed the almanac page again." of himself."""

from __future__ import annotations

from townsfolk import Town

CAST = {"agatha": {"name": "Agatha", "role": "master printer"}, "milo": {"name": "Milo", "role": "compositor"},
        "dorrit": {"name": "Dorrit", "role": "ink mixer"}, "jasper": {"name": "Jasper", "role": "binder"},
        "me": {"name": "Quill", "player": True}}


def test_my_name_in_a_retold_quote_is_i():
    timeline = [{"at": 1, "happen": {"what": "Milo set the almanac page with the tide table upside down", "actor": "milo",
                                     "witnesses": ["agatha"], "valence": -0.3}},
                {"at": 2, "say": {"speaker": "agatha", "to": "dorrit", "about": "milo",
                                  "text": "Milo rushed the almanac page again. Careless work."}},
                {"at": 3, "gossip": {"teller": "dorrit", "to": "jasper", "about": "milo"}},
                {"at": 4, "gossip": {"teller": "jasper", "to": "milo", "about": "agatha"}}]
    town = Town.from_scenario({"scenario": "press", "language": "en", "seed": 3, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "the composing room", "timeline": timeline, "characters": CAST})
    town.advance(6)
    held = [b for b in town.sim.memory.beliefs_of("milo") if b.told_by == "jasper"]
    assert held and held[0].claim.quote and "Milo rushed" in held[0].claim.quote  # the faithful quote, as in K-27
    text = town.say("me", "milo", "What did Jasper tell you?").text
    assert "that I rushed the almanac page" in text and "Milo rushed" not in text, text
