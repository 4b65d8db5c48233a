"""Someone's word about another, passed on, weighs less than a deed seen (K-14): a loyal friend told
"Bram says: Tobin rushed the hinge again. Careless work." (hop 2) cooled toward Tobin by 0.05,
more than the master who saw the slip (0.02), the largest fall of the story."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN, CAST_ZH
from townsfolk.agents.reported_word import reported_word
from townsfolk.memory.claims import Claim

EN = CAST_EN + """\
timeline:
  - {at: 1, happen: {what: "Tobin forged the gate hinge with a crack in it", actor: tobin, witnesses: [bram], valence: -0.3, place: the forge}}
  - {at: 2, say: {speaker: bram, to: wren, about: tobin, text: "Tobin rushed the hinge again. Careless work."}}
  - {at: 3, gossip: {teller: wren, to: hal, about: tobin}}
  - {at: 4, gossip: {teller: hal, to: tobin, about: bram}}
"""

ZH = CAST_ZH + """\
timeline:
  - {at: 1, happen: {what: "小顺点卤点多了，一板豆腐点老了", actor: xiao, witnesses: [lao], valence: -0.3, place: 作坊}}
  - {at: 2, say: {speaker: lao, to: sao, about: xiao, text: "小顺又把豆腐点老了，干活太马虎。"}}
  - {at: 3, gossip: {teller: sao, to: gen, about: xiao}}
  - {at: 4, gossip: {teller: gen, to: xiao, about: lao}}
"""


def _fall(town, holder: str, other: str, tick: int) -> float:  # noqa: ANN001
    return sum(c.delta for e in town.world.graph.edges_between(holder, other) if e.kind == "friend"
               for c in e.history if c.tick == tick)


@pytest.mark.parametrize(("text", "friend", "subject"), [(EN, "hal", "tobin"), (ZH, "gen", "xiao")])
def test_a_word_passed_on_cools_a_friend_half_as_far(tmp_path: Path, text: str, friend: str, subject: str) -> None:
    town = town_of(tmp_path, text, 5)
    fall = _fall(town, friend, subject, 3)
    assert -0.03 < fall < -0.02, fall  # was -0.05: as if the friend had seen it done
    apprentice_to_master = [c.delta for e in town.world.graph.edges_between(subject, "bram" if friend == "hal" else "lao")
                            for c in e.history if c.tick == 4 and e.kind == "colleague"]
    assert apprentice_to_master and apprentice_to_master[0] < -0.025  # a complaint about me: in full


def test_whose_word_it_is() -> None:
    said = Claim(about="milo", predicate="careless", severity=0.5, said_by="agatha", quote="Careless work.")
    assert reported_word(said, "jasper", "dorrit")  # Agatha's word, from Dorrit
    assert not reported_word(said, "dorrit", "agatha")  # from Agatha herself
    assert not reported_word(said, "milo", "jasper")  # about me
    assert not reported_word(Claim(about="milo", predicate="careless", severity=0.5), "jasper", "dorrit")
