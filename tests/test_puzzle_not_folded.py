"""A coldness the holder cannot explain is not folded away (K-37): whether the master could still say
"he was cold with me and I can't think why" (the story's hinge) depended on whether a fold happened
to run at the meeting's tick. Here one does (four other things with the apprentice by then)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN, CAST_ZH
from townsfolk.memory.consolidation import _newest_foldable
from townsfolk.memory.fold_bound import FoldBounds, folds

EN = CAST_EN + """\
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

ZH = CAST_ZH + """\
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
