"""What a told sentence does once it is believed: one fact weighs once on a tie however many
people tell it, or after it was seen; a retelling is credited to whom it names, not to the source
of the teller's own belief; a denial is not retold as the thing it denies."""

from __future__ import annotations

import numpy as np

from townsfolk.memory.claims import Claim, render_claim
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.gossip import distort
from townsfolk.sim.scenario import parse_scenario

CANDID = "traits: {candour: 1.0, exaggeration: 0.0, mischief: 0.0}"
TOLD_TWICE = f"""scenario: the salt store
language: en
characters:
  joan: {{name: Joan}}
  ellis: {{name: Ellis}}
  lionel: {{name: Lionel, {CANDID}}}
  mabel: {{name: Mabel, {CANDID}}}
relationships:
  - {{from: ellis, to: joan, kind: friend, strength: 0.7}}
  - {{from: ellis, to: lionel, kind: friend, strength: 0.6, mutual: true}}
  - {{from: ellis, to: mabel, kind: friend, strength: 0.6, mutual: true}}
timeline:
  - {{at: 1, happen: {{what: Joan stole a sack of salt from the store, actor: joan, witnesses: [lionel, mabel], valence: -0.6}}}}
  - {{at: 2, gossip: {{teller: lionel, to: ellis, about: joan}}}}
  - {{at: 3, gossip: {{teller: mabel, to: ellis, about: joan}}}}
  - {{at: 4, happen: {{what: Joan stole a lamp from the chapel, actor: joan, witnesses: [lionel], valence: -0.6}}}}
  - {{at: 5, gossip: {{teller: lionel, to: ellis, about: joan}}}}
"""
SEEN_THEN_HEARD = f"""scenario: 盐仓
language: zh
characters:
  agui: {{name: 阿贵}}
  laozhou: {{name: 老周}}
  xiaohe: {{name: 小贺, {CANDID}}}
relationships:
  - {{from: laozhou, to: agui, kind: neighbour, strength: 0.6}}
  - {{from: laozhou, to: xiaohe, kind: friend, strength: 0.7, mutual: true}}
timeline:
  - {{at: 1, happen: {{what: 阿贵偷了老周的一袋盐, actor: agui, witnesses: [laozhou, xiaohe], valence: -0.6}}}}
  - {{at: 2, gossip: {{teller: xiaohe, to: laozhou, about: agui}}}}
"""
PINNED = """scenario: 渔网
language: zh
characters:
  ahai: {name: 阿海}
  laochen: {name: 老陈}
  xiugu: {name: 秀姑}
  wangbo: {name: 王伯}
relationships:
  - {from: laochen, to: ahai, kind: mentor, strength: 0.8}
  - {from: laochen, to: wangbo, kind: friend, strength: 0.7, mutual: true}
  - {from: wangbo, to: xiugu, kind: friend, strength: 0.6, mutual: true}
timeline:
  - {at: 1, say: {speaker: xiugu, to: wangbo, about: ahai, text: 阿海把老陈的网弄破了，也没吭声}}
  - {at: 2, gossip: {teller: wangbo, to: laochen, about: ahai, text: 阿海弄坏了你的网还撒谎说不是他}}
  - {at: 3, gossip: {teller: wangbo, to: laochen, about: ahai, text: 秀姑说阿海手脚不干净，偷了东西}}
"""


def _strengths(text: str, holder: str, other: str, kind: str) -> tuple[list[float], object, object]:
    scenario = parse_scenario(text)
    world, memory = build_world(scenario)
    sim = Simulation(world, memory)
    out = [world.graph.get(holder, other, kind).strength]
    beats = scenario.beats_by_tick()
    for tick in range(1, max(beats) + 1):
        sim.run_tick(tick, beats.get(tick, []))
        out.append(world.graph.get(holder, other, kind).strength)
    return out, world, memory


def test_a_fact_told_by_two_people_moves_the_tie_once_and_a_new_fact_moves_it_again() -> None:
    s, _, memory = _strengths(TOLD_TWICE, "ellis", "joan", "friend")
    first, second, new_fact = s[1] - s[2], s[2] - s[3], s[4] - s[5]
    assert first > 0.03, s  # the theft, heard from Lionel
    assert abs(second) < 1e-4, s  # the same theft, heard again from Mabel, as credible: nothing new
    assert new_fact > 0.02, s  # another theft is news
    told = [b for b in memory.beliefs_of("ellis", "joan") if b.claim.predicate == "theft"]
    assert len({b.origin_fact_id for b in told}) == 2 and len(told) == 3  # all believed, each kept


def test_a_rumour_of_what_you_saw_yourself_does_not_cool_you_again() -> None:
    s, _, memory = _strengths(SEEN_THEN_HEARD, "laozhou", "agui", "neighbour")
    assert s[0] - s[1] > 0.05, s  # he saw it
    assert abs(s[1] - s[2]) < 1e-4, s  # and was told it
    sources = sorted(b.source for b in memory.beliefs_of("laozhou", "agui"))
    assert sources == ["told", "witnessed"]


def test_pinned_words_that_name_no_one_are_the_tellers_own() -> None:
    _, world, memory = _strengths(PINNED, "laochen", "ahai", "mentor")
    held = {b.via_fact_id: b for b in memory.beliefs_of("laochen", "ahai")}
    by_tick = sorted(held.values(), key=lambda b: b.tick)
    own, named = by_tick[0], by_tick[1]
    assert own.told_by == "wangbo" and own.claim.said_by is None, own
    assert "秀姑" not in own.text, own.text
    assert named.claim.said_by == "xiugu" and named.text.startswith("秀姑说"), named.text


def test_a_denial_is_retold_as_a_denial() -> None:
    rng = np.random.default_rng(1)
    denial = Claim(about="dov", predicate="theft", severity=0.9, negated=True, quote="Dov didn't steal the rope",
                   tone=-0.9)
    for distortion in ("intensify", "generalise", "drop_hedge", "faithful"):
        retold, applied = distort(denial, distortion, listener="ysolde", others=[], rng=rng)
        assert retold == denial and applied == "faithful", distortion
    said = Claim(**{**denial.model_dump(), "said_by": "pell"})
    retold, applied = distort(said, "misattribute", listener="ysolde", others=["fenwick"], rng=rng)
    assert applied == "misattribute" and retold.said_by == "fenwick" and retold.quote == denial.quote
    words = render_claim(retold, {"dov": "Dov", "fenwick": "Fenwick"}, "en")
    assert "didn't steal" in words and "stole" not in words, words
