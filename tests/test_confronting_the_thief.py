"""What a player says to one who did wrong (newcomer L-36): "Everyone says you're a thief." / 大家都说你手脚不干净 got
the weather; "You should apologise to Agnes Lamb." / 你应该去跟钱喜道个歉 got "Really? I stole ..." / 钱喜真不错
(praise of the victim). A tale going round about me is met as one; a sorry I am told to make is mine to answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from townsfolk.agents.intent import detect_intents, kinds_of

EN = """
scenario: mulberry
language: en
characters:
  arthur: {name: Arthur Cotton, role: carter, pronoun: he}
  agnes: {name: Agnes Lamb, role: silk farmer, pronoun: she}
  buyer: {name: Silk Buyer, player: true}
timeline:
  - {at: 1, happen: {what: Arthur Cotton stole a bolt of raw silk from Agnes Lamb, actor: arthur, about: agnes, witnesses: [agnes], valence: -0.6}}
"""

ZH = """
scenario: 桑园
language: zh
characters:
  yu: {name: 余福文, role: 车夫, pronoun: he}
  qian: {name: 钱喜, role: 蚕农, pronoun: he}
  ke: {name: 收丝客, player: true}
timeline:
  - {at: 1, happen: {what: 余福文偷了钱喜家的一匹生丝, actor: yu, about: qian, witnesses: [qian], valence: -0.6}}
"""


@pytest.mark.parametrize(("line", "lang"), [("Everyone says you're a thief.", "en"), ("大家都说你手脚不干净。", "zh")])
def test_a_tale_going_round_about_me_is_no_small_talk(line: str, lang: str) -> None:
    assert "tell" in kinds_of(detect_intents(line, lang)) and "chat" not in kinds_of(detect_intents(line, lang))


@pytest.mark.parametrize(("text", "player", "npc", "line", "want", "wrong"), [
    (EN, "buyer", "arthur", "You should apologise to Agnes Lamb.", ("I will", "I mean to"), ("Really?",)),
    (ZH, "ke", "yu", "你应该去跟钱喜道个歉。", ("会的", "该道歉"), ("真不错",)),
])
def test_a_sorry_i_am_told_to_make_is_mine(tmp_path: Path, text: str, player: str, npc: str, line: str,
                                         want: tuple[str, ...], wrong: tuple[str, ...]) -> None:
    said = town_of(tmp_path, text, 2).say(player, npc, line).text
    assert any(w in said for w in want) and not any(w in said for w in wrong), said
