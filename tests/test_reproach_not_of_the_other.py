"""A player's reproach of the listener ("You were too hard on Agatha." / 你对阿秀太严了) is about the listener, not the
one named (newcomer L-9: Ned → Agatha fell 0.84 → 0.81, as if Agatha had wronged him; the mirror "Agatha was
too hard on you" moved nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of

EN = """
scenario: school
language: en
characters:
  agatha: {name: Agatha, role: schoolmistress, pronoun: she}
  ned: {name: Ned, role: caretaker, pronoun: he}
  kit: {name: Kit, player: true}
relationships:
  - {from: ned, to: agatha, kind: colleague, strength: 0.84, mutual: true}
timeline:
  - {at: 1, happen: {what: Ned swept the schoolroom, actor: ned, witnesses: [agatha], valence: 0.1}}
"""

ZH = """
scenario: 染坊
language: zh
characters:
  zhou: {name: 周师傅, role: 染坊掌柜, pronoun: he}
  axiu: {name: 阿秀, role: 染工, pronoun: she}
  ke: {name: 客商, player: true}
relationships:
  - {from: zhou, to: axiu, kind: colleague, strength: 0.84, mutual: true}
timeline:
  - {at: 1, happen: {what: 阿秀晾好了绸子, actor: axiu, witnesses: [zhou], valence: 0.1}}
"""


@pytest.mark.parametrize(("text", "player", "npc", "other", "line"), [
    (EN, "kit", "ned", "agatha", "You were too hard on Agatha."),
    (ZH, "ke", "zhou", "axiu", "你对阿秀太严了。"),
])
def test_a_reproach_of_me_moves_nothing_toward_the_one_named(tmp_path: Path, text: str, player: str, npc: str,
                                                            other: str, line: str) -> None:
    town = town_of(tmp_path, text, 2)
    town.say(player, npc, line)
    tie = next(e for e in town.world.graph.edges_between(npc, other) if e.kind == "colleague")
    assert tie.strength >= 0.84 - 1e-6, tie.strength  # (not cooled: a word of it may warm it a hair)
    held = [b for b in town.memory.beliefs.values() if b.holder == npc and b.claim.said_by == player]
    assert all(b.claim.about == npc for b in held), [(b.text, b.claim.about) for b in held]
