"""A theft retold keeps what was taken and from whom: "Tom stole Bram's nets" was told on as "Lars says Tom stole
something" / 阿海偷了东西, and the rendered belief said no more (memory/claims.py DEED_WORDS). Words that name
someone as I or you (whose they were is lost with the speaker) keep the label, as before."""

from __future__ import annotations

import numpy as np

from townsfolk import Town
from townsfolk.memory.claims import claim_from_text, render_claim
from townsfolk.sim import actions
from townsfolk.sim.gossip import distort

WORLD = """
scenario: nets
language: {lang}
seed: 5
start: 2026-04-01T08:00
tick: 1h
characters:
  wangpo: {{name: {wangpo}, role: tea seller}}
  ahai: {{name: {ahai}, role: fisherman}}
  bram: {{name: {bram}, role: net maker}}
  xiaoli: {{name: {xiaoli}, role: water carrier, traits: {{candour: 1.0, exaggeration: 0.0, mischief: 0.0}}}}
  aniu: {{name: {aniu}, role: cowherd}}
relationships:
  - {{from: wangpo, to: xiaoli, kind: neighbour, strength: 0.7, mutual: true}}
  - {{from: xiaoli, to: aniu, kind: friend, strength: 0.9, mutual: true}}
timeline:
  - {{at: 1, say: {{speaker: wangpo, to: xiaoli, about: ahai, text: "{said}"}}}}
"""
NAMES = {"zh": dict(wangpo="王婆", ahai="阿海", bram="老卜", xiaoli="小李", aniu="阿牛"),
         "en": dict(wangpo="Wanda", ahai="Tom", bram="Bram", xiaoli="Lia", aniu="Arno")}
SAID = {"zh": "阿海偷了老卜的渔网", "en": "Tom stole Bram's nets"}


def test_a_retold_theft_keeps_the_thing_and_the_victim() -> None:
    for lang in ("en", "zh"):
        town = Town.from_scenario(WORLD.format(lang=lang, said=SAID[lang], **NAMES[lang]))
        town.advance(2)
        actions.gossip(town.world, town.memory, teller="xiaoli", listener="aniu", about="ahai", text=None)
        heard = [b for b in town.memory.beliefs_of("aniu") if b.claim.about == "ahai"]
        assert heard and heard[0].claim.predicate == "theft", lang
        want = ("nets", "Bram") if lang == "en" else ("渔网", "老卜")
        assert all(w in heard[0].text for w in want), heard[0].text
        held = [b for b in town.memory.beliefs_of("xiaoli") if b.claim.about == "ahai"]
        assert all(w in held[0].text for w in want), held[0].text


def test_a_theft_said_with_i_or_you_keeps_its_label() -> None:
    names = {"ash": "Ash", "red": "Red", "zhou": "阿周"}
    claim = claim_from_text("Ash stole your fish basket", about="ash", said_by="red", embedder=None)
    assert render_claim(claim, names, "en") == "Red says Ash stole something"
    claim = claim_from_text("阿周偷了我的鱼篓", about="zhou", said_by="red", embedder=None)
    assert render_claim(claim, names, "zh") == "Red说阿周偷了东西"


def test_a_misattributed_theft_keeps_its_words() -> None:
    """Misattributed, the theft is told as someone else's word, still what was taken and from whom."""
    claim = claim_from_text("Tom stole Bram's nets", about="tom", said_by="wanda", embedder=None)
    told, applied = distort(claim, "misattribute", listener="arno", others=["pell"], rng=np.random.default_rng(0))
    assert applied == "misattribute" and told.said_by == "pell"
    assert render_claim(told, {"tom": "Tom", "pell": "Pell"}, "en") == 'Pell says: "Tom stole Bram\'s nets"'
