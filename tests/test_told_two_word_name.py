""""Kit, what did you tell Edith Slater about Alan Bristow?" asks after my telling to Edith (newcomer K-51):
the pattern took "Edith" alone, which no two-word name starts with, so the question was read as a bare
"did you say it?" and answered with my newest tellings (to Una Miller), the one to Edith not among them."""

from __future__ import annotations

from townsfolk import Town

CAST = {"alan": {"name": "Alan Bristow", "role": "rigger"}, "edith": {"name": "Edith Slater", "role": "groom"},
        "kit": {"name": "Kit Miller", "role": "clown"}, "una": {"name": "Una Miller", "role": "cook"},
        "ezra": {"name": "Ezra Miller", "role": "juggler"}, "bram": {"name": "Bram Potter", "role": "carter"},
        "me": {"name": "Reporter", "player": True}}


def test_what_i_told_a_two_word_name_is_my_telling_to_them():
    timeline = [{"at": 0, "happen": {"what": "Alan Bristow left a frayed rope on the trapeze rig, careless work",
                                     "actor": "alan", "witnesses": ["kit"], "valence": -0.4}},
                {"at": 1, "say": {"speaker": "kit", "to": "edith", "about": "alan", "text": "Alan Bristow is unreliable."}},
                {"at": 2, "say": {"speaker": "kit", "to": "una", "about": "alan",
                                  "text": "Alan Bristow is always dishonest."}},
                *({"at": 2, "say": {"speaker": "kit", "to": who, "about": "alan", "text": "Alan Bristow is always careless."}}
                  for who in ("ezra", "bram"))]
    town = Town.from_scenario({"scenario": "rope", "language": "en", "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "yard", "timeline": timeline, "characters": CAST})
    town.advance(3)
    for question in ("Kit, what did you tell Edith Slater about Alan Bristow?", "What did you tell Edith Slater?"):
        text = town.say("me", "kit", question).text
        assert "Edith Slater" in text and "unreliable" in text and "Una" not in text, text
