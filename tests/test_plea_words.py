"""A plea that speaks for the person without the word "accident" is still a plea with testimony
(agents/plea.py clearing_words, sim/mediation.py hear_plea): "It was the sheep, not him", "she's a good
lass", "he meant no harm", "不是她弄的", "她也吓坏了" become the NPC's belief told by the player."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.plea import clearing_words

MEADOW = {"scenario": "The meadow", "language": "en", "seed": 7, "start": "2026-05-12T07:00", "tick": "1h",
          "characters": {"marta": {"name": "Marta Reed", "role": "beekeeper", "persona": "Proud of her bees."},
                         "colm": {"name": "Colm", "role": "shepherd boy", "persona": "Shy and clumsy."},
                         "ida": {"name": "Ida Fenn", "role": "miller", "persona": "Loves a story."},
                         "p": {"name": "Sable", "player": True}},
          "relationships": [{"from": "marta", "to": "ida", "kind": "friend", "strength": 0.6, "mutual": True}],
          "timeline": [{"at": 1, "happen": {"what": "Colm's sheep knocked over two of Marta's hives", "actor": "colm",
                                            "witnesses": ["ida"], "valence": -0.5}},
                       {"at": 2, "gossip": {"teller": "ida", "to": "marta", "about": "colm"}}]}
MILL = {"scenario": "磨坊", "language": "zh", "seed": 11, "start": "2026-03-02T06:00", "tick": "1h",
        "characters": {"zhou": {"name": "老周", "role": "豆腐坊老板", "persona": "勤快"},
                       "fang": {"name": "小芳", "role": "学徒", "persona": "腼腆"},
                       "pang": {"name": "胖婶", "role": "邻居", "persona": "爱打听"},
                       "p": {"name": "小满", "player": True}},
        "relationships": [{"from": "pang", "to": "zhou", "kind": "neighbour", "strength": 0.6, "mutual": True}],
        "timeline": [{"at": 1, "happen": {"what": "小芳推磨时把磨盘磕裂了", "actor": "fang", "witnesses": ["pang"],
                                          "valence": -0.5}},
                     {"at": 2, "gossip": {"teller": "pang", "to": "zhou", "about": "fang"}}]}


@pytest.mark.parametrize("text", ["Colm is a good lad. It was the sheep, not him. Go easy on him.",
                                  "Go easy on Colm, he meant no harm.",
                                  "Don't blame Colm; it wasn't him, the gate was open."])
def test_an_en_plea_without_accident_words_is_heard_as_testimony(text: str) -> None:
    town = Town.from_scenario(MEADOW)
    town.advance(2)
    town.say("p", "marta", text)
    heard = [b for b in town.memory.beliefs_of("marta", "colm") if b.told_by == "p"]
    assert heard and heard[0].claim.quote and heard[0].claim.quote in text, text


@pytest.mark.parametrize(("text", "quote"), [("小芳不是故意的，她也吓坏了，您别骂她。", "不是故意"),
                                             ("您别骂小芳了，不是她弄的。", "不是她弄的"),
                                             ("您就原谅小芳吧，她也很后悔。", "后悔")])
def test_a_zh_plea_is_heard_as_testimony(text: str, quote: str) -> None:
    town = Town.from_scenario(MILL)
    town.advance(2)
    town.say("p", "zhou", text)
    heard = [b for b in town.memory.beliefs_of("zhou", "fang") if b.told_by == "p"]
    assert heard and quote in (heard[0].claim.quote or ""), text


def test_the_clearing_words_keep_each_word_for_the_person() -> None:
    assert clearing_words("Colm is a good lad. It was the sheep, not him. Go easy on him.", "en") == \
        "Colm is a good lad. It was the sheep, not him"
    assert clearing_words("小芳不是故意的，她也吓坏了，您别骂她。", "zh") == "小芳不是故意的，她也吓坏了"
    assert clearing_words("Go easy on Colm.", "en") is None
