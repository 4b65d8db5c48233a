"""A ropewalk of our own (not a shipped scenario), read and talked to as a player would:

- "The mooring line Ewan bought from Tam parted in the night" was read by meaning as a fire that took
  everything (a line that parts, gives out or frays through, even one named with whom it came from, is a
  thing that gave out: a mishap); "he skimped on the hemp" was a remark, not cutting corners;
- Ewan said it back as "The mooring line me bought from Tam" (an I before its own past verb stays I);
- "What did you find?" / 你发现了什么？ got "Can't say I know" from the apprentice who found the rat's work.
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.grammar_en import fix_case
from townsfolk.memory.claims import claim_from_text


@pytest.mark.parametrize(("text", "key"), [
    ("The mooring line Ewan bought from Tam parted in the night", "mishap"),
    ("The rope that Ewan got from Tam snapped", "mishap"), ("The line gave out", "mishap"),
    ("The rope frayed through", "mishap"), ("He skimped on the hemp", "dishonest"),
    ("Tam's rope snapped. Maybe he skimped on the hemp.", "dishonest"),
])
def test_a_rope_that_parted_and_skimped_hemp(text: str, key: str) -> None:
    assert claim_from_text(text, about="x").predicate == key, text


def test_the_crowd_parting_is_no_thing_that_gave_out() -> None:
    assert claim_from_text("The crowd parted", about="x").predicate != "mishap"


def test_an_i_before_its_own_verb_stays_i() -> None:
    assert fix_case("The mooring line I bought from Tam parted") == "The mooring line I bought from Tam parted"
    assert fix_case("The pot I painted cracked") == "The pot I painted cracked"
    assert fix_case("She gave I a jar") == "She gave me a jar"


def _town(lang: str) -> Town:
    zh = lang == "zh"
    town = Town.from_scenario({
        "scenario": "ropewalk", "language": lang, "seed": 5,
        "characters": {"tam": {"name": "老谭" if zh else "Tam", "role": "搓绳的" if zh else "ropemaker"},
                       "ewan": {"name": "阿元" if zh else "Ewan", "role": "船主" if zh else "boat owner"},
                       "moll": {"name": "小莫" if zh else "Moll", "role": "学徒" if zh else "apprentice"},
                       "pat": {"name": "过客" if zh else "Pat", "player": True}},
        "timeline": [{"at": 1, "happen": {"what": "阿元从老谭那儿买的缆绳夜里断了" if zh else
                                          "The mooring line Ewan bought from Tam parted in the night",
                                          "actor": "tam", "witnesses": ["ewan"], "valence": -0.4}},
                     {"at": 2, "happen": {"what": "小莫发现缆绳是被老鼠咬断的" if zh else
                                          "Moll found that a rat had gnawed the mooring line",
                                          "actor": "moll", "witnesses": ["tam"], "valence": 0.1}}]})
    town.advance(3)
    return town


def test_the_owner_says_what_befell_his_line_as_his_own() -> None:
    said = _town("en").say("pat", "ewan", "What happened to your mooring line?").text
    assert "I bought from Tam parted" in said, said
    assert "fire" not in said, said


@pytest.mark.parametrize(("lang", "question", "found"), [("en", "What did you find?", "rat"),
                                                        ("en", "What have you found?", "rat"),
                                                        ("zh", "你发现了什么？", "老鼠")])
def test_what_did_you_find_is_what_i_found(lang: str, question: str, found: str) -> None:
    said = _town(lang).say("pat", "moll", question).text
    assert found in said, said
