"""A mediation's account, as the holder later recaps it and keeps it.

Newcomer findings (session 18): Pike's recap of Rourke's account said "all that was really said was
that I broke my sextant again" (the sextant is Rourke's), 阿虎's "当时只说了我又把我的戏服弄坏了" (the
costume is 小翠's): the teller's first person became the holder's. And two mistaken retellings of the
same words were each replaced by their own account, leaving two identical held beliefs.
"""

from __future__ import annotations

import pytest

from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

WORLDS = {
    "en": """
scenario: two retellings
language: en
seed: 1
characters:
  rourke: {name: Rourke, traits: {candour: 0.8}}
  pike: {name: Pike}
  finn: {name: Finn, traits: {candour: 0.2, exaggeration: 0.9}}
  ada: {name: Ada, traits: {candour: 0.2, exaggeration: 0.9}}
  juno: {name: Juno, player: true}
relationships:
  - {from: pike, to: rourke, kind: colleague, strength: 0.8, mutual: true}
  - {from: finn, to: pike, kind: acquaintance, strength: 0.5, mutual: true}
  - {from: ada, to: pike, kind: acquaintance, strength: 0.5, mutual: true}
timeline:
  - {at: 1, say: {speaker: rourke, to: [finn, ada], about: pike, text: "Pike broke my sextant again. Careless, that man."}}
  - {at: 2, gossip: {teller: finn, to: pike, about: rourke}}
  - {at: 3, gossip: {teller: ada, to: pike, about: rourke}}
  - {at: 4, mediate: {player: juno, between: [rourke, pike]}}
  - {at: 5, ask: {player: juno, npc: pike, text: "Have you made up with Rourke?"}}
""",
    "zh": """
scenario: 两回传话
language: zh
seed: 2
characters:
  xiaocui: {name: 小翠, traits: {candour: 0.8}}
  ahu: {name: 阿虎}
  laolu: {name: 老陆, traits: {candour: 0.2, exaggeration: 0.9}}
  liushen: {name: 刘婶, traits: {candour: 0.2, exaggeration: 0.9}}
  zhou: {name: 周先生, player: true}
relationships:
  - {from: ahu, to: xiaocui, kind: colleague, strength: 0.8, mutual: true}
  - {from: laolu, to: ahu, kind: acquaintance, strength: 0.5, mutual: true}
  - {from: liushen, to: ahu, kind: acquaintance, strength: 0.5, mutual: true}
timeline:
  - {at: 1, say: {speaker: xiaocui, to: [laolu, liushen], about: ahu, text: 阿虎又把我的戏服弄坏了，真是马虎}}
  - {at: 2, gossip: {teller: laolu, to: ahu, about: xiaocui}}
  - {at: 3, gossip: {teller: liushen, to: ahu, about: xiaocui}}
  - {at: 4, mediate: {player: zhou, between: [xiaocui, ahu]}}
  - {at: 5, ask: {player: zhou, npc: ahu, text: 你和小翠和好了吗？}}
""",
}
HOLDER = {"en": "pike", "zh": "ahu"}
RECAP = {"en": ("I broke Rourke's sextant again", "my sextant"), "zh": ("我又把小翠的戏服弄坏了", "我的戏服")}


@pytest.fixture(scope="module", params=["en", "zh"])
def run(request):  # noqa: ANN001, ANN201
    return request.param, play(parse_scenario(WORLDS[request.param]))


def test_recap_keeps_the_tellers_person(run) -> None:  # noqa: ANN001
    lang, result = run
    reply = next(e.text for e in result.log if e.kind == "reply" and e.tick == 5)
    right, wrong = RECAP[lang]
    assert right in reply and wrong not in reply, reply


def test_one_account_supersedes_both_retellings(run) -> None:  # noqa: ANN001
    lang, result = run
    beliefs = result.sim.memory.beliefs_of(HOLDER[lang], held_only=False)
    superseded = [b for b in beliefs if b.status == "superseded"]
    accounts = [b for b in beliefs if b.source == "account" and b.status == "held"]
    assert len(superseded) == 2, [(b.id, b.text, b.status) for b in beliefs]
    assert len(accounts) == 1, [(b.id, b.text) for b in accounts]
    assert {b.superseded_by for b in superseded} == {accounts[0].id}
    # the words as said stay in the reason (verbatim), the kept account in the teller's third person
    assert all(("my sextant" if lang == "en" else "我的戏服") in b.superseded_reason for b in superseded)
