""""Do you believe her?" / 你信她的话吗？ is answered from the belief it asks after (agents/believe_question.py).

Found by the coordinator and the newcomers (C-1, N-14, N-33): after "Who told you that?" -> "Wren told me.",
Tobin met "Do you believe her?" with "No idea, sorry. Nobody's told me."; 小桃 met 你信她的话吗？ with
"没有，不是我干的。". Now: how sure, by the belief's credibility, then what the teller said."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.believe_question import ANSWERS, asks_if_i_believe, how_sure, telling_asked
from townsfolk.agents.llm.protocol import GroundingItem

EN = {"scenario": "Press", "language": "en", "seed": 11, "start": "2026-09-20T07:00", "tick": "1h",
      "characters": {"maud": {"name": "Maud", "role": "orchard keeper"}, "wren": {"name": "Wren", "role": "carter"},
                     "esk": {"name": "Esk", "role": "beekeeper"},
                     "tobin": {"name": "Tobin", "role": "press hand"}, "you": {"name": "Rowan", "player": True}},
      "relationships": [{"from": "tobin", "to": "wren", "kind": "friend", "strength": 0.5, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "esk", "to": "tobin", "about": "maud", "text": "Maud lost her hat"}},
                   {"at": 2, "say": {"speaker": "wren", "to": "tobin", "about": "maud",
                                     "text": "Maud says you are careless"}}]}
ZH = {"scenario": "染坊", "language": "zh", "seed": 4, "start": "2026-04-10T08:00", "tick": "1h",
      "characters": {"zhou": {"name": "周掌柜", "role": "染坊掌柜"}, "li": {"name": "李嫂", "role": "卖豆腐的"},
                     "shui": {"name": "阿水", "role": "挑水的"},
                     "tao": {"name": "小桃", "role": "学徒"}, "ke": {"name": "客人", "player": True}},
      "relationships": [{"from": "tao", "to": "li", "kind": "friend", "strength": 0.5, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "shui", "to": "tao", "about": "zhou", "text": "周掌柜丢了一把伞"}},
                   {"at": 2, "say": {"speaker": "li", "to": "tao", "about": "zhou", "text": "周掌柜嫌你马虎"}}]}


def _opens_with_a_verdict(text: str, lang: str) -> bool:
    return any(text.startswith(o.split("{")[0]) for key in ("sure", "half", "doubt") for o in ANSWERS[lang][key])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_do_you_believe_her_after_who_told_you(lang: str) -> None:
    town = Town.from_scenario(EN if lang == "en" else ZH)
    town.advance(2)
    player, npc = ("you", "tobin") if lang == "en" else ("ke", "tao")
    who = town.say(player, npc, "Who told you that?" if lang == "en" else "谁跟你说的？").text
    assert ("Wren" if lang == "en" else "李嫂") in who, who
    said = town.say(player, npc, "Do you believe her?" if lang == "en" else "你信她的话吗？").text
    assert _opens_with_a_verdict(said, lang), said
    assert ("careless" in said) if lang == "en" else ("马虎" in said), said  # what she told me, not the hat
    named = town.say(player, npc, "Do you believe Esk?" if lang == "en" else "你信阿水的话吗？").text
    assert ("hat" in named) if lang == "en" else ("伞" in named), named  # the named teller's telling


def test_what_is_asked_and_how_sure() -> None:
    assert asks_if_i_believe("Do you believe her?", "en") and asks_if_i_believe("Did you trust him?", "en")
    assert asks_if_i_believe("你信吗？", "zh") and asks_if_i_believe("你真的相信他说的吗？", "zh")
    assert not asks_if_i_believe("你信任谁？", "zh") and not asks_if_i_believe("Do you believe in ghosts?", "en")
    assert (how_sure(0.8), how_sure(0.5), how_sure(0.3)) == ("sure", "half", "doubt")

    def told(teller: str, tick: int, **extra: object) -> GroundingItem:
        return GroundingItem(kind="belief", id=f"{teller}{tick}", text="x", about="m", valence=-0.3,
                             meta={"source": "told", "teller_name": teller, "tick": tick, **extra})
    items = [told("Ann", 1, asked_before=True), told("Bo", 5), told("Cy", 3, from_listener=True)]
    assert telling_asked(items, "Do you believe her?", "en", []).id == "Ann1"  # the one my last answer drew on
    assert telling_asked(items, "Do you believe Bo?", "en", ["Bo"]).id == "Bo5"
    assert telling_asked(items, "Do you believe me?", "en", []).id == "Cy3"  # the asker's own
