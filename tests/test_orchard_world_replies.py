"""Read as a player in a world of my own (the orchard fence, en; the tea stall, zh): what read wrong.

Owen, who saw Finn's sheep in Nora's orchard, told her "Finn left the gate open and his sheep got into your
orchard."; Nora then retold it to the player as "...got into your orchard" (the belief's origin was the deed
Owen saw, not his words to her, so nobody was known to have heard that "you"); Bea's "Cal stole a ham from
Ada's shop" came back from Ada as "Bea told me, 'Cal stole a ham from my shop'" (Bea's shop, quoted);
"Have you told anyone?" of one who told Tilly was "No, I haven't told anyone."; "Why do you trust Owen?" was
"I do."; "Did you see it yourself?" after "Any news?" was "Yes, I was there." and the fence Owen mended."""

from __future__ import annotations

import pytest

from townsfolk import Town

ORCHARD = {"scenario": "orchard", "language": "en", "seed": 11, "start": "2026-09-10T07:00", "tick": "1h",
           "characters": {"nora": {"name": "Nora", "role": "orchard keeper", "pronoun": "she"},
                          "owen": {"name": "Owen", "role": "blacksmith", "pronoun": "he"},
                          "tilly": {"name": "Tilly", "role": "postmistress", "pronoun": "she"},
                          "finn": {"name": "Finn", "role": "shepherd boy", "pronoun": "he"},
                          "me": {"name": "Sam", "player": True}},
           "relationships": [{"from": "nora", "to": "owen", "kind": "neighbour", "strength": 0.7, "mutual": True},
                             {"from": "nora", "to": "tilly", "kind": "acquaintance", "strength": 0.5, "mutual": True}],
           "impressions": [{"holder": "nora", "about": "owen", "text": "a man of his word", "valence": 0.6,
                            "confidence": 0.8}],
           "timeline": [{"at": 1, "happen": {"what": "Finn's sheep broke through Nora's orchard fence", "actor": "finn",
                                             "witnesses": ["owen"], "valence": -0.5}},
                        {"at": 2, "say": {"speaker": "owen", "to": "nora", "about": "finn",
                                          "text": "Finn left the gate open and his sheep got into your orchard."}},
                        {"at": 3, "gossip": {"teller": "nora", "to": "tilly", "about": "finn"}},
                        {"at": 5, "happen": {"what": "Owen mended Nora's orchard fence for nothing", "actor": "owen",
                                             "witnesses": ["nora"], "valence": 0.5}}]}


def _town() -> Town:
    town = Town.from_scenario(ORCHARD)
    town.advance(6)
    return town


def test_their_you_to_me_is_mine_when_their_words_came_of_what_they_saw() -> None:
    town = _town()
    said = town.say("me", "nora", "What happened to your orchard?").text
    assert "my orchard" in said and "your orchard" not in said, said  # (the goats, or the fence mended: both mine)
    said = town.say("me", "nora", "What did you tell Tilly?").text
    assert "Tilly's orchard" not in said and "my orchard" in said, said


def test_my_name_in_their_words_is_reported_not_quoted() -> None:
    town = Town.from_scenario({**ORCHARD, "timeline": [{"at": 1, "say": {
        "speaker": "tilly", "to": "nora", "about": "finn", "text": "Finn stole a ham from Nora's shop last night."}}]})
    town.advance(2)
    said = town.say("me", "nora", "Have you heard anything about Finn?").text
    assert "my shop" in said and "‘" not in said and "'" not in said.replace("I've", ""), said


@pytest.mark.parametrize("question", ["Have you told anyone?", "Did you tell anybody?"])
def test_have_you_told_anyone_is_whom_i_told(question: str) -> None:
    said = _town().say("me", "nora", question).text
    assert "Tilly" in said and "haven't" not in said, said


def test_why_do_you_trust_him_asks_why() -> None:
    said = _town().say("me", "nora", "Why do you trust Owen?").text
    assert not said.startswith(("I do", "I believe")), said
    assert "fence" in said or "word" in said, said


def test_did_you_see_it_yourself_is_of_the_story_just_told() -> None:
    town = _town()
    assert "sheep" in town.say("me", "nora", "Any news?").text
    said = town.say("me", "nora", "Did you see it yourself?").text
    assert said.startswith("No,") and "Owen" in said and "sheep" in said, said


@pytest.mark.parametrize(("lang", "line"), [("en", "I'm new in town."), ("en", "I am new here, looking for work."),
                                            ("zh", "我是新来的。"), ("zh", "我刚到这儿。")])
def test_new_in_town_is_welcomed(lang: str, line: str) -> None:
    """"I'm new in town." was met with "I see. What's brought that on?" (taken for a plan of theirs)."""
    from townsfolk.agents.voice_phrases import PHRASES
    zh = lang == "zh"
    town = Town.from_scenario({"scenario": "n", "language": lang, "seed": 2,
                               "characters": {"nora": {"name": "诺拉" if zh else "Nora"},
                                              "me": {"name": "旅人" if zh else "Sam", "player": True}}})
    said = town.say("me", "nora", line).text
    assert said in PHRASES[lang]["new_here"], said
