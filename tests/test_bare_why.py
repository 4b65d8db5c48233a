"""A bare "Why?" / "为什么" after a question about someone asks why I see them so (agents/bare_why.py), en
and zh: Wynn, asked "What do you think of Ida?" then "Why?", said "No idea, sorry. Nobody's told me."; 林掌柜,
asked 你怎么看周先生 then 为什么, said 这事我没听说过. Now the why is answered from what I heard of them."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.bare_why import is_bare_why, resolve_why

EN = {"scenario": "Glassworks", "language": "en", "seed": 4, "start": "2026-05-11T07:00", "tick": "1h",
      "characters": {"ida": {"name": "Ida", "role": "glassblower"}, "colm": {"name": "Colm", "role": "apprentice"},
                     "wynn": {"name": "Wynn", "role": "furnace keeper"}, "p": {"name": "Sam", "player": True}},
      "relationships": [{"from": "wynn", "to": "ida", "kind": "colleague", "strength": 0.5, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "colm", "to": "wynn", "about": "ida", "text": "Ida says you are lazy"}}]}
ZH = {"scenario": "书院", "language": "zh", "seed": 4, "start": "2026-05-11T07:00", "tick": "1h",
      "characters": {"zhou": {"name": "周先生", "role": "教书先生"}, "sun": {"name": "孙婶", "role": "厨娘"},
                     "lin": {"name": "林掌柜", "role": "卖笔墨的"}, "p": {"name": "过客", "player": True}},
      "relationships": [{"from": "lin", "to": "zhou", "kind": "customer", "strength": 0.6, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "sun", "to": "lin", "about": "zhou", "text": "周先生嫌你马虎"}}]}


def test_what_a_bare_why_is() -> None:
    assert is_bare_why("Why?", "en") and is_bare_why("why do you say that?", "en") and is_bare_why("How come?", "en")
    assert not is_bare_why("Why is the furnace cold?", "en")
    assert is_bare_why("为什么", "zh") and is_bare_why("为什么呢？", "zh") and is_bare_why("你为什么这么说", "zh")
    assert not is_bare_why("为什么炉子凉了", "zh")
    names = {"ida": "Ida", "colm": "Colm"}
    assert resolve_why("Why?", "What do you think of Ida?", names, "en") == "Why do you feel that way about Ida?"
    assert resolve_why("Why?", "How is the weather?", names, "en") == "Why?"  # nobody named: left as it was
    assert resolve_why("Why?", None, names, "en") == "Why?"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_why_after_asking_about_someone_is_answered(lang: str) -> None:
    town = Town.from_scenario(EN if lang == "en" else ZH)
    town.play_tick(1)
    npc, first = ("wynn", "What do you think of Ida?") if lang == "en" else ("lin", "你怎么看周先生")
    town.say("p", npc, first)
    said = town.say("p", npc, "Why?" if lang == "en" else "为什么").text
    assert ("Colm" in said) if lang == "en" else ("孙婶" in said), said
    assert "Nobody's told me" not in said and "没听说过" not in said and "说不上来" not in said, said
