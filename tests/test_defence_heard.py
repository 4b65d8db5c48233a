"""A player standing up for the NPC is heard as a defence (agents/defence.py), en and zh: "Dot says you
stole the net. That's not true." drew "Is that what's being said about me?" (the rumour heard, the defence
not). Now: thanks (a stranger surprised by it), who said it, the NPC's own denial; an NPC that did the deed
takes the kindness and says no more; a plain report with no denial is still met as news about it."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.defence import defends_listener

EN = {"scenario": "Defence", "language": "en", "seed": 4, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"agn": {"name": "Agnes", "role": "net maker"}, "dot": {"name": "Dot", "role": "washerwoman"},
                     "ned": {"name": "Ned", "role": "fisherman"}, "p": {"name": "Robin", "player": True}},
      "relationships": [{"from": "ned", "to": "p", "kind": "friend", "strength": 0.8, "mutual": True}],
      "timeline": [{"at": 1, "happen": {"what": "Ned took Agnes's oar without asking", "actor": "ned", "witnesses": ["agn"]}}]}
ZH = {"scenario": "护", "language": "zh", "seed": 4, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"xiu": {"name": "秀姑", "role": "织网的"}, "wang": {"name": "王婆", "role": "洗衣的"},
                     "p": {"name": "阿远", "player": True}}}


@pytest.mark.parametrize(("text", "lang", "defends"), [
    ("Dot says you stole the net. That's not true.", "en", True),
    ("I know you didn't take it.", "en", True),
    ("People are saying you cheated at cards, but I don't believe a word of it.", "en", True),
    ("Dot says you stole the net.", "en", False),
    ("That's not true, the river is high.", "en", False),
    ("王婆说你偷了渔网，那不是真的。", "zh", True),
    ("大家都说你多收钱，我才不信。", "zh", True),
    ("王婆说你偷了渔网。", "zh", False),
])
def test_what_a_defence_is(text: str, lang: str, defends: bool) -> None:
    assert defends_listener(text, lang) is defends


@pytest.fixture(scope="module")
def en() -> Town:
    town = Town.from_scenario(EN)
    town.advance(2)
    return town


def test_a_stranger_defending_the_npc_is_thanked_and_the_rumour_denied(en: Town) -> None:
    said = en.say("p", "agn", "Dot says you stole the net. That's not true.").text
    assert "Is that what's being said" not in said and "not fair" not in said, said
    assert "Thank" in said and "Dot" in said and "never stole the net" in said, said


def test_a_guilty_npc_takes_the_kindness_and_denies_nothing(en: Town) -> None:
    said = en.say("p", "ned", "Agnes says you took her oar. I don't believe it.").text
    assert "kind" in said.lower() and "never" not in said and "isn't true" not in said, said


def test_a_report_without_a_defence_is_still_news(en: Town) -> None:
    said = en.say("p", "agn", "Dot says you cut the ferry rope.").text
    assert "Thank" not in said, said


def test_a_defence_zh() -> None:
    town = Town.from_scenario(ZH)
    town.advance(2)
    said = town.say("p", "xiu", "王婆说你偷了渔网，那不是真的。").text
    assert "谢谢" in said and "王婆" in said and "没偷" in said and "外头是这么说我的" not in said, said
