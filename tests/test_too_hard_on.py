""""You were too hard on Milo." / 你对二柱太凶了 is a reproach for how the NPC treated someone (newcomer K-12:
"Fine weather for it."); "the boy" said to his master is the one she mentors."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from townsfolk import Town
from townsfolk.agents.your_people import your_people

EN = """
scenario: print shop
language: en
characters:
  agatha: {name: Agatha, role: master printer, pronoun: she}
  milo: {name: Milo, role: compositor, pronoun: he}
  dorrit: {name: Dorrit, role: ink mixer}
  quill: {name: Quill, player: true}
relationships:
  - {from: agatha, to: milo, kind: mentor, strength: 0.8}
  - {from: agatha, to: dorrit, kind: colleague, strength: 0.6}
timeline:
  - {at: 1, happen: {what: "Milo set the almanac page upside down", actor: milo, witnesses: [agatha], valence: -0.4}}
"""

ZH = """
scenario: 酒坊
language: zh
characters:
  qian: {name: 钱师傅, role: 酒坊掌柜}
  erzhu: {name: 二柱, role: 学徒}
  ke: {name: 过客, player: true}
relationships:
  - {from: qian, to: erzhu, kind: mentor, strength: 0.8}
timeline:
  - {at: 1, happen: {what: 二柱没把酒缸封好，一缸米酒放酸了, actor: erzhu, witnesses: [qian], valence: -0.4}}
"""

_SMALL_TALK = ("weather", "Busy day", "Anything new", "天气", "新鲜事")


def _town(tmp_path: Path, text: str) -> Town:
    return town_of(tmp_path, text, 2)


def test_en_too_hard(tmp_path: Path) -> None:
    town = _town(tmp_path, EN)
    assert your_people(town.world, "agatha", "You were too hard on the boy.") == ["milo"]
    said = town.say("quill", "agatha", "You were too hard on Milo.").text
    assert said.startswith(("Perhaps I was", "Maybe I was")) and "almanac" in said, said
    said = town.say("quill", "agatha", "You were a bit hard on Dorrit.").text
    assert said.startswith(("Was I?", "I didn't think I was")), said
    said = town.say("quill", "agatha", "You were too hard on the boy.").text
    assert not any(w in said for w in _SMALL_TALK), said


def test_zh_too_hard(tmp_path: Path) -> None:
    said = _town(tmp_path, ZH).say("ke", "qian", "你对二柱太凶了。").text
    assert said.startswith(("也许是有点", "可能是说重了些")) and "酒缸" in said, said
