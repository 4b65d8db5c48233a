"""A request to make it right with someone is asked of the NPC as a person (newcomer K-8): "Will you apologise
to Milo?" got the errand decline "I can't help you with that myself, I'm afraid. Try asking around.", "Will you
talk to Finn?" "That's beyond me, sorry."; now the teller owns what it said, and a word with them is a plan."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from townsfolk import Town
from townsfolk.agents.intent import detect_intents

EN = """
scenario: foundry
language: en
characters:
  bram: {name: Bram, role: foundry master}
  finn: {name: Finn, role: furnace keeper}
  olly: {name: Olly, role: apprentice, traits: {exaggeration: 0.9, candour: 0.3}}
  tess: {name: Tess, role: bell tuner}
  pilgrim: {name: Pilgrim, player: true}
relationships:
  - {from: bram, to: finn, kind: colleague, strength: 0.7, mutual: true}
  - {from: olly, to: bram, kind: colleague, strength: 0.6, mutual: true}
  - {from: tess, to: olly, kind: colleague, strength: 0.6, mutual: true}
timeline:
  - {at: 1, say: {speaker: tess, to: olly, about: finn, text: Finn was careless with the fire}}
  - {at: 2, gossip: {teller: olly, to: bram, about: finn}}
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
timeline:
  - {at: 1, say: {speaker: douzi, to: laozhou, about: afu, text: 阿福干活马虎}}
"""

_DECLINES = ("can't help", "beyond me", "Try asking around", "Ask around", "帮不上", "办不了", "问问别人")


def _town(tmp_path: Path, text: str) -> Town:
    return town_of(tmp_path, text, 3)


def test_social_asks_are_no_errands() -> None:
    for text in ("Will you apologise to Milo?", "Will you talk to Finn?", "Can you make it up with Finn?"):
        assert "request" not in [i.kind for i in detect_intents(text, "en")], text
    assert "request" in [i.kind for i in detect_intents("Can you take me across?", "en")]


def test_en_social_asks_answered(tmp_path: Path) -> None:
    town = _town(tmp_path, EN)
    said = town.say("pilgrim", "olly", "Will you apologise to Bram?").text
    assert not any(d in said for d in _DECLINES), said
    said = town.say("pilgrim", "bram", "Will you talk to Finn?").text
    assert not any(d in said for d in _DECLINES) and "Have it out" not in said, said


def test_zh_social_asks_answered(tmp_path: Path) -> None:
    town = _town(tmp_path, ZH)
    said = town.say("ke", "laozhou", "你会去跟阿福谈谈吗？").text
    assert not any(d in said for d in _DECLINES) and "算账" not in said, said
