"""A line repeated to someone else keeps its persons: Dot's "I saw Agnes take your net", said to Rufus,
retold by Dot to a player is Rufus's net (it was "your net", the player's), and 王婆's 孙掌柜多收你的钱 said to
刘大叔 is 多收刘大叔的钱; told to me, their I is them and their you is me."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.addressee_words import told_by_me_en, told_by_me_zh, told_to_me_en


@pytest.mark.parametrize(("said", "to", "now"), [
    ("I saw Agnes take your net", "Rufus", "I saw Agnes take Rufus's net"),
    ("you are careless with the nets", "Rufus", "Rufus is careless with the nets"),
    ("Agnes took your nets", "Rufus and Wren", "Agnes took their nets"),
    ("you know how it is, Agnes took it", "Rufus", "you know how it is, Agnes took it"),  # a generic you stays
])
def test_my_words_to_them(said: str, to: str, now: str) -> None:
    assert told_by_me_en(said, to) == now


def test_their_words_to_me() -> None:
    assert told_to_me_en("I saw Agnes take your net", "Dot") == "Dot saw Agnes take my net"
    assert told_to_me_en("I am sure you lost it", "Dot") == "Dot is sure I lost it"
    assert told_to_me_en("I saw you take it", "Dot") == "Dot saw me take it"
    assert told_to_me_en("I told you that you were wrong", "Dot") == "Dot told me that I was wrong"
    assert told_by_me_zh("孙掌柜故意多收你的钱", "刘大叔") == "孙掌柜故意多收刘大叔的钱"
    assert told_by_me_zh("孙掌柜多收你们的钱", "刘大叔") == "孙掌柜多收你们的钱"


def _town(lang: str, quote: str) -> Town:
    names = {"en": ("Dot", "Rufus", "Agnes", "Sam"), "zh": ("王婆", "刘大叔", "孙掌柜", "阿远")}[lang]
    return Town.from_scenario({
        "scenario": "persons", "language": lang, "seed": 3, "start": "2026-05-01T08:00", "tick": "1h",
        "characters": {"a": {"name": names[0]}, "b": {"name": names[1]}, "c": {"name": names[2]},
                       "me": {"name": names[3], "player": True}},
        "relationships": [{"from": "a", "to": "b", "kind": "friend", "strength": 0.7, "mutual": True}],
        "timeline": [{"at": 1, "say": {"speaker": "a", "to": "b", "about": "c", "text": quote}}]})


def test_retold_to_a_player_the_you_is_the_one_it_was_said_to() -> None:
    town = _town("en", "I saw Agnes take your net.")
    town.advance(2)
    said = town.say("me", "a", "What did you tell Rufus?").text
    assert "Rufus's net" in said and "your net" not in said, said
    town = _town("zh", "孙掌柜故意多收你的钱。")
    town.advance(2)
    said = town.say("me", "a", "你跟刘大叔说了什么？").text
    assert "多收刘大叔的钱" in said and "你的钱" not in said, said
