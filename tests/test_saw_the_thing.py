""""那缸酒酸了你看见了吗？" / "Did you see the bell crack?" names a thing, not a person (newcomer K-5): the one
witness said 这个我不太清楚 (no memory shared the question's people); what it saw of that thing answers."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from townsfolk import Town

ZH = """
scenario: 酒坊
language: zh
characters:
  axiu: {name: 阿秀, role: 卖酒的}
  erzhu: {name: 二柱, role: 学徒}
  ke: {name: 过客, player: true}
timeline:
  - {at: 1, happen: {what: 二柱没把酒缸封好，一缸米酒放酸了, actor: erzhu, witnesses: [axiu], valence: -0.4}}
"""

EN = """
scenario: foundry
language: en
characters:
  tess: {name: Tess, role: bell tuner}
  finn: {name: Finn, role: furnace keeper}
  bram: {name: Bram, role: foundry master}
  pilgrim: {name: Pilgrim, player: true}
timeline:
  - {at: 1, happen: {what: The furnace ran cold and the new bell cracked, actor: finn, witnesses: [tess], valence: -0.4}}
"""


def _town(tmp_path: Path, text: str) -> Town:
    return town_of(tmp_path, text, 2)


def test_zh_saw_the_thing(tmp_path: Path) -> None:
    said = _town(tmp_path, ZH).say("ke", "axiu", "那缸酒酸了你看见了吗？").text
    assert said.startswith(("看见了", "我在场")) and "酒缸" in said, said


def test_en_saw_the_thing(tmp_path: Path) -> None:
    town = _town(tmp_path, EN)
    said = town.say("pilgrim", "tess", "Did you see the bell crack?").text
    assert said.startswith(("I did", "Yes, I was there")) and "bell" in said, said
    said = town.say("pilgrim", "bram", "Did you see the bell crack?").text
    assert not said.startswith(("I did", "Yes")), said
