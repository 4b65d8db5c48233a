"""Questions from a zh world of my own (session 25, a tea house: 刘掌柜 short-changed 老马 before his niece
小玉's eyes). "刘掌柜是你什么人？" to 小玉 got "这事我不好多说。" and "你侄女最近怎么样？" to 刘掌柜 got "这不是我该说的。":
bad news kept from a stranger was found in a tie question, and in his own deed that she only witnessed."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.confidences import KEPT_FOR_THEM

CAST = {"liu": {"name": "刘掌柜", "role": "茶馆掌柜"}, "xiaoyu": {"name": "小玉", "role": "刘掌柜的侄女，跑堂"},
        "laoma": {"name": "老马", "role": "挑水的"}, "me": {"name": "过客", "player": True}}


def test_the_tie_and_the_niece_are_not_kept_back():
    town = Town.from_scenario({
        "scenario": "chaguan", "language": "zh", "seed": 5, "start": "2026-06-02T07:00", "tick": "1h", "place": "茶馆",
        "characters": CAST, "relationships": [{"from": "liu", "to": "xiaoyu", "kind": "family", "strength": 0.9,
                                               "mutual": True}],
        "timeline": [{"at": 0, "happen": {"what": "刘掌柜少找了老马五文钱", "actor": "liu", "about": "laoma",
                                          "witnesses": ["laoma", "xiaoyu"], "valence": -0.4}}]})
    town.advance(2)
    kept = KEPT_FOR_THEM["zh"]
    text = town.say("me", "xiaoyu", "刘掌柜是你什么人？").text
    assert text.startswith("刘掌柜是我") and not any(k in text for k in kept), text
    text = town.say("me", "liu", "你侄女最近怎么样？").text
    assert not any(k in text for k in kept), text
