""""Whose fault was it?" / 这事怪谁？ names nobody: the NPC names whom it holds to blame for the trouble it
knows of (it said "Can't say I know" / 我还真不知道: the question shares no word with any memory), a
misfortune is nobody's, and an NPC with no trouble held still says it doesn't know."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from townsfolk import Town

EN = """
scenario: foundry
language: en
characters:
  tess: {name: Tess, role: bell tuner}
  finn: {name: Finn, role: furnace keeper}
  olly: {name: Olly, role: apprentice}
  bo: {name: Bo, role: carter}
  ada: {name: Ada, role: miller}
  pilgrim: {name: Pilgrim, player: true}
timeline:
  - {at: 1, happen: {what: Finn let the furnace go cold and the new bell cracked, actor: finn, witnesses: [tess], valence: -0.5}}
  - {at: 1, happen: {what: The mill caught fire in the night and burned down, actor: ada, witnesses: [bo], valence: -0.6}}
"""

ZH = """
scenario: 戏班
language: zh
characters:
  hongyu: {name: 红玉, role: 花旦}
  afu: {name: 阿福, role: 琴师}
  douzi: {name: 豆子, role: 小徒弟}
  ke: {name: 看客, player: true}
timeline:
  - {at: 1, happen: {what: 阿福拉错了调，红玉当众出了丑, actor: afu, witnesses: [hongyu], valence: -0.5}}
"""


def _town(tmp_path: Path, text: str) -> Town:
    return town_of(tmp_path, text, 2)


def test_en_whose_fault(tmp_path: Path) -> None:
    town = _town(tmp_path, EN)
    said = town.say("pilgrim", "tess", "Whose fault was it?").text
    assert said.startswith(("Finn's, I'd say", "I'd put it on Finn")) and "bell" in said, said
    said = town.say("pilgrim", "bo", "Who was to blame?").text
    assert said.startswith("Nobody's, really") and "mill" in said, said
    said = town.say("pilgrim", "olly", "Whose fault was it?").text
    assert "Finn" not in said and "Nobody's" not in said, said


def test_zh_whose_fault(tmp_path: Path) -> None:
    town = _town(tmp_path, ZH)
    said = town.say("ke", "hongyu", "这事怪谁？").text
    assert "怪阿福" in said and "调" in said, said
    said = town.say("ke", "douzi", "是谁的错？").text
    assert "阿福" not in said, said
