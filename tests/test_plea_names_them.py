"""A plea for someone of whom no memory is at hand named them "them" ("Will you forgive him?" of Cal ->
"I don't hold anything against them.": second newcomer M-13). The one the question names is named."""

from __future__ import annotations

from townsfolk import Town


def test_the_plea_answer_names_the_one_pleaded_for() -> None:
    town = Town.from_scenario({"scenario": "quay", "language": "en", "seed": 2, "start": "2026-06-01T07:00", "tick": "1h",
                               "place": "quay", "timeline": [],
                               "characters": {"bryn": {"name": "Bryn"}, "cal": {"name": "Cal", "pronoun": "he"},
                                              "p": {"name": "Rowan", "player": True}}})
    town.say("p", "bryn", "How are things with Cal?")
    said = town.say("p", "bryn", "Will you forgive him? He didn't mean it.").text
    assert " them" not in said and "Cal" in said, said
