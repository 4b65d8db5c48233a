"""zh reported speech: someone else's 我 is not the speaker's. 小芳 told 王婶 "我好像看见…"; 王婶
retelling it says 小芳跟我说自己好像看见…, never 小芳跟我说我好像看见…; the belief reads 小芳说自己…
without nested quotation marks; what 小芳 herself says of it keeps her 我 (the control)."""

from __future__ import annotations

from townsfolk.agents.grammar_zh import heard_from, unquote
from townsfolk.memory.pronouns import can_report_zh, reported_zh
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

WORLD = """
scenario: 晒谷场的闲话
language: zh
seed: 5
characters:
  ahua: {name: 阿花, role: 晒谷的姑娘}
  liushen: {name: 刘婶, role: 邻居}
  shuisheng: {name: 水生, role: 放牛娃}
  ke: {name: 过路人, player: true}
relationships:
  - {from: liushen, to: shuisheng, kind: neighbour, strength: 0.6}
timeline:
  - {at: 1, say: {speaker: ahua, to: liushen, about: shuisheng, text: 我好像看见水生昨晚在谷堆边转悠}}
  - {at: 2, ask: {player: ke, npc: liushen, text: 刘婶，最近有什么传闻吗？}}
  - {at: 3, ask: {player: ke, npc: ahua, text: 阿花，你那天晚上真看见水生了吗？}}
"""


def test_the_words_become_reported_speech() -> None:
    assert reported_zh("我好像看见水生了。") == "自己好像看见水生了"
    assert reported_zh("你家的牛跑了", to_me=True) == "我家的牛跑了"
    assert reported_zh("我们都看见了") == "我们都看见了"  # 我们 is not the speaker alone
    assert reported_zh("我看见你了", to_me=True) == "自己看见我了"  # swapped at once, not twice
    assert not can_report_zh("他说：“我来了”") and not can_report_zh("我来了。你走吧。")
    assert unquote("阿花跟我说：“我好像看见水生了”") == "阿花跟我说自己好像看见水生了"
    assert unquote("我跟刘婶说：“我好像看见水生了”") == "我跟刘婶说我好像看见水生了"  # my own words
    assert heard_from("我丢了一只鸡") == "丢了一只鸡"  # 小芳跟我说丢了一只鸡: a leading 自己 unsaid
    assert heard_from("你欠我的钱", "阿花") == "我欠阿花的钱"
    assert reported_zh("你欠我的钱", to_me=True, name="阿花") == "我欠阿花的钱"


def test_a_retelling_keeps_whose_i_it_is() -> None:
    result = play(parse_scenario(WORLD))
    belief = next(e for e in result.log if e.kind == "belief")
    assert "阿花说自己好像看见水生" in belief.text and "“" not in belief.text, belief.text
    replies = [e.text for e in result.log if e.kind == "reply"]
    liushen, ahua = replies
    assert "阿花跟我说我" not in liushen and "阿花说：“" not in liushen, liushen
    assert "好像看见水生" in liushen and "我好像看见水生" not in liushen, liushen  # 阿花 saw it (unsaid)
    assert "我好像看见水生" in ahua, ahua  # her own words keep her 我
