"""A ferry landing's morning market asked as a customer would (helper trade, session 25, zh): 两个人呢？ after
the fare was 这事我没听说过。, 磨一把刀多少钱？ priced 铁活 instead of 磨刀, 能帮我钉个马掌吗？ was answered 有，
(as if asked 有没有), 能帮我打一把锄头吗？ 有，铁活…, 来两块豆腐。 served 块豆腐, and 豆腐 was sold by the 份."""

from __future__ import annotations

from townsfolk import Town


def _town() -> Town:
    town = Town.from_scenario({"scenario": "渡口", "language": "zh", "seed": 5, "start": "2026-06-06T07:00",
                               "tick": "1h", "place": "渡口", "timeline": [], "characters": {
                                   "zhao": {"name": "赵船家", "role": "摆渡的艄公"},
                                   "tie": {"name": "铁老三", "role": "铁匠"},
                                   "ma": {"name": "马嫂", "role": "卖豆腐的"},
                                   "ke": {"name": "过客", "player": True}}})
    town.advance(1)
    return town


def test_a_ferry_and_a_smithy_answer_a_customer() -> None:
    town = _town()
    fare = town.say("ke", "zhao", "过河多少钱？").text
    said = town.say("ke", "zhao", "两个人呢？").text
    assert "两个人" in said and "一共" in said, (fare, said)
    said = town.say("ke", "tie", "磨一把刀多少钱？").text
    assert "磨刀" in said and "铁活" not in said, said
    said = town.say("ke", "tie", "能帮我钉个马掌吗？").text
    assert not said.startswith("有") and "马掌" in said, said
    said = town.say("ke", "tie", "能帮我打一把锄头吗？").text
    assert not said.startswith("有") and "锄头" in said and "文" in said, said
    said = town.say("ke", "ma", "来两块豆腐。").text
    assert "块豆腐" not in said and "豆腐" in said, said
    assert "一块" in town.say("ke", "ma", "豆腐多少钱？").text
