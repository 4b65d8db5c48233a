"""A player's words about others, read right (sim/player_tells.py, agents/plea.py): "you" is the
listener, so "He thinks you cheated him" is that person's view of the listener, not a wrong of
theirs; the listener's name said to them is no part of what is kept or said back, and their "you"
is kept as them; a zh plea "你别罚她" is weighed like "go easy on her". zh and en."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.plea import PHRASES

BRIDGE = {"scenario": "The toll", "language": "en", "seed": 3, "start": "2026-10-04T08:00", "tick": "1h",
          "characters": {"hobb": {"name": "Hobb", "role": "toll keeper"}, "brannock": {"name": "Brannock", "role": "miller"},
                         "ysolde": {"name": "Ysolde", "role": "rigger"}, "pip": {"name": "Pip", "role": "boy"},
                         "sel": {"name": "Sel", "role": "traveller", "player": True}},
          "relationships": [{"from": "brannock", "to": "hobb", "kind": "neighbour", "strength": 0.6, "mutual": True},
                            {"from": "ysolde", "to": "pip", "kind": "friend", "strength": 0.6, "mutual": True}],
          "timeline": [{"at": 1, "happen": {"what": "Pip dropped Ysolde's lantern and broke it", "actor": "pip",
                                            "witnesses": ["hobb"], "valence": -0.3}},
                       {"at": 2, "gossip": {"teller": "hobb", "to": "ysolde", "about": "pip"}}]}
KILN = {"scenario": "窑口", "language": "zh", "seed": 4, "start": "2026-10-04T08:00", "tick": "1h",
        "characters": {"ahai": {"name": "阿海", "role": "窑工"}, "laosun": {"name": "老孙", "role": "铁匠"},
                       "zhou": {"name": "周掌柜", "role": "掌柜"}, "xiaotao": {"name": "小桃", "role": "学徒"},
                       "wupo": {"name": "吴婆", "role": "邻居"}, "youke": {"name": "游客", "role": "游客", "player": True}},
        "relationships": [{"from": "laosun", "to": "ahai", "kind": "neighbour", "strength": 0.6, "mutual": True},
                          {"from": "zhou", "to": "xiaotao", "kind": "colleague", "strength": 0.5, "mutual": True}],
        "timeline": [{"at": 1, "happen": {"what": "小桃把周掌柜的药称多了半两", "actor": "xiaotao", "witnesses": ["wupo"],
                                          "valence": -0.3}},
                     {"at": 2, "gossip": {"teller": "wupo", "to": "zhou", "about": "xiaotao"}}]}


def _town(spec: dict) -> Town:
    town = Town.from_scenario(spec)
    town.advance(2)
    return town


def _told(town: Town, npc: str, about: str, player: str) -> list:
    return [b for b in town.memory.beliefs_of(npc, about) if b.told_by == player]


def test_he_thinks_you_cheated_him_is_his_view_of_the_listener_not_his_wrong() -> None:
    en = _town(BRIDGE)
    en.say("sel", "hobb", "Brannock is upset with you. He thinks you cheated him.")
    told = _told(en, "hobb", "brannock", "sel")
    assert told and all(b.claim.is_attitude and b.claim.target == "hobb" for b in told), [b.claim for b in told]
    assert "you" not in (told[0].claim.quote or "").lower().split()
    zh = _town(KILN)
    zh.say("youke", "ahai", "老孙在生你的气。他觉得你骗了他。")
    told = _told(zh, "ahai", "laosun", "youke")
    assert told and all(b.claim.is_attitude and b.claim.target == "ahai" for b in told), [b.claim for b in told]


def test_the_vocative_is_dropped_and_the_listeners_you_kept_as_them() -> None:
    en = _town(BRIDGE)
    en.say("sel", "pip", "Pip, Ysolde seems upset with you.")
    told = _told(en, "pip", "ysolde", "sel")
    assert told and told[0].claim.quote == "Ysolde seems upset with Pip", told[0].claim.quote
    said = en.say("sel", "pip", "What did I tell you about Ysolde?").text
    assert "Pip," not in said and "upset with me" in said, said
    zh = _town(KILN)
    zh.say("youke", "ahai", "阿海，老孙好像在生你的气")
    told = _told(zh, "ahai", "laosun", "youke")
    assert told and told[0].claim.quote == "老孙好像在生阿海的气", told[0].claim.quote
    said = zh.say("youke", "ahai", "我跟你说过老孙什么？").text
    assert "阿海，" not in said and "生我的气" in said, said


def test_a_zh_plea_not_to_punish_is_weighed_like_the_en_plea() -> None:
    for spec, player, npc, about, words in ((KILN, "youke", "zhou", "xiaotao", "小桃不是故意的，你别罚她。"),
                                            (BRIDGE, "sel", "ysolde", "pip", "Pip didn't mean it, don't punish him.")):
        town = _town(spec)
        before = sum(e.strength for e in town.world.graph.edges_between(npc, about))
        said = town.say(player, npc, words).text
        told = _told(town, npc, about, player)
        assert told and told[0].claim.quote in ("小桃不是故意的", "Pip didn't mean it"), [b.claim.quote for b in told]
        lang = spec["language"]
        assert any(p.split("{")[0] in said for k in PHRASES[lang] for p in PHRASES[lang][k]), said  # weighed
        if lang == "zh":  # no blame from someone more trusted: the tie eases, with the player's word as cause
            assert sum(e.strength for e in town.world.graph.edges_between(npc, about)) > before, said
