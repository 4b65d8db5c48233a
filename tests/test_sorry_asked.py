""""Are you sorry?" / 你后悔吗？ / "Will you apologise to Gideon?" / 你会跟孙掌柜道歉吗？ ask about the NPC's own
regret, answered from what it did: Rowan, who mixed up the jars that spoilt Gideon's syrup, said "Let's say no
more about it." (read as the player's apology) and "That's everything I know, really."; one who did nothing
turns it back, and one who holds a grievance says who owes whom."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from townsfolk.agents.intent import detect_intents, kinds_of

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
  - {at: 1, happen: {what: Rowan mixed up two jars and Gideon's cough syrup came out bitter, actor: rowan, witnesses: [mabel], valence: -0.4}}
  - {at: 2, say: {speaker: mabel, to: gideon, about: rowan, text: Rowan nearly poisoned you with that syrup}}
"""

ZH = """
scenario: 木匠铺
language: zh
characters:
  laozhou: {name: 老周, role: 木匠师傅, pronoun: he}
  amu: {name: 阿木, role: 徒弟, pronoun: he}
  liushen: {name: 刘婶, role: 邻居, pronoun: she}
  sun: {name: 孙掌柜, role: 茶馆掌柜, pronoun: he}
  ke: {name: 客人, player: true}
relationships:
  - {from: sun, to: laozhou, kind: customer, strength: 0.6}
  - {from: liushen, to: sun, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, happen: {what: 阿木把孙掌柜订的方桌桌腿锯短了一截, actor: amu, witnesses: [liushen], valence: -0.4}}
  - {at: 2, say: {speaker: liushen, to: sun, about: laozhou, text: 老周偷工减料，糊弄你}}
"""


@pytest.mark.parametrize("line", ["Are you sorry?", "Will you apologise to Milo?", "你后悔吗？", "你会跟孙掌柜道歉吗？"])
def test_my_regret_asked_is_no_apology_of_the_askers(line: str) -> None:
    assert "apology" not in kinds_of(detect_intents(line, "zh" if "你" in line else "en"))


@pytest.mark.parametrize(("text", "player", "npc", "line", "owned", "deed"), [
    (EN, "wren", "rowan", "Are you sorry?", ("awful", "Very much"), "mixed up two jars"),
    (EN, "wren", "rowan", "Will you apologise to Gideon?", ("I will", "I mean to"), "mixed up two jars"),
    (ZH, "ke", "amu", "你后悔吗？", ("过意不去", "后悔啊"), "锯短"),
    (ZH, "ke", "amu", "你会跟孙掌柜道歉吗？", ("会的", "该道歉"), "锯短"),
])
def test_a_wrong_of_mine_is_owned(tmp_path: Path, text: str, player: str, npc: str, line: str,
                                  owned: tuple[str, ...], deed: str) -> None:
    said = town_of(tmp_path, text, 3).say(player, npc, line).text
    assert any(o in said for o in owned) and deed in said, said


@pytest.mark.parametrize(("text", "player", "npc", "line", "answer"), [
    (EN, "wren", "gideon", "Will you apologise to Rowan?", "Rowan"),  # he holds Mabel's tale against Rowan
    (ZH, "ke", "sun", "你会跟老周道歉吗？", "老周"),
])
def test_one_who_holds_a_grievance_says_who_owes_whom(tmp_path: Path, text: str, player: str, npc: str,
                                                      line: str, answer: str) -> None:
    said = town_of(tmp_path, text, 3).say(player, npc, line).text
    assert answer in said and ("owes me" in said or "should be the one" in said or "该道歉的是" in said
                               or "给我道歉" in said), said


def test_one_who_did_nothing_turns_it_back(tmp_path: Path) -> None:
    said = town_of(tmp_path, EN, 3).say("wren", "gideon", "Are you sorry?").text
    assert "for what" in said.lower() or "What for" in said, said
