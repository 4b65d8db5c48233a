"""M-5: "Do you believe it?" after "Who told you that?" is of the story just told, and "Is he a bad lad?" /
他是不是坏人？ is answered from the NPC's own impression of him, with why (agents/good_or_bad.py,
agents/last_story.py, memory/name_index.py).

Found by the newcomers: Ada, told by Bea that Cal stole a ham and by Eve that Dan lied about the coal, was
asked of Cal's tale, then "Who told you that?" ("I had it from Bea."), then "Do you believe it?", and vouched
for Eve's tale of Dan: the id `eve` was read in "believe", and the reply's whole grounding (both tales)
counted as what it had said. "Is Dan a bad man?" of an NPC whose impression of Dan is "a sly one" was "I
don't think so, no."; 他是不是坏人？ was heard as the player standing up for him (its 不是)."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.good_or_bad import ANSWERS

EN = {"scenario": "Two rumours", "language": "en", "seed": 5, "start": "2026-05-02T08:00", "tick": "1h",
      "characters": {"ada": {"name": "Ada", "role": "butcher", "pronoun": "she"},
                     "bea": {"name": "Bea", "role": "fishwife", "pronoun": "she"},
                     "cal": {"name": "Cal", "role": "stable lad", "pronoun": "he"},
                     "dan": {"name": "Dan", "role": "carter", "pronoun": "he"},
                     "eve": {"name": "Eve", "role": "miller's wife", "pronoun": "she"},
                     "p": {"name": "Pip", "player": True}},
      "relationships": [{"from": "ada", "to": "bea", "kind": "neighbour", "strength": 0.3, "mutual": True},
                        {"from": "ada", "to": "eve", "kind": "friend", "strength": 0.9, "mutual": True},
                        {"from": "ada", "to": "cal", "kind": "acquaintance", "strength": 0.5, "mutual": True}],
      "impressions": [{"holder": "ada", "about": "dan", "text": "a sly one", "valence": -0.6, "confidence": 0.8},
                      {"holder": "ada", "about": "cal", "text": "a good-hearted lad", "valence": 0.6, "confidence": 0.8}],
      "timeline": [{"at": 1, "say": {"speaker": "bea", "to": "ada", "about": "cal",
                                     "text": "Cal stole a ham from the shop last night."}},
                   {"at": 3, "say": {"speaker": "eve", "to": "ada", "about": "dan",
                                     "text": "Dan lied about the price of the coal."}}]}
ZH = {"scenario": "两个传闻", "language": "zh", "seed": 5, "start": "2026-05-02T08:00", "tick": "1h",
      "characters": {"wang": {"name": "王婶", "role": "卖肉的"}, "li": {"name": "李嫂", "role": "卖鱼的"},
                     "xiao": {"name": "小六", "role": "马夫"}, "chen": {"name": "老陈", "role": "赶车的"},
                     "zhou": {"name": "周嫂", "role": "磨坊的"}, "ke": {"name": "客人", "player": True}},
      "relationships": [{"from": "wang", "to": "li", "kind": "neighbour", "strength": 0.3, "mutual": True},
                        {"from": "wang", "to": "zhou", "kind": "friend", "strength": 0.9, "mutual": True}],
      "impressions": [{"holder": "wang", "about": "chen", "text": "滑头", "valence": -0.6, "confidence": 0.8},
                      {"holder": "wang", "about": "xiao", "text": "心眼好", "valence": 0.6, "confidence": 0.8}],
      "timeline": [{"at": 1, "say": {"speaker": "li", "to": "wang", "about": "xiao", "text": "小六昨晚从肉铺偷了一块火腿。"}},
                   {"at": 3, "say": {"speaker": "zhou", "to": "wang", "about": "chen", "text": "老陈卖煤的时候撒了谎。"}}]}


def _verdict(text: str, lang: str, *keys: str) -> bool:
    return any(text.startswith(p) for k in keys for p in ANSWERS[lang][k])


def test_do_you_believe_it_is_the_older_story_just_told() -> None:
    town = Town.from_scenario(EN)
    town.advance(4)
    assert "ham" in town.say("p", "ada", "What have you heard about Cal?").text
    assert "Bea" in town.say("p", "ada", "Who told you that?").text
    said = town.say("p", "ada", "Do you believe it?").text
    assert "ham" in said and "coal" not in said and "Eve" not in said, said


def test_do_you_believe_it_zh() -> None:
    town = Town.from_scenario(ZH)
    town.advance(4)
    assert "火腿" in town.say("ke", "wang", "小六怎么了？").text
    town.say("ke", "wang", "谁跟你说的？")
    said = town.say("ke", "wang", "你信吗？").text
    assert "火腿" in said and "煤" not in said, said


@pytest.mark.parametrize(("lang", "player", "npc", "bad_of_cold", "good_of_cold", "bad_of_warm"), [
    ("en", "p", "ada", "Is Dan a bad man?", "Is Dan a good man?", "Is Cal a bad lad?"),
    ("zh", "ke", "wang", "老陈是不是坏人？", "老陈是好人吗？", "小六是不是坏人？")])
def test_a_verdict_follows_the_impression_and_says_why(lang: str, player: str, npc: str, bad_of_cold: str,
                                                     good_of_cold: str, bad_of_warm: str) -> None:
    town = Town.from_scenario(EN if lang == "en" else ZH)
    town.advance(4)
    said = town.say(player, npc, bad_of_cold).text
    assert _verdict(said, lang, "yes"), said  # a sly one: yes, he is
    assert ("sly" in said) if lang == "en" else ("滑头" in said), said
    assert ("coal" in said and "Eve" in said) if lang == "en" else ("周嫂" in said), said  # and what I was told, by whom
    said = town.say(player, npc, good_of_cold).text
    assert _verdict(said, lang, "no_good"), said
    said = town.say(player, npc, bad_of_warm).text
    assert _verdict(said, lang, "no_bad"), said  # good-hearted, for all I was told
    assert ("ham" in said and "Bea" in said) if lang == "en" else ("火腿" in said and "李嫂" in said), said


@pytest.mark.parametrize(("lang", "player", "npc", "question"), [("en", "p", "ada", "Is Bea a liar?"),
                                                                 ("zh", "ke", "wang", "李嫂是个骗子吗？")])
def test_asking_whether_someone_else_is_a_liar_is_no_quarrel(lang: str, player: str, npc: str, question: str) -> None:
    """"Is Bea a liar?" was read as the player's insult: "I'm sorry you feel that way." (agents/intent.py)."""
    town = Town.from_scenario(EN if lang == "en" else ZH)
    town.advance(4)
    turn = town.say(player, npc, question)
    assert turn.route != "repair" and "conflict" not in turn.intents, (turn.text, turn.intents)


def test_what_was_heard_of_him_is_no_deed_to_deny() -> None:
    """你听说小六什么事了吗？ was "没听说有这回事。听李嫂说，小六昨晚…偷了一块火腿。": its 什么事 read as a deed asked after."""
    town = Town.from_scenario(ZH)
    town.advance(4)
    said = town.say("ke", "wang", "你听说小六什么事了吗？").text
    assert "火腿" in said and "没听说" not in said and "据我所知没有" not in said, said
