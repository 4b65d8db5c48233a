"""An NPC answers as the one it is (agents/everyday.py, agents/trade_goods.py), en and zh:
- "Who are you?" / "你是谁？" is its name and its trade, said as warmly as it feels (it drew "No idea, sorry");
- "Is the river calm?" to the ferry captain is the captain's to answer: from the news it holds about its
  trade, else from its role (it drew "Can't say I know");
- a role named for what it makes sells it: the net maker asked for a net sold one (it sent the asker to the
  fisherman), and the fisherman asked for a net sends the asker to the net maker."""

from __future__ import annotations

import re

import pytest

from townsfolk import Town

DENIED = re.compile(r"don't (?:really )?know|no idea|can't say|haven't heard|not my line|不知道|说不上来|不清楚|没听说")
EN = {"scenario": "Riverbend", "language": "en", "seed": 11, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"cap": {"name": "Hal Moor", "role": "ferry captain", "persona": "Gruff, knows the river."},
                     "agn": {"name": "Agnes", "role": "net maker", "persona": "Patient hands."},
                     "ned": {"name": "Ned", "role": "fisherman", "persona": "Early riser."},
                     "rhys": {"name": "Rhys", "role": "ropemaker", "persona": "Strong arms."},
                     "ida": {"name": "Ida", "role": "seamstress", "persona": "Quiet."},
                     "p": {"name": "Robin", "player": True}},
      "relationships": [{"from": "ida", "to": "p", "kind": "friend", "strength": 0.8, "mutual": True}]}
ZH = {"scenario": "渡口", "language": "zh", "seed": 4, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"he": {"name": "何伯", "role": "渡船的艄公", "persona": "话少"},
                     "xiu": {"name": "秀姑", "role": "织网的", "persona": "手巧"},
                     "hai": {"name": "阿海", "role": "渔夫", "persona": "起得早"},
                     "p": {"name": "阿远", "player": True}}}


@pytest.fixture(scope="module")
def en() -> Town:
    town = Town.from_scenario(EN)
    town.advance(1)
    return town


@pytest.fixture(scope="module")
def zh() -> Town:
    town = Town.from_scenario(ZH)
    town.advance(1)
    return town


@pytest.mark.parametrize(("npc", "text", "name", "role"), [("cap", "Who are you?", "Hal Moor", "ferry captain"),
                                                          ("agn", "And who might you be?", "Agnes", "net maker"),
                                                          ("ned", "What's your name?", "Ned", "fisherman")])
def test_who_are_you_is_the_name_and_the_trade(en: Town, npc: str, text: str, name: str, role: str) -> None:
    said = en.say("p", npc, text).text
    assert name in said and role in said and not DENIED.search(said), said


def test_who_are_you_to_a_friend_is_a_reminder_not_an_introduction(en: Town) -> None:
    said = en.say("p", "ida", "Who are you?").text
    assert "Ida" in said and "seamstress" in said and "met" not in said, said


@pytest.mark.parametrize(("npc", "text", "name"), [("he", "你是谁？", "何伯"), ("xiu", "您怎么称呼？", "秀姑")])
def test_who_are_you_zh(zh: Town, npc: str, text: str, name: str) -> None:
    said = zh.say("p", npc, text).text
    assert name in said and zh.world.character(npc).role in said and "这儿的织网的" not in said, said


def test_who_are_you_talking_to_is_no_introduction(en: Town) -> None:
    assert "Ned" not in en.say("p", "ned", "Who are you waiting for?").text


@pytest.mark.parametrize("text", ["Is the river calm?", "Is the river high today?", "Is it rough on the river?"])
def test_the_trade_answers_for_its_own_subject(en: Town, text: str) -> None:
    said = en.say("p", "cap", text).text
    assert not DENIED.search(said) and re.search(r"\b(?:yes|no|not|enough)\b", said, re.I), said


@pytest.mark.parametrize("text", ["河水平稳吗？", "今天河上风大吗？"])
def test_the_trade_answers_for_its_own_subject_zh(zh: Town, text: str) -> None:
    said = zh.say("p", "he", text).text
    assert not DENIED.search(said) and re.search(r"不|还算|着呢", said), said


def test_the_trade_answers_from_the_news_it_holds() -> None:
    spec = {**EN, "timeline": [{"at": 1, "happen": {"what": "The river burst its banks in the night and tore the jetty loose",
                                                    "witnesses": ["cap"], "valence": -0.5}}]}
    town = Town.from_scenario(spec)
    town.advance(2)
    said = town.say("p", "cap", "Is the river calm?").text
    assert said.startswith("Not") and "jetty" in said, said


@pytest.mark.parametrize(("text"), ["Can I buy a net?", "Do you sell nets?", "I want to buy a net."])
def test_a_maker_sells_what_it_makes(en: Town, text: str) -> None:
    said = en.say("p", "agn", text).text
    assert re.search(r"\d+ pence", said) and "Ned" not in said and "fisherman" not in said, said


def test_the_fisherman_sends_the_asker_for_a_net_to_the_net_maker(en: Town) -> None:
    said = en.say("p", "ned", "Can I buy a net?").text
    assert "Agnes" in said and "net maker" in said and "Agnes's" not in said, said


def test_a_ropemaker_prices_rope(en: Town) -> None:
    said = en.say("p", "rhys", "How much for a rope?").text
    assert re.search(r"\d+ pence", said), said


def test_the_net_maker_sells_nets_zh(zh: Town) -> None:
    assert re.search(r"\d+文", zh.say("p", "xiu", "我想买张网。").text)
    said = zh.say("p", "hai", "我想买张网。").text
    assert "秀姑" in said, said
