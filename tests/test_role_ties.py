"""Colleagues whose roles say who teaches whom: the apothecary's apprentice, tied to her as a colleague (the
kind a designer writes first), said "No, Hazel and I work together" to "Is Hazel your master?"; 老周 (木匠师傅)
said 不是，阿木和我共事 to 阿木是你徒弟吗？. An apprentice's role beside a master's says it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from townsfolk.agents.role_ties import colleague_kind

EN = """
scenario: apothecary
language: en
characters:
  hazel: {name: Hazel, role: apothecary, pronoun: she}
  rowan: {name: Rowan, role: apprentice, pronoun: he}
  wren: {name: Wren, player: true}
relationships:
  - {from: hazel, to: rowan, kind: colleague, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: Rowan swept the shop, actor: rowan, witnesses: [hazel], valence: 0.1}}
"""

ZH = """
scenario: 木匠铺
language: zh
characters:
  laozhou: {name: 老周, role: 木匠师傅, pronoun: he}
  amu: {name: 阿木, role: 徒弟, pronoun: he}
  ke: {name: 客人, player: true}
relationships:
  - {from: laozhou, to: amu, kind: colleague, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: 阿木扫了铺子, actor: amu, witnesses: [laozhou], valence: 0.1}}
"""


@pytest.mark.parametrize(("mine", "theirs", "kind"), [
    ("apothecary", "apprentice", "colleague_mentor"), ("apprentice", "apothecary", "colleague_master"),
    ("木匠师傅", "徒弟", "colleague_mentor"), ("学徒", "掌柜", "colleague_master"),
    ("baker", "miller", "colleague"), ("apprentice", "apprentice", "colleague"), ("apprentice", "", "colleague")])
def test_the_roles_say_who_teaches_whom(mine: str, theirs: str, kind: str) -> None:
    assert colleague_kind(mine, theirs) == kind


@pytest.mark.parametrize(("text", "player", "npc", "line", "yes"), [
    (EN, "wren", "rowan", "Is Hazel your master?", "Yes, Hazel is my master"),
    (EN, "wren", "hazel", "Is Rowan your apprentice?", "Yes, Rowan is my apprentice"),
    (EN, "wren", "rowan", "Is Hazel your colleague?", "Yes"),  # they do work together
    (ZH, "ke", "laozhou", "阿木是你徒弟吗？", "是啊，阿木是我徒弟"),
    (ZH, "ke", "amu", "老周是你师傅吗？", "是啊，老周是我师傅"),
])
def test_a_master_and_apprentice_say_so(tmp_path: Path, text: str, player: str, npc: str, line: str, yes: str) -> None:
    said = town_of(tmp_path, text, 2).say(player, npc, line).text
    assert said.startswith(yes), said
