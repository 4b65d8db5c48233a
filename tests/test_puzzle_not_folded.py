"""A coldness the holder cannot explain is not folded away (K-37): whether the master could still say
"he was cold with me and I can't think why" (the story's hinge) depended on whether a fold happened
to run at the meeting's tick. Here one does (four other things with the apprentice by then)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from townsfolk.memory.consolidation import _newest_foldable
from townsfolk.memory.fold_bound import FoldBounds, folds

EN = """\
scenario: "The cracked hinge at the smithy"
language: en
seed: 3
start: 2026-10-12T07:00
tick: 1h
place: the smithy
characters:
  bram:
    name: Bram
    role: master smith
    pronoun: he
    traits: {candour: 0.7, exaggeration: 0.2}
  tobin:
    name: Tobin
    role: apprentice smith
    pronoun: he
    traits: {candour: 0.6, exaggeration: 0.2}
  wren:
    name: Wren
    role: charcoal burner
    pronoun: she
    traits: {candour: 0.3, exaggeration: 0.8, mischief: 0.3}
  hal:
    name: Hal
    role: farrier
    persona: Quiet, loyal to Tobin.
    pronoun: he
    traits: {candour: 0.5, exaggeration: 0.5}
  visitor:
    name: Pell
    player: true
relationships:
  - {from: bram, to: tobin, kind: mentor, strength: 0.8}
  - {from: tobin, to: bram, kind: colleague, strength: 0.8}
  - {from: wren, to: hal, kind: friend, strength: 0.7, mutual: true}
  - {from: hal, to: tobin, kind: friend, strength: 0.8, mutual: true}
  - {from: bram, to: wren, kind: colleague, strength: 0.6, mutual: true}
impressions:
  - {holder: bram, about: tobin, text: quick but hasty, valence: 0.4, confidence: 0.6}
  - {holder: tobin, about: bram, text: strict but fair, valence: 0.5, confidence: 0.7}
timeline:
  - {at: 1, happen: {what: "Tobin forged the gate hinge with a crack in it", actor: tobin, witnesses: [bram], valence: -0.3, place: the forge}}
  - {at: 2, say: {speaker: bram, to: wren, about: tobin, text: "Tobin rushed the hinge again. Careless work."}}
  - {at: 3, gossip: {teller: wren, to: hal, about: tobin}}
  - {at: 3, happen: {what: "Tobin left the bellows open overnight", actor: tobin, witnesses: [bram], valence: -0.1, place: the forge}}
  - {at: 4, gossip: {teller: hal, to: tobin, about: bram}}
  - {at: 5, meet: [tobin, bram]}
  - {at: 5, happen: {what: "Tobin dropped the tongs in the quench tub", actor: tobin, witnesses: [bram], valence: -0.1, place: the forge}}
  - {at: 6, ask: {player: visitor, npc: bram, text: "Bram, why is Tobin so cold with you today?"}}
"""

ZH = """\
scenario: "豆腐坊的一板老豆腐"
language: zh
seed: 3
start: 2026-10-12T07:00
tick: 1h
place: 豆腐坊
characters:
  lao:
    name: 老周
    role: 豆腐坊掌柜
    pronoun: he
    traits: {candour: 0.7, exaggeration: 0.2}
  xiao:
    name: 小顺
    role: 学徒
    pronoun: he
    traits: {candour: 0.6, exaggeration: 0.2}
  sao:
    name: 王嫂
    role: 卖菜的
    pronoun: she
    traits: {candour: 0.3, exaggeration: 0.8, mischief: 0.3}
  gen:
    name: 阿根
    role: 挑水的
    pronoun: he
    traits: {candour: 0.5, exaggeration: 0.5}
  ke:
    name: 过客
    player: true
relationships:
  - {from: lao, to: xiao, kind: mentor, strength: 0.8}
  - {from: xiao, to: lao, kind: colleague, strength: 0.8}
  - {from: sao, to: gen, kind: friend, strength: 0.7, mutual: true}
  - {from: gen, to: xiao, kind: friend, strength: 0.8, mutual: true}
  - {from: lao, to: sao, kind: colleague, strength: 0.6, mutual: true}
impressions:
  - {holder: lao, about: xiao, text: 手快但毛躁, valence: 0.4, confidence: 0.6}
  - {holder: xiao, about: lao, text: 严厉但公道, valence: 0.5, confidence: 0.7}
timeline:
  - {at: 1, happen: {what: "小顺点卤点多了，一板豆腐点老了", actor: xiao, witnesses: [lao], valence: -0.3, place: 作坊}}
  - {at: 2, say: {speaker: lao, to: sao, about: xiao, text: "小顺又把豆腐点老了，干活太马虎。"}}
  - {at: 3, gossip: {teller: sao, to: gen, about: xiao}}
  - {at: 3, happen: {what: "小顺忘了把磨盘盖上", actor: xiao, witnesses: [lao], valence: -0.1, place: 作坊}}
  - {at: 4, gossip: {teller: gen, to: xiao, about: lao}}
  - {at: 5, meet: [xiao, lao]}
  - {at: 5, happen: {what: "小顺把豆浆洒了一地", actor: xiao, witnesses: [lao], valence: -0.1, place: 作坊}}
  - {at: 6, ask: {player: ke, npc: lao, text: "老周，小顺今天怎么不理你？"}}
"""


@pytest.mark.parametrize(("text", "master", "apprentice", "why"), [(EN, "bram", "tobin", "why"),
                                                                   (ZH, "lao", "xiao", "为什么")])
def test_a_puzzling_coldness_outlives_the_fold_of_its_tick(tmp_path: Path, text: str, master: str, apprentice: str,
                                                          why: str) -> None:
    town = town_of(tmp_path, text, 7)
    folded = [s for s in town.memory.summaries_of(master) if s.about == apprentice and s.tick == 5]
    assert folded, "a fold ran at the cold meeting's tick"
    puzzle = next(e for e in town.memory.events_of(master) if e.about == apprentice and e.meta.get("puzzled"))
    assert puzzle.status == "active" and puzzle.id not in folded[0].covers
    one, many = FoldBounds(), FoldBounds()  # the fold predicate's three copies agree: a puzzle never counts
    one.add(puzzle)
    many.add_many([puzzle])
    assert not folds(puzzle, master) and one.by_holder == many.by_holder == {}
    assert _newest_foldable(iter([puzzle]), master, 1) == {}
    reply = next(e.text for e in town.log if e.kind == "reply" and e.tick == 6)
    assert why in reply, reply
