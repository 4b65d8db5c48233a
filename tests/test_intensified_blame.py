"""A remark that gossip makes harsher ("was by the well" -> "is careless") now blames, and is
appraised like any blaming claim: the listener's tie to the one blamed moves, with the belief as
its cause; a remark retold faithfully is the control that moves nothing."""

from __future__ import annotations

import numpy as np
import pytest

from townsfolk.memory.claims import Claim
from townsfolk.sim.gossip import distort
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

WORLD = {
    "zh": """
scenario: 磨坊边的话
language: zh
seed: 11
characters:
  a: {name: 阿秀}
  b: {name: 阿贵, traits: {exaggeration: 1.0, candour: 0.0}}
  c: {name: 阿兰}
  m: {name: 小满}
relationships:
  - {from: c, to: m, kind: friend, strength: 0.8}
timeline:
  - {at: 1, say: {speaker: a, to: b, about: m, text: 我看见小满昨晚在磨坊边上站着}}
  - {at: 2, gossip: {teller: b, to: c, about: m}}
""",
    "en": """
scenario: Words at the mill
language: en
seed: 11
characters:
  a: {name: Sal}
  b: {name: Gus, traits: {exaggeration: 1.0, candour: 0.0}}
  c: {name: Lin}
  m: {name: Mo}
relationships:
  - {from: c, to: m, kind: friend, strength: 0.8}
timeline:
  - {at: 1, say: {speaker: a, to: b, about: m, text: "I saw Mo standing by the mill last night"}}
  - {at: 2, gossip: {teller: b, to: c, about: m}}
""",
}


def test_an_intensified_remark_takes_the_harsher_predicates_direction() -> None:
    remark = Claim(about="m", predicate="remark", severity=0.05, said_by="a", quote="by the mill", tone=0.0)
    worse, applied = distort(remark, "intensify", listener="c", others=[], rng=np.random.default_rng(0))
    assert applied == "intensify" and worse.predicate != "remark"
    assert worse.valence < 0 and worse.blames_subject, worse
    kept, _ = distort(remark, "faithful", listener="c", others=[], rng=np.random.default_rng(0))
    assert kept.valence == 0.0


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_listeners_tie_moves_with_the_belief_as_cause(lang) -> None:
    result = play(parse_scenario(WORLD[lang]))
    told = next(e for e in result.log if e.kind == "gossip")
    sim = result.sim
    belief = sim.memory.beliefs[told.ids["belief"]]
    assert belief.distortion == "intensify" and belief.claim.predicate != "remark", told.text
    edge = sim.world.graph.get("c", "m", "friend")
    assert edge.strength < 0.8, [e.text for e in result.log]
    assert any(c.cause.kind == "belief" and c.cause.id == belief.id and c.delta < 0 for c in edge.history)
    assert any(e.kind == "edge" and e.ids.get("cause") == f"belief:{belief.id}" for e in result.log)
