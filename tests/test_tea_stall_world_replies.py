"""Read as a player in a world of my own (the ferry tea stall, zh; the orchard, en): what read wrong.

孙婆 keeps a tea stall at the ferry (渡口摆茶摊的), saw 孟掌柜 give her short weight and told 兰姑 of it:
一壶茶多少钱？ was "茶我这儿没有，我卖过河。" (the 渡 of 渡口 read as the ferry trade, the role's head 茶摊 last);
你为什么对孟掌柜这么冷淡？ gave her own telling to 兰姑 as the reason (not the short weight she saw);
孟掌柜缺斤短两是真的吗？ was "我一直觉得孟掌柜抠门。" (only a bare 是真的吗 was a truth question: the one she
saw is "是真的，我亲眼看见的。"); 赵船家是你什么人？ was a recap of what he told her, and "What is Owen to you?"
the tie with everything else after it."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.is_it_true import ANSWERS

STALL = {"scenario": "茶摊", "language": "zh", "seed": 13, "start": "2026-09-10T07:00", "tick": "1h",
         "characters": {"sun": {"name": "孙婆", "role": "渡口摆茶摊的"}, "zhao": {"name": "赵船家", "role": "撑渡船的"},
                        "xiaohu": {"name": "小虎", "role": "船家的徒弟"}, "meng": {"name": "孟掌柜", "role": "杂货铺掌柜"},
                        "lan": {"name": "兰姑", "role": "绣娘"}, "ke": {"name": "旅人", "player": True}},
         "relationships": [{"from": "sun", "to": "zhao", "kind": "neighbour", "strength": 0.7, "mutual": True},
                           {"from": "sun", "to": "lan", "kind": "friend", "strength": 0.8, "mutual": True}],
         "timeline": [{"at": 0, "happen": {"what": "小虎忘了拴船，渡船漂走了", "actor": "xiaohu", "witnesses": ["zhao"],
                                           "valence": -0.4}},
                      {"at": 1, "say": {"speaker": "zhao", "to": "sun", "about": "xiaohu",
                                        "text": "小虎忘了拴船，船差点漂到下游去。"}},
                      {"at": 3, "happen": {"what": "孟掌柜给孙婆的茶叶缺斤短两", "actor": "meng", "witnesses": ["sun"],
                                           "valence": -0.4}},
                      {"at": 4, "gossip": {"teller": "sun", "to": "lan", "about": "meng"}}]}


def _town() -> Town:
    town = Town.from_scenario(STALL)
    town.advance(5)
    return town


def test_a_tea_stall_at_the_ferry_sells_tea() -> None:
    said = _town().say("ke", "sun", "一壶茶多少钱？").text
    assert "文" in said and "过河" not in said, said


def test_why_cold_is_what_i_saw_not_my_telling_of_it() -> None:
    said = _town().say("ke", "sun", "你为什么对孟掌柜这么冷淡？").text
    assert "缺斤短两" in said and "跟兰姑" not in said, said


def test_is_the_named_claim_true() -> None:
    town = _town()
    assert town.say("ke", "sun", "孟掌柜缺斤短两是真的吗？").text == ANSWERS["zh"]["saw"]
    assert town.say("ke", "sun", "小虎忘了拴船是真的吗？").text == ANSWERS["zh"]["sure"].format(teller="赵船家")


def test_what_is_he_to_you_is_the_tie() -> None:
    said = _town().say("ke", "sun", "赵船家是你什么人？").text
    assert said.startswith("赵船家是我邻居") and "小虎" not in said, said
    town = Town.from_scenario({"scenario": "o", "language": "en", "seed": 1,
                               "characters": {"nora": {"name": "Nora"}, "owen": {"name": "Owen"}, "finn": {"name": "Finn"},
                                              "me": {"name": "Sam", "player": True}},
                               "relationships": [{"from": "nora", "to": "owen", "kind": "neighbour", "strength": 0.7}],
                               "timeline": [{"at": 0, "say": {"speaker": "owen", "to": "nora", "about": "finn",
                                                              "text": "Finn stole the pears."}}]})
    town.advance(1)
    said = town.say("me", "nora", "What is Owen to you?").text
    assert "near me" in said and "pears" not in said, said


def test_the_witness_who_told_it_on_saw_it() -> None:
    """赵船家 saw 小虎 forget the boat and told 孙婆; after 小虎怎么了？ his 你亲眼看见了吗？ was "没有，我没亲眼看见。":
    the story his reply said most of was his own telling to 孙婆 (agents/last_story.py)."""
    town = _town()
    assert "拴船" in town.say("ke", "zhao", "小虎怎么了？").text
    said = town.say("ke", "zhao", "你亲眼看见了吗？").text
    assert not said.startswith(("没有", "我当时不在场")) and "拴船" in said, said


def test_what_is_he_to_you_with_no_tie_is_how_i_know_him() -> None:
    """小虎是你什么人？ of one 孙婆 has no tie to drew a recap of what she holds of him."""
    from townsfolk.agents.voice_phrases import PHRASES
    town = Town.from_scenario({**STALL, "impressions": [{"holder": "sun", "about": "xiaohu", "text": "机灵",
                                                         "valence": 0.4, "confidence": 0.6}]})
    town.advance(5)
    said = town.say("ke", "sun", "小虎是你什么人？").text
    assert said in [p.format(about="小虎") for p in PHRASES["zh"]["tie_none"]], said
