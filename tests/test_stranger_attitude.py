"""Bad news of a stranger leaves an attitude: 王婆, with no tie to 老张, hears 老张 stole the mill's
wheat; her trust in him falls from a stranger's, sourced by the belief, so "why does 王婆 regard
老张 so?" walks back to who told her (agents/appraisal.py). Good news moves nothing new, and a
warm tie is moved as before, with no extra edge."""

from __future__ import annotations

import pytest

from townsfolk import Town

WORLD = """
scenario: 磨坊村
language: zh
seed: 5
characters:
  wangpo: {name: 王婆, role: 卖茶的}
  laozhang: {name: 老张, role: 磨坊主}
  xiaoli: {name: 小李, role: 挑水的}
  aniu: {name: 阿牛, role: 放牛娃}
relationships:
  - {from: wangpo, to: xiaoli, kind: neighbour, strength: 0.7, mutual: true}
  - {from: aniu, to: laozhang, kind: friend, strength: 0.7}
timeline:
  - {at: 1, say: {speaker: xiaoli, to: [wangpo, aniu], about: laozhang, text: 老张偷了磨坊的麦子}}
"""

# Landing this changes the headless towns' edges (bench/telling_cost.py's `minds` digest), and the
# batched tellings (sim/tellings.py) must form the same attitude: left for the lead to schedule.
pytestmark = pytest.mark.xfail(strict=True, reason="stranger attitudes not landed yet (changes headless digests)")


def test_bad_news_of_a_stranger_leaves_a_sourced_distrust() -> None:
    town = Town.from_scenario(WORLD)
    town.advance(2)
    world = town.world
    assert not [e for e in world.graph.edges_between("wangpo", "laozhang") if world.warm_tie(e.kind)]
    (belief,) = [b for b in town.memory.beliefs_of("wangpo") if b.claim.about == "laozhang"]
    trust = world.graph.get("wangpo", "laozhang", "trust")
    assert trust is not None and trust.strength < 0.3, trust
    assert any(c.cause.kind == "belief" and c.cause.id == belief.id for c in trust.history)
    why = town.why("wangpo", "laozhang").model_dump_json()
    assert "小李" in why and "偷" in why, why
    # a warm tie is what moves for someone tied: the trust axis beside it is left alone
    seeded = world.graph.get("aniu", "laozhang", "trust")
    assert seeded is None or all(c.cause.kind != "belief" for c in seeded.history)
    assert world.graph.get("aniu", "laozhang", "friend").strength < 0.7
