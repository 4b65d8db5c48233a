"""A ware asked of one who does not sell it, when another here does (by `sells:`): the apothecary's
apprentice asked "How much is the cough syrup?" told the day the syrup came out bitter (the words matched
a memory), and "I'd like a bottle of cough syrup." got "I'm the apprentice; that's not my line at all",
though Hazel in the same shop sells it. One who works beside the seller says the price; others point."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of

EN = """
scenario: apothecary
language: en
characters:
  hazel: {name: Hazel, role: apothecary, pronoun: she, sells: [{ware: cough syrup, price: 4, per: bottle}]}
  rowan: {name: Rowan, role: apprentice, pronoun: he}
  gideon: {name: Gideon, role: miller, pronoun: he}
  wren: {name: Wren, player: true}
relationships:
  - {from: hazel, to: rowan, kind: colleague, strength: 0.7, mutual: true}
  - {from: gideon, to: hazel, kind: friend, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: Rowan mixed up two jars and Gideon's cough syrup came out bitter, actor: rowan, witnesses: [hazel], valence: -0.4}}
"""

ZH = """
scenario: 木匠铺
language: zh
characters:
  laozhou: {name: 老周, role: 木匠师傅, pronoun: he, sells: [{ware: 方桌, price: 300, per: 张}]}
  amu: {name: 阿木, role: 徒弟, pronoun: he}
  sun: {name: 孙掌柜, role: 茶馆掌柜, pronoun: he}
  ke: {name: 客人, player: true}
relationships:
  - {from: laozhou, to: amu, kind: colleague, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: 阿木把方桌的桌腿锯短了一截, actor: amu, witnesses: [laozhou], valence: -0.4}}
"""


@pytest.mark.parametrize("line", ["How much is the cough syrup?", "I'd like a bottle of cough syrup."])
def test_the_apprentice_gives_his_masters_price(tmp_path: Path, line: str) -> None:
    town = town_of(tmp_path, EN, 2)
    text = town.say("wren", "rowan", line).text
    assert "Hazel" in text and "4 pence a bottle" in text and "bitter" not in text and "not my line" not in text, text


def test_one_who_does_not_work_there_points_to_the_seller(tmp_path: Path) -> None:
    town = town_of(tmp_path, EN, 2)
    text = town.say("wren", "gideon", "How much is the cough syrup?").text
    assert "Hazel" in text and "apothecary" in text, text


def test_the_seller_still_prices_it_herself(tmp_path: Path) -> None:
    town = town_of(tmp_path, EN, 2)
    assert "4 pence a bottle" in town.say("wren", "hazel", "How much is the cough syrup?").text


@pytest.mark.parametrize("line", ["方桌多少钱？", "我想订一张方桌。"])
def test_zh_the_apprentice_gives_his_masters_price(tmp_path: Path, line: str) -> None:
    town = town_of(tmp_path, ZH, 2)
    text = town.say("ke", "amu", line).text
    assert "老周" in text and "300" in text and "锯短" not in text, text


def test_zh_a_stranger_points_to_the_carpenter(tmp_path: Path) -> None:
    town = town_of(tmp_path, ZH, 2)
    text = town.say("ke", "sun", "方桌多少钱？").text
    assert "老周" in text and "300" not in text, text
