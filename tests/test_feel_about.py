""""How do you feel about Finn?" / 你现在对阿福什么感觉？ asks for the feeling: said first (mixed, good, bad) before
the tie and the story (it was the tie and a persona, no feeling; zh not read as an opinion at all)."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from townsfolk import Town

EN = """
scenario: foundry
language: en
characters:
  bram: {name: Bram, role: foundry master}
  finn: {name: Finn, role: furnace keeper}
  tess: {name: Tess, role: bell tuner}
  olly: {name: Olly, role: apprentice}
  pilgrim: {name: Pilgrim, player: true}
relationships:
  - {from: bram, to: finn, kind: colleague, strength: 0.7, mutual: true}
  - {from: bram, to: tess, kind: colleague, strength: 0.7, mutual: true}
impressions:
  - {holder: bram, about: finn, text: dependable, valence: 0.6, confidence: 0.7}
  - {holder: bram, about: tess, text: exacting but fair, valence: 0.5, confidence: 0.7}
timeline:
  - {at: 1, say: {speaker: olly, to: bram, about: finn, text: Finn let the fire drop and the bell cracked}}
  - {at: 2, meet: [bram, finn]}
"""

ZH = """
scenario: 戏班
language: zh
characters:
  laozhou: {name: 老周, role: 班主}
  afu: {name: 阿福, role: 琴师}
  douzi: {name: 豆子, role: 徒弟}
  ke: {name: 看客, player: true}
relationships:
  - {from: laozhou, to: afu, kind: colleague, strength: 0.7, mutual: true}
impressions:
  - {holder: laozhou, about: afu, text: 靠得住, valence: 0.6, confidence: 0.7}
timeline:
  - {at: 1, say: {speaker: douzi, to: laozhou, about: afu, text: 阿福干活马虎，把弦拉断了}}
  - {at: 2, meet: [laozhou, afu]}
"""


def _town(tmp_path: Path, text: str) -> Town:
    return town_of(tmp_path, text, 3)


def test_en_feeling_first(tmp_path: Path) -> None:
    town = _town(tmp_path, EN)
    said = town.say("pilgrim", "bram", "How do you feel about Finn?").text
    assert said.startswith(("Finn? Good and bad", "Mixed feelings about Finn")), said
    said = town.say("pilgrim", "bram", "How do you feel about Tess?").text
    assert said.startswith(("Tess? A decent sort", "I like Tess")), said


def test_zh_feeling_first(tmp_path: Path) -> None:
    said = _town(tmp_path, ZH).say("ke", "laozhou", "你现在对阿福什么感觉？").text
    assert said.startswith(("阿福啊，有好有坏", "说起阿福，我心里有好有坏")), said
