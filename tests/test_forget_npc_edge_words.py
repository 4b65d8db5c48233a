"""Forgetting a player for one NPC scrubs the player's name from that NPC's edge changes too (newcomer
N-37): after `forget --npc dora`, Dora's memory read "Someone brought Gus and me together", but her `why`
still printed "Visitor brought Gus and me together ..." from the edge change it caused. The other NPC's
edges, which that erasure was not for, keep their words (no rewind, and no more than was asked)."""

from __future__ import annotations

from townsfolk import Town


def _reasons(town: Town, holder: str, target: str) -> list[str]:
    return [c.reason for e in town.world.graph.edges_between(holder, target) for c in e.history]


def test_the_erased_player_is_not_named_in_that_npc_s_edge_changes() -> None:
    town = Town.from_scenario("scenarios/teahouse.yaml")
    for k in range(1, 11):
        town.play_tick(k)
    assert any("旅人" in r for r in _reasons(town, "xiaoliang", "aqing"))
    aqing_before = _reasons(town, "aqing", "xiaoliang")
    town.forget("player", npc="xiaoliang")
    assert not any("旅人" in r for r in _reasons(town, "xiaoliang", "aqing")), _reasons(town, "xiaoliang", "aqing")
    assert _reasons(town, "aqing", "xiaoliang") == aqing_before  # the erasure was for 小梁 alone
    strengths = [e.strength for e in town.world.graph.edges_between("xiaoliang", "aqing")]
    assert strengths and max(strengths) > 0.8  # the mediation's effect stays: no rewind
