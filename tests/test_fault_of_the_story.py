""""这事怪谁？" / "Whose fault was it?" is of the trouble we are speaking of (agents/fault_asked.py): the one the
player's last question named, as my last reply said it, even a tale I could not weigh; asked again, the same one
(session 26: 小梅, asked 老孙克扣工钱是怎么回事？ then 这事怪谁？, blamed 李嫂 for another tale of the same reply)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN, CAST_ZH

EN = CAST_EN + """\
timeline:
  - {at: 1, say: {speaker: wren, to: bram, about: hal, text: "Hal docked the stable boy's wages"}}
  - {at: 2, say: {speaker: wren, to: bram, about: tobin, text: "Tobin spoiled the customer's new gate on purpose"}}
"""
ZH = CAST_ZH + """\
timeline:
  - {at: 1, say: {speaker: sao, to: lao, about: gen, text: "阿根克扣工钱"}}
  - {at: 2, say: {speaker: sao, to: lao, about: xiao, text: "小顺把人家的绸子剪坏了"}}
"""


@pytest.mark.parametrize(("text", "player", "npc", "asked", "fault", "blamed", "other"), [
    (EN, "visitor", "bram", "What's this about Hal and the wages?", "Whose fault was it?", "Hal", "Tobin"),
    (ZH, "ke", "lao", "阿根克扣工钱是怎么回事？", "这事怪谁？", "阿根", "小顺")])
def test_the_fault_is_of_the_trouble_spoken_of(tmp_path: Path, text: str, player: str, npc: str, asked: str,
                                               fault: str, blamed: str, other: str) -> None:
    town = town_of(tmp_path, text, 3)
    said = town.say(player, npc, asked).text
    assert blamed in said, said
    for _ in range(2):  # asked again: still the same trouble
        said = town.say(player, npc, fault).text
        assert blamed in said and other not in said, said
