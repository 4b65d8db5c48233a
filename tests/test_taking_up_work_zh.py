"""Taking up one's own work material is nothing (newcomer L-16): 阿秀从架子上拿了一匹绸子 / 阿秀取了一匹绸子 were read by
meaning as a theft (the gravest predicate: 老周 → 阿秀 0.80 → 0.63) with no sign of taking wrongly in the words."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from townsfolk.memory.predicate_reader import read

WORLD = """
scenario: probe
language: zh
characters:
  a: {name: 阿秀}
  b: {name: 老周}
relationships:
  - {from: b, to: a, kind: colleague, strength: 0.8}
timeline:
  - {at: 1, happen: {what: TEXT, actor: a, witnesses: [b], valence: 0.0}}
"""


@pytest.mark.parametrize("text", ["阿秀拿了一匹绸子去染", "阿秀从架子上拿了一匹绸子", "阿秀取了一匹绸子"])
def test_taking_up_work_is_no_theft(tmp_path: Path, text: str) -> None:
    town = town_of(tmp_path, WORLD.replace("TEXT", text), 2)
    held = [b for b in town.memory.beliefs.values() if b.holder == "b"]
    assert held and all(b.claim.predicate != "theft" for b in held), [(b.text, b.claim.predicate) for b in held]
    edge = next(e for e in town.world.graph.edges_between("b", "a") if e.kind == "colleague")
    assert edge.strength == pytest.approx(0.8), edge.strength


@pytest.mark.parametrize("text", ["铺子里的铜秤被老吴顺手拿回家了", "他趁没人的时候把柜台里的钱揣进了兜里", "阿海拿了老陈的鱼没给钱"])
def test_a_taking_said_wrongly_is_still_theft(text: str) -> None:
    assert read(text).key == "theft", read(text)
