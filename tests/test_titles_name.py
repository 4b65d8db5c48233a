"""A player names an NPC by what they are ("the furnace keeper", 班主) as often as by name: the
turn is then about that NPC, as if named (one holder only; a zh title opening the line is an address)."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from townsfolk import Town
from townsfolk.agents.dialogue import mentioned

EN = """
scenario: bell foundry
language: en
characters:
  bram: {name: Bram, role: foundry master}
  tess: {name: Tess, role: bell tuner}
  finn: {name: Finn, role: furnace keeper}
  kit: {name: Kit, role: apprentice cook}
  ned: {name: Ned, role: head cook}
  pilgrim: {name: Pilgrim, player: true}
timeline:
  - {at: 1, happen: {what: Finn let the furnace go cold, actor: finn, witnesses: [tess], valence: -0.4}}
"""

ZH = """
scenario: 戏班
language: zh
characters:
  laozhou: {name: 老周, role: 班主}
  afu: {name: 阿福, role: 琴师}
  douzi: {name: 豆子, role: 小徒弟}
  qian: {name: 钱掌柜, role: 茶园东家}
  ke: {name: 看客, player: true}
timeline:
  - {at: 1, say: {speaker: douzi, to: laozhou, about: afu, text: 阿福拉错了调}}
"""


def _town(tmp_path: Path, text: str) -> Town:
    return town_of(tmp_path, text, 2)


def test_en_title_names_its_one_holder(tmp_path: Path) -> None:
    w = _town(tmp_path, EN).world
    assert mentioned(w, "Do you blame the furnace keeper?", exclude={"tess"}) == ["finn"]
    assert mentioned(w, "What did the foundry master say?", exclude={"tess"}) == ["bram"]
    assert mentioned(w, "Ask the master.", exclude={"tess"}) == ["bram"]
    assert mentioned(w, "Ask the cook.", exclude={"tess"}) == []  # two cooks: neither


def test_zh_title_names_its_one_holder(tmp_path: Path) -> None:
    w = _town(tmp_path, ZH).world
    assert mentioned(w, "你跟班主说了什么？", exclude={"douzi"}) == ["laozhou"]
    assert mentioned(w, "琴师怎么了？", exclude={"douzi"}) == ["afu"]
    assert mentioned(w, "徒弟跟你说了什么？", exclude={"laozhou"}) == ["douzi"]
    assert mentioned(w, "掌柜最近来过吗？", exclude={"douzi"}) == ["qian"]
    assert mentioned(w, "班主，你好", exclude={"douzi"}) == []  # an address, not someone spoken of


def test_zh_reply_about_title_is_about_the_holder(tmp_path: Path) -> None:
    town = _town(tmp_path, ZH)
    reply = town.say("ke", "douzi", "你跟班主说了什么？")
    assert "老周" in reply.text and "阿福" in reply.text, reply.text
