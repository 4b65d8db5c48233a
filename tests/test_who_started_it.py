""""Who started it?" / 谁最先说的？ asks where a tale began (newcomer L-43: "don't know"): my teller, and whom the
words name as first saying it; a tale its teller said of their own is theirs ("Mabel told me.")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of

EN = """
scenario: smithy
language: en
characters:
  bram: {name: Bram, role: smith, pronoun: he}
  tobin: {name: Tobin, role: apprentice, pronoun: he}
  wren: {name: Wren, role: charcoal burner, pronoun: she}
  hal: {name: Hal, role: farrier, pronoun: he}
  p: {name: Pell, player: true}
relationships:
  - {from: wren, to: hal, kind: friend, strength: 0.7, mutual: true}
  - {from: bram, to: wren, kind: colleague, strength: 0.6, mutual: true}
timeline:
  - {at: 1, say: {speaker: bram, to: wren, about: tobin, text: "Tobin is careless."}}
  - {at: 2, gossip: {teller: wren, to: hal, about: tobin}}
"""

ZH = """
scenario: 铁匠铺
language: zh
characters:
  lao: {name: 老铁, role: 铁匠, pronoun: he}
  xiao: {name: 小石, role: 学徒, pronoun: he}
  liu: {name: 刘婶, role: 邻居, pronoun: she}
  sun: {name: 孙掌柜, role: 茶馆掌柜, pronoun: he}
  ke: {name: 客人, player: true}
relationships:
  - {from: liu, to: sun, kind: neighbour, strength: 0.7, mutual: true}
  - {from: lao, to: liu, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, say: {speaker: lao, to: liu, about: xiao, text: 小石干活太马虎}}
  - {at: 2, gossip: {teller: liu, to: sun, about: xiao}}
"""


@pytest.mark.parametrize(("text", "player", "npc", "line", "teller", "first"), [
    (EN, "p", "hal", "Who started it?", "Wren", "Bram"),
    (EN, "p", "hal", "Where did the story come from?", "Wren", "Bram"),
    (ZH, "ke", "sun", "谁最先说的？", "刘婶", "老铁"),
])
def test_who_started_it_names_my_teller_and_whom_the_words_name(tmp_path: Path, text: str, player: str, npc: str,
                                                                line: str, teller: str, first: str) -> None:
    said = town_of(tmp_path, text, 3).say(player, npc, line).text
    assert teller in said and first in said, said
