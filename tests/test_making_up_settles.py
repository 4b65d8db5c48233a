"""A making-up settles the bad stretch before it (K-11): the next friendly meeting does not fold the
slip and the cold meeting into "Today, 4 things with Tobin, not a good stretch" after the two made up,
and the master's impression does not fall for the day they made up."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN, CAST_ZH

EN = CAST_EN + """\
timeline:
  - {at: 1, happen: {what: "Tobin forged the gate hinge with a crack in it", actor: tobin, witnesses: [bram], valence: -0.3, place: the forge}}
  - {at: 2, say: {speaker: bram, to: wren, about: tobin, text: "Tobin rushed the hinge again. Careless work."}}
  - {at: 3, gossip: {teller: wren, to: hal, about: tobin}}
  - {at: 4, gossip: {teller: hal, to: tobin, about: bram}}
  - {at: 5, meet: [tobin, bram]}
  - {at: 8, mediate: {player: visitor, between: [tobin, bram]}}
  - {at: 9, meet: [tobin, bram]}
"""

ZH = CAST_ZH + """\
timeline:
  - {at: 1, happen: {what: "小顺点卤点多了，一板豆腐点老了", actor: xiao, witnesses: [lao], valence: -0.3, place: 作坊}}
  - {at: 2, say: {speaker: lao, to: sao, about: xiao, text: "小顺又把豆腐点老了，干活太马虎。"}}
  - {at: 3, gossip: {teller: sao, to: gen, about: xiao}}
  - {at: 4, gossip: {teller: gen, to: xiao, about: lao}}
  - {at: 5, meet: [xiao, lao]}
  - {at: 8, mediate: {player: ke, between: [xiao, lao]}}
  - {at: 9, meet: [xiao, lao]}
"""


@pytest.mark.parametrize(("text", "master", "apprentice", "bad"), [(EN, "bram", "tobin", "not a good stretch"),
                                                                   (ZH, "lao", "xiao", "不太愉快")])
def test_making_up_settles_the_stretch_before_it(tmp_path: Path, text: str, master: str, apprentice: str,
                                                bad: str) -> None:
    town = town_of(tmp_path, text, 11)
    summaries = [s.text for s in town.memory.summaries_of(master) if s.about == apprentice]
    assert not any(bad in s for s in summaries), summaries
    imp = town.memory.impression(master, apprentice)
    assert imp is not None and imp.valence == pytest.approx(0.4)  # the day they made up is not a bad stretch
    made_up = next(s for s in town.memory.summaries_of(master) if s.about == apprentice and "aired" in s.covers)
    slip = next(e for e in town.memory.events_of(master) if e.about == apprentice and e.tick == 1)
    assert slip.meta.get("absorbed_by") == made_up.id  # kept in the making-up's record, not lost
