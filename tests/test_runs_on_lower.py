"""A sentence run on after "Like I said," or "But" starts in lower case (newcomer K-51, K-22): "Like I said,
Things with Alan Bristow have been rough lately", "But When I ran into Agatha, I kept my distance."."""

from __future__ import annotations

from townsfolk.agents import grammar_en


def test_the_words_that_run_on_in_lower_case():
    assert grammar_en.run_on("Things with Alan have been rough lately") == "things with Alan have been rough lately"
    assert grammar_en.run_on("When I ran into Agatha, I kept my distance") == "when I ran into Agatha, I kept my distance"
    assert grammar_en.run_on("Over 1 days, 4 things with Alan") == "over 1 days, 4 things with Alan"
    assert grammar_en.run_on("Agatha says I rushed the page") == "Agatha says I rushed the page"  # a name keeps its capital
    assert grammar_en.run_on("I set the page upside down") == "I set the page upside down"


def test_like_i_said_things_runs_on():
    from townsfolk import Town

    cast = {"wendy": {"name": "Wendy Carter", "role": "wardrobe mistress"},
            "agnes": {"name": "Agnes Gale", "role": "equestrienne"}, "bess": {"name": "Bess Sawyer", "role": "seamstress"},
            "noah": {"name": "Noah Spencer", "role": "ringmaster"}, "me": {"name": "Reporter", "player": True}}
    timeline = [{"at": 0, "happen": {"what": "Wendy Carter stole Agnes Gale's spangled costume", "actor": "wendy",
                                     "about": "agnes", "witnesses": ["agnes", "bess"], "valence": -0.5}},
                {"at": 1, "say": {"speaker": "bess", "to": "agnes", "about": "wendy", "text": "Wendy Carter stole something."}},
                {"at": 1, "say": {"speaker": "agnes", "to": "noah", "about": "wendy",
                                  "text": "Wendy Carter is always stealing."}}]
    town = Town.from_scenario({"scenario": "k45", "language": "en", "seed": 1, "start": "2026-05-11T07:00", "tick": "1h",
                               "place": "yard", "timeline": timeline, "characters": cast})
    town.advance(3)
    said = [town.say("me", "agnes", q).text for q in (
        "What was stolen from you?", "Who stole your costume?", "Are you angry with Wendy Carter?",
        "Did Wendy Carter steal your costume?", "What do you think of Wendy Carter?")]
    # (a recap after a lead-in, when there is one, runs on in lower case; the summary a stretch folds into
    # may name the happening itself, a name, since the summaries count happenings: helper memory K-24)
    assert not any(", Things" in s or "But When" in s or ", It" in s or ", When" in s for s in said), said
    from townsfolk.agents.grammar_en import run_on
    assert run_on("Things with Wendy Carter have been rough") == "things with Wendy Carter have been rough"
    assert run_on("Wendy Carter stole my costume") == "Wendy Carter stole my costume"
