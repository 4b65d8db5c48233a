"""Asked how she feels about the thief, the one robbed speaks from what she saw, in plain words (newcomer
K-45): Agnes, who saw Wendy steal her costume and was then told "Wendy Carter stole something" by Bess,
who saw it too, said "I heard from Bess Sawyer that Wendy Carter stole something. ... I've always found
Wendy Carter stole something." (a deed pasted into a what-they-are-like frame, and hearsay of her own loss)."""

from __future__ import annotations

from townsfolk import Town

CAST = {"wendy": {"name": "Wendy Carter", "role": "wardrobe mistress"},
        "agnes": {"name": "Agnes Gale", "role": "equestrienne"},
        "bess": {"name": "Bess Sawyer", "role": "seamstress"}, "noah": {"name": "Noah Spencer", "role": "ringmaster"},
        "me": {"name": "Reporter", "player": True}}


def test_the_robbed_one_feels_from_what_she_saw():
    timeline = [{"at": 0, "happen": {"what": "Wendy Carter stole Agnes Gale's spangled costume", "actor": "wendy",
                                     "witnesses": ["agnes", "bess"], "valence": -0.7}},
                {"at": 1, "gossip": {"teller": "bess", "to": "agnes", "about": "wendy",
                                     "text": "Wendy Carter stole something"}},
                {"at": 2, "gossip": {"teller": "agnes", "to": "noah", "about": "wendy",
                                     "text": "Wendy Carter is always stealing"}}]
    town = Town.from_scenario({"scenario": "robbed", "language": "en", "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "yard", "timeline": timeline, "characters": CAST})
    town.advance(30)
    assert town.sim.memory.impression("agnes", "wendy").text == "stole something"  # the deed as the impression
    text = town.say("me", "agnes", "Are you angry with Wendy Carter?").text
    assert "spangled costume" in text, text
    assert "found Wendy Carter stole" not in text and "thought Wendy Carter stole" not in text, text
    # no hearsay said in place of what she saw (a summary may note in passing who told her too)
    assert "I heard from Bess Sawyer" not in text and "Bess Sawyer told me that" not in text \
        and "stole my spangled costume" in text, text
    # the event names her only in its words (no `about`, as a world spec's "{other}"): still done to her
    text = town.say("me", "agnes", "What was stolen from you?").text
    assert "Wendy Carter stole my spangled costume" in text, text
