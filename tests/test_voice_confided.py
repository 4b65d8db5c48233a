"""Something of the player's own, whispered ("我其实很怕回老家，我爹不认我了", "My father disowned me."),
is taken up ("这样啊。怎么想到这个了？"), not chatted past ("今天还算清闲。你那边有什么新鲜事吗？"); and a
take-up said a second time is said again, never as a recap ("就像我刚才说的，哦？出什么事了吗？")."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES

ZH = """
scenario: 磨坊村
language: zh
seed: 0
start: 2026-04-01T08:00
tick: 1h
characters:
  wangpo: {name: 王婆, role: 卖茶的老婆婆}
  lvke: {name: 旅客, player: true}
"""

EN = """
scenario: Mill lane
language: en
seed: 0
characters:
  bram: {name: Bram, role: miller}
  lin: {name: Lin, player: true}
"""

CASES = {"zh": (ZH, "lvke", "wangpo", ("我其实很怕回老家，我爹不认我了。", "我爹不认我了。", "我真的不想走了。", "我有点怕黑。")),
         "en": (EN, "lin", "bram", ("My father disowned me.", "Honestly, I never wanted to leave.", "My father disowned me."))}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_their_own_trouble_is_taken_up_and_never_recapped(lang: str) -> None:
    text, player, npc, lines = CASES[lang]
    taken = PHRASES[lang]["confided"] + PHRASES[lang]["noted"]
    for seed in range(3):
        town = Town.from_scenario(text.replace("seed: 0", f"seed: {seed}"))
        town.advance(2)
        for words in lines:
            said = town.say(player, npc, words, private=True).text
            assert said in taken, (words, said)
