"""A town the replies were not shaped around (Saltmarsh: a salt boiler, a reed cutter, a schoolmistress, an eel
trapper, a lamplighter, a chandler, a midwife; two players), read line by line as a player would. What read
wrong and is fixed: the chandler had no rope; the eel trapper, the reed cutter and the salt boiler knew no trade
of their own ("a eel", "a salt"); "cut me some reeds for my roof" came back as "my roof"; the schoolmistress
could not teach reading; "Will it rain tomorrow?" after a question about the baby asked whether the baby would
rain; "You're a nosy old crow." was small talk; "What do you think of Tobe?" from one who holds nothing of him
was "I'd say so, yes."; "What do you teach?" drew "I don't really know anything about that."; Bess Harrow
told of "Bess's biggest salt pan" (her first name alone was not her own, memory/perception.py)."""

from __future__ import annotations

import re

import pytest

from townsfolk import Town

SALTMARSH = {
    "scenario": "Saltmarsh", "language": "en", "seed": 23, "start": "2026-10-14T07:00", "tick": "1h",
    "characters": {"bess": {"name": "Bess Harrow", "role": "salt boiler", "persona": "Blunt, proud of her pans."},
                   "owen": {"name": "Owen", "role": "reed cutter", "persona": "Shy, whistles while he works."},
                   "mara": {"name": "Miss Mara Pell", "role": "schoolmistress", "persona": "Precise, kind."},
                   "tobe": {"name": "Tobe", "role": "eel trapper", "persona": "Sly grin."},
                   "linnet": {"name": "Linnet", "role": "lamplighter", "persona": "Night owl."},
                   "corwin": {"name": "Corwin Vale", "role": "chandler", "persona": "Careful with coin."},
                   "ysa": {"name": "Ysa", "role": "midwife", "persona": "Calm, says little."},
                   "jun": {"name": "Jun", "player": True}, "ren": {"name": "Ren", "player": True}},
    "relationships": [{"from": "mara", "to": "jun", "kind": "neighbour", "strength": 0.7, "mutual": True}],
    "timeline": [{"at": 1, "happen": {"what": "Ysa sat up all night with the Fenn baby and saw it through the fever",
                                      "actor": "ysa", "witnesses": ["linnet"], "valence": 0.6}},
                 {"at": 1, "happen": {"what": "Bess's biggest salt pan cracked in the night", "actor": "bess",
                                      "witnesses": ["owen"], "valence": -0.4}}]}
PRICED = re.compile(r"\d+ pence")


@pytest.fixture(scope="module")
def town() -> Town:
    town = Town.from_scenario(SALTMARSH)
    town.advance(2)
    return town


@pytest.mark.parametrize(("npc", "text", "wanted", "unwanted"), [
    ("corwin", "Can I buy a coil of rope?", PRICED, r"not my line"),
    ("tobe", "Can I buy some eels?", r"\d+ pence each for an eel", r"a eel"),
    ("bess", "Can I buy a sack of salt?", r"salt, \d+ pence a sack", r"a salt"),
    ("owen", "Can you cut me some reeds for my roof?", r"your roof|reeds, \d+ pence a bundle", r"my roof|can.t"),
    ("owen", "How much for a bundle of reeds?", r"Reeds\? .*\d+ pence a bundle", r"for reed\b|\bReed\?"),
])
def test_a_trade_sells_its_own_wares(town: Town, npc: str, text: str, wanted: str, unwanted: str) -> None:
    said = town.say("ren", npc, text).text
    assert re.search(wanted, said) and not re.search(unwanted, said), said


def test_the_schoolmistress_teaches_reading_and_says_her_trade(town: Town) -> None:
    said = town.say("jun", "mara", "Could you teach me to read?").text
    assert not re.search(r"Can't help|not my line", said), said
    assert "schoolmistress" in town.say("jun", "mara", "What do you teach?").text


def test_the_weathers_it_is_not_the_last_thing_asked_about(town: Town) -> None:
    town.say("ren", "ysa", "Is the Fenn baby well?")
    said = town.say("ren", "ysa", "Will it rain tomorrow?").text
    assert "baby" not in said and re.search(r"sky|tomorrow|say|tell", said), said


def test_an_insult_is_heard_as_one(town: Town) -> None:
    said = town.say("ren", "linnet", "You're a nosy old crow.").text
    assert not re.search(r"weather|Anything new", said), said


def test_an_opinion_of_someone_unknown_is_no_yes(town: Town) -> None:
    said = town.say("ren", "owen", "What do you think of Tobe?").text
    assert "yes" not in said.lower() and "Tobe" in said, said


@pytest.mark.parametrize(("text", "key"), [
    ("Ysa sat up all night with the Fenn baby and saw it through the fever", "helpful"),  # was Ysa's illness
    ("秀姑守着生病的阿海一夜没睡", "helpful"),
    ("Ysa fell ill with a fever", "illness"),
    ("Bess's biggest salt pan cracked in the night", "mishap"),
])
def test_nursing_is_help_and_a_cracked_pan_a_mishap(text: str, key: str) -> None:
    from townsfolk.memory.predicate_reader import read

    assert read(text).key == key


def test_a_first_name_alone_is_still_mine(town: Town) -> None:
    said = town.say("jun", "bess", "What happened to your pan?").text
    assert "my biggest salt pan" in said.lower() and "Bess's" not in said, said
