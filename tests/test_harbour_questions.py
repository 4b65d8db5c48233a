"""Questions from a world of my own (session 25, a harbour: Ewan tore Gil's net before Tam's eyes; Gil
mentors Ewan). "Is Ewan Trask your apprentice?" went unread (the pattern took one-word names only) and
"Is Ewan your apprentice?" got the torn net (no tie matched "Ewan" of Ewan Trask, and "your" read as
something done to Gil); Tam, who saw it, answered "Did you see what happened to Gil's net?" with "No,
not that I've heard." (what she saw is about Ewan, and "net" is too short a word to match)."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.saw_it import SAW_IT

CAST = {"tam": {"name": "Tam Penhale", "role": "baker's son"}, "ewan": {"name": "Ewan Trask", "role": "fisherman"},
        "gil": {"name": "Gil Moyle", "role": "net mender"}, "nell": {"name": "Nell Bray", "role": "innkeeper"},
        "rose": {"name": "Rose Penhale", "role": "baker"},
        "me": {"name": "Wren", "player": True}}


def _town() -> Town:
    town = Town.from_scenario({
        "scenario": "harbour", "language": "en", "seed": 4, "start": "2026-06-02T06:00", "tick": "1h",
        "place": "the harbour", "characters": CAST,
        "relationships": [{"from": "gil", "to": "ewan", "kind": "mentor", "strength": 0.7}],
        "timeline": [{"at": 0, "happen": {"what": "Ewan Trask took Gil Moyle's best net without asking and tore it on "
                                                  "the rocks", "actor": "ewan", "witnesses": ["gil", "tam"],
                                          "valence": -0.5}},
                     {"at": 1, "say": {"speaker": "tam", "to": "nell", "about": "ewan",
                                       "text": "Ewan tore Gil's net on the rocks."}}]})
    town.advance(3)
    return town


def test_is_ewan_your_apprentice_by_either_name():
    town = _town()
    for question in ("Is Ewan your apprentice?", "Is Ewan Trask your apprentice?"):
        text = town.say("me", "gil", question).text
        assert "yes" in text.lower() and "under my wing" in text and "tore" not in text, (question, text)


def test_the_witness_saw_what_happened_to_gils_net():
    text = _town().say("me", "tam", "Did you see what happened to Gil's net?").text
    assert any(text.startswith(s) for s in SAW_IT["en"]) and "tore it on the rocks" in text, text


def test_will_you_say_sorry_is_his_to_make():
    """"Will you say sorry to Gil?" to Ewan, who tore the net: it was forgiven as the player's own sorry
    ("It's all right, really.")."""
    from townsfolk.agents.sorry_asked import SAID

    town = _town()
    owe = [s.split("{")[0] for s in SAID["en"]["apologise_yes"]]
    for question in ("Will you say sorry to Gil?", "Are you going to apologise to Gil?"):
        text = town.say("me", "ewan", question).text
        assert any(text.startswith(s) for s in owe) and "net" in text, (question, text)


def test_did_anyone_help_you_is_the_kindness_done_to_me():
    """"Did anyone help you today?" / 今天有人帮你吗？ to one given a loaf (or helped with the buckets): it was
    "Can't say I know, I'm afraid." / "我还真不知道。", for the words share nothing with the deed."""
    town = _town()
    town.event("Rose Penhale gave Gil Moyle a warm loaf for nothing", actor="rose", about="gil", witnesses=["gil"],
               valence=0.4)
    text = town.say("me", "gil", "Did anyone help you today?").text
    assert "warm loaf" in text, text
    zh = Town.from_scenario({
        "scenario": "chaguan", "language": "zh", "seed": 5, "start": "2026-06-02T07:00", "tick": "1h", "place": "茶馆",
        "characters": {"aji": {"name": "阿吉", "role": "说书先生"}, "laoma": {"name": "老马", "role": "挑水的"},
                       "me": {"name": "过客", "player": True}},
        "timeline": [{"at": 0, "happen": {"what": "阿吉帮老马把水桶抬上了台阶", "actor": "aji", "about": "laoma",
                                          "witnesses": ["laoma"], "valence": 0.4}}]})
    zh.advance(2)
    text = zh.say("me", "laoma", "今天有人帮你吗？").text
    assert "水桶" in text, text
