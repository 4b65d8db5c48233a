""""你爹" / "你爸爸" is the NPC's father, by its family tie and role (newcomer K-6): 阿秀, 钱师傅's daughter,
answered "你爹是不是骂二柱了？" with "不是我，没有的事。" (the 你 read as accusing her) and "你爸爸最近心情怎么样？"
with "还行，酒卖得还可以。" (her trade)."""

from __future__ import annotations

from townsfolk import Town

CAST = {"qian": {"name": "钱师傅", "role": "酒坊掌柜"}, "xiu": {"name": "阿秀", "role": "钱师傅的女儿，在柜台卖酒"},
        "erzhu": {"name": "二柱", "role": "学徒"}, "pang": {"name": "胖婶", "role": "邻居"},
        "me": {"name": "过客", "player": True}}


def test_your_dad_is_her_father_not_her():
    town = Town.from_scenario({
        "scenario": "jiufang", "language": "zh", "seed": 1, "start": "2026-05-11T07:00", "tick": "1h", "place": "酒坊",
        "characters": CAST, "relationships": [{"from": "qian", "to": "xiu", "kind": "family", "strength": 0.9,
                                               "mutual": True}],
        "timeline": [{"at": 0, "happen": {"what": "二柱没把酒缸封好，一缸米酒放酸了", "actor": "erzhu",
                                          "witnesses": ["qian"], "valence": -0.4}}]})
    town.advance(2)
    text = town.say("me", "xiu", "你爹是不是骂二柱了？").text
    assert "不是我" not in text and "没有的事" not in text, text
    text = town.say("me", "xiu", "你爸爸最近心情怎么样？").text
    assert "钱师傅" in text and "卖得" not in text, text
    text = town.say("me", "xiu", "你爹人怎么样？").text
    assert "钱师傅" in text and "不在场" not in text and "没在那儿" not in text, text
