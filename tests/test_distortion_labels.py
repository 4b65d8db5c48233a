"""A distortion is named only when the words or the substance changed: "stole" retold by an
exaggerator is still "stole" (nothing harsher to say), so it is retold as it was, not "说重了";
a remark made harsher is still "intensify" (the control), and `why` on a run of before shows the
same words as passed on faithfully."""

from __future__ import annotations

import numpy as np

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.gossip import distort
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario
from townsfolk.sim.why import chain_of

WORLD = """
scenario: 渡口的鱼
language: zh
seed: 4
characters:
  a: {name: 老鲁}
  b: {name: 阿满, traits: {exaggeration: 1.0, candour: 0.0}}
  c: {name: 阿青}
  t: {name: 小毛}
relationships:
  - {from: c, to: t, kind: friend, strength: 0.7}
timeline:
  - {at: 1, happen: {what: 小毛在渡口偷了一筐鱼, actor: t, witnesses: [b], valence: -0.5}}
  - {at: 2, gossip: {teller: b, to: c, about: t}}
  - {at: 3, gossip: {teller: b, to: a, about: t}}
  - {at: 4, gossip: {teller: b, to: c, about: t}}
  - {at: 5, gossip: {teller: b, to: a, about: t}}
  - {at: 6, gossip: {teller: b, to: c, about: t}}
"""


def test_the_top_of_the_ladder_is_retold_as_it_was() -> None:
    rng = np.random.default_rng(0)
    theft = Claim(about="t", predicate="theft", severity=0.6)
    same, applied = distort(theft, "intensify", listener="c", others=[], rng=rng)
    assert applied == "faithful" and same == theft
    remark = Claim(about="t", predicate="remark", severity=0.05, quote="by the ferry")
    worse, applied = distort(remark, "intensify", listener="c", others=[], rng=rng)
    assert applied == "intensify" and worse.predicate != "remark"


def test_no_intensify_label_on_the_same_words_in_a_run() -> None:
    result = play(parse_scenario(WORLD))
    beliefs = result.sim.memory.beliefs
    retold = [b for b in beliefs.values() if b.parent_id]
    assert len(retold) >= 4
    assert not [b.text for b in retold if b.distortion == "intensify" and b.text == beliefs[b.parent_id].text]
    assert any(b.claim.predicate == "theft" and b.distortion == "faithful" for b in retold)  # an exaggerator's
    told = [e.text for e in result.log if e.kind == "gossip"]
    assert not [t for t in told if "说重了" in t and "偷了东西" in t], told


def test_why_names_the_same_words_faithful_in_a_run_of_before() -> None:
    memory = MemoryStore()
    claim = Claim(about="t", predicate="theft", severity=0.6)
    common = dict(claim=claim, text="小毛偷了东西", tick=1, time="2026-01-01T00:00:00")
    memory.put(Belief(id="b1", holder="a", source="witnessed", hops=0, credibility=0.95, **common))
    memory.put(Belief(id="b2", holder="c", source="told", told_by="a", hops=1, parent_id="b1", credibility=0.6,
                      distortion="intensify", **common))
    memory.put(Belief(id="b3", holder="d", source="told", told_by="c", hops=2, parent_id="b2", credibility=0.5,
                      distortion="generalise", **{**common, "text": "小毛手脚一向不干净"}))
    chain = chain_of(memory, memory.beliefs["b3"])
    assert [h.distortion for h in chain] == ["faithful", "faithful", "generalise"]


def test_dropping_a_hedge_drops_it_from_the_words_retold() -> None:
    rng = np.random.default_rng(0)
    for words, without in (("我好像看见小毛昨晚在渡口转悠", "我看见小毛昨晚在渡口转悠"),
                           ("I think Mo was by the mill last night", "Mo was by the mill last night")):
        hedged = Claim(about="t", predicate="remark", severity=0.05, said_by="a", quote=words, hedged=True)
        plain, applied = distort(hedged, "drop_hedge", listener="c", others=[], rng=rng)
        assert applied == "drop_hedge" and plain.quote == without and not plain.hedged
    odd = Claim(about="t", predicate="remark", severity=0.05, said_by="a", quote="小毛在渡口", hedged=True)
    assert distort(odd, "drop_hedge", listener="c", others=[], rng=rng) == (odd, "faithful")
