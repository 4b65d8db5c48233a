""""Who told you Agatha thinks you're unreliable?" after a mediation cleared it (third newcomer K-1, K-7):
the belief is superseded, was no longer drawn on, and Milo said "Nobody told me; I saw it myself" (from a
meeting with Agatha), 二柱 "就像我跟你说的，…你帮忙说开了". The teller is named, and that it was set right."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from townsfolk import Town

EN = """
scenario: print shop
language: en
seed: 7
characters:
  agatha: {name: Agatha, role: master printer, pronoun: she}
  milo: {name: Milo, role: compositor, pronoun: he}
  dorrit: {name: Dorrit, role: ink mixer, traits: {exaggeration: 0.8, candour: 0.3}}
  jasper: {name: Jasper, role: bookbinder, traits: {exaggeration: 0.5}}
  quill: {name: Quill, player: true}
relationships:
  - {from: agatha, to: milo, kind: mentor, strength: 0.8}
  - {from: milo, to: agatha, kind: colleague, strength: 0.8}
  - {from: dorrit, to: jasper, kind: friend, strength: 0.7, mutual: true}
  - {from: jasper, to: milo, kind: friend, strength: 0.8, mutual: true}
timeline:
  - {at: 1, happen: {what: "Milo set the almanac page upside down", actor: milo, witnesses: [agatha], valence: -0.3}}
  - {at: 2, say: {speaker: agatha, to: dorrit, about: milo, text: "Milo rushed the almanac page. Careless work."}}
  - {at: 3, gossip: {teller: dorrit, to: jasper, about: milo}}
  - {at: 4, gossip: {teller: jasper, to: milo, about: agatha}}
  - {at: 5, meet: [milo, agatha]}
  - {at: 6, mediate: {player: quill, between: [milo, agatha]}}
"""

ZH = """
scenario: 酒坊
language: zh
seed: 7
characters:
  qian: {name: 钱师傅, role: 酒坊掌柜}
  erzhu: {name: 二柱, role: 学徒}
  pangshen: {name: 胖婶, role: 卖豆腐的, traits: {exaggeration: 0.8, candour: 0.3}}
  xiaoliu: {name: 小六, role: 伙计, traits: {exaggeration: 0.6}}
  ke: {name: 过客, player: true}
relationships:
  - {from: qian, to: erzhu, kind: mentor, strength: 0.8}
  - {from: erzhu, to: qian, kind: colleague, strength: 0.8}
  - {from: pangshen, to: xiaoliu, kind: friend, strength: 0.7, mutual: true}
  - {from: xiaoliu, to: erzhu, kind: friend, strength: 0.8, mutual: true}
timeline:
  - {at: 1, happen: {what: 二柱没把酒缸封好，一缸米酒放酸了, actor: erzhu, witnesses: [qian], valence: -0.3}}
  - {at: 2, say: {speaker: qian, to: pangshen, about: erzhu, text: 二柱又没封好缸，毛手毛脚的}}
  - {at: 3, gossip: {teller: pangshen, to: xiaoliu, about: erzhu}}
  - {at: 4, gossip: {teller: xiaoliu, to: erzhu, about: qian}}
  - {at: 5, meet: [erzhu, qian]}
  - {at: 6, mediate: {player: ke, between: [erzhu, qian]}}
"""


def _town(tmp_path: Path, text: str) -> Town:
    return town_of(tmp_path, text, 7)


def test_en_teller_of_a_telling_set_right(tmp_path: Path) -> None:
    town = _town(tmp_path, EN)
    told = [b for b in town.memory.beliefs_of("milo", held_only=False) if b.told_by == "jasper"]
    assert told and all(b.status == "superseded" for b in told), told  # the mediation set it right
    said = town.say("quill", "milo", "Who told you Agatha thinks you're unreliable?").text
    assert "Jasper" in said and "saw it myself" not in said, said


def test_zh_teller_of_a_telling_set_right(tmp_path: Path) -> None:
    town = _town(tmp_path, ZH)
    told = [b for b in town.memory.beliefs_of("erzhu", held_only=False) if b.told_by == "xiaoliu"]
    assert told and all(b.status == "superseded" for b in told), told
    said = town.say("ke", "erzhu", "谁跟你说钱师傅嫌你毛手毛脚的？").text
    assert "小六" in said and "亲眼" not in said, said


def test_my_words_asked_after_clearing_are_owned(tmp_path: Path) -> None:
    """"Did you tell Dorrit that Milo was careless?" of Agatha, who had (K-13): after the making-up her telling
    was dropped as overtaken, and she said "That's not true; I didn't tell Dorrit ..."; the zh twin alike."""
    town = _town(tmp_path, EN)
    said = town.say("quill", "agatha", "Did you tell Dorrit that Milo was careless?").text
    assert "not true" not in said and "didn't" not in said and "Dorrit" in said, said
    town = _town(tmp_path, ZH)
    said = town.say("ke", "qian", "你是不是跟胖婶说二柱毛手毛脚？").text
    assert not said.startswith(("不是", "没有")) and "胖婶" in said, said
