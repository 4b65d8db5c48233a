"""Asked to forgive someone, an NPC weighs what it saw them do, never the meeting where it was cold to
them: 孙掌柜 asked 你能原谅老周吗？ said "也许吧。可我亲眼看见见到了老周，我没怎么搭理。" (his own coldness at a
meeting, held against 老周 as a deed seen) instead of the tale he was told."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of

ZH = """
scenario: 木匠铺
language: zh
characters:
  laozhou: {name: 老周, role: 木匠师傅, pronoun: he}
  liushen: {name: 刘婶, role: 邻居, pronoun: she}
  sun: {name: 孙掌柜, role: 茶馆掌柜, pronoun: he}
  ke: {name: 客人, player: true}
relationships:
  - {from: sun, to: laozhou, kind: customer, strength: 0.6}
  - {from: liushen, to: sun, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, say: {speaker: liushen, to: sun, about: laozhou, text: 老周偷工减料，拿边角料给你拼桌子}}
  - {at: 2, meet: [sun, laozhou]}
"""

EN = """
scenario: apothecary
language: en
characters:
  rowan: {name: Rowan, role: apprentice, pronoun: he}
  mabel: {name: Mabel, role: washerwoman, pronoun: she}
  gideon: {name: Gideon, role: miller, pronoun: he}
  wren: {name: Wren, player: true}
relationships:
  - {from: gideon, to: rowan, kind: neighbour, strength: 0.6}
  - {from: mabel, to: gideon, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, say: {speaker: mabel, to: gideon, about: rowan, text: Rowan cheated me at the market}}
  - {at: 2, meet: [gideon, rowan]}
"""


@pytest.mark.parametrize(("text", "player", "npc", "line", "meeting", "tale"), [
    (ZH, "ke", "sun", "你能原谅老周吗？", "没怎么搭理", "刘婶"),
    (EN, "wren", "gideon", "Will you forgive Rowan?", "kept my distance", "Mabel"),
])
def test_a_plea_weighs_the_tale_not_my_own_coldness(tmp_path: Path, text: str, player: str, npc: str, line: str,
                                                    meeting: str, tale: str) -> None:
    town = town_of(tmp_path, text, 3)
    assert any(meeting in e.what for e in town.memory.events.values() if e.holder == npc)  # the meeting is held
    said = town.say(player, npc, line).text
    assert meeting not in said and tale in said, said
