"""A character of the wrong kind named where a player or an NPC is needed (N-48): the message
says which kind it is and lists the ones that fit, instead of advice that only leads to the next
error ("use the id newcomer" for an NPC field, "mark it `player: true`" for the schoolmistress)."""

from __future__ import annotations

import pytest

from townsfolk.sim.scenario import ScenarioError, parse_scenario

SCHOOL = """\
scenario: The missing bell
language: en
characters:
  ada: {name: Ada, role: schoolmistress}
  owen: {name: Owen, role: caretaker}
  hattie: {name: Hattie, role: baker}
  pip: {name: Pip, role: pupil}
  newcomer: {name: Rowan, player: true}
timeline:
"""

BIAOJU = """\
scenario: 淋湿的绸缎
language: zh
characters:
  qian: {name: 钱掌柜, role: 绸缎庄掌柜}
  shitou: {name: 石头, role: 镖师}
  xiaoliu: {name: 小六, role: 趟子手}
  ke: {name: 柯, player: true}
timeline:
"""


def error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "bad.yaml")
    return info.value


def test_a_players_name_where_an_npc_is_needed_lists_the_npcs() -> None:
    e = error(SCHOOL + '  - {at: 9, ask: {player: newcomer, npc: Rowan, text: "Is something wrong?"}}\n')
    assert e.field == "timeline[0].ask.npc", str(e)
    assert "use the id newcomer" not in e.message, str(e)  # following that gave the next error
    assert e.message == "'Rowan' is the player newcomer, but an NPC is needed here (NPCs: ada, owen, hattie, pip)"


def test_an_npc_where_a_player_is_needed_lists_the_players() -> None:
    e = error(SCHOOL + "  - {at: 26, mediate: {player: ada, between: [owen, hattie]}}\n")
    assert e.field == "timeline[0].mediate.player", str(e)
    assert "mark it" not in e.message, str(e)  # that would turn the schoolmistress into a player
    assert e.message == "'ada' is an NPC, but a player is needed here (players: newcomer)"


def test_an_npcs_name_where_an_npc_is_needed_still_gives_its_id() -> None:
    e = error(BIAOJU + "  - {at: 1, happen: {what: 绸缎淋湿了, actor: shitou, witnesses: [钱掌柜, 小六]}}\n")
    assert "'钱掌柜' is the name of qian; use the id qian" in e.message, str(e)
