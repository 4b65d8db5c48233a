"""A mediation's timeline shows only the ties it moved, each from -> to with its reason; a tie it left
alone is not listed (a "0.69" line with no change and no reason told the player nothing)."""

from __future__ import annotations

import re

import pytest

from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

WORLDS = {
    "en": """
scenario: The ferryman's rope
language: en
seed: 6
characters:
  wynn: {name: Wynn, role: ferryman}
  tess: {name: Tess, role: net mender, traits: {exaggeration: 0.9, candour: 0.1}}
  hob: {name: Hob, role: rope maker}
  you: {name: Stranger, player: true}
relationships:
  - {from: wynn, to: hob, kind: friend, strength: 0.7, mutual: true}
  - {from: tess, to: wynn, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, say: {speaker: tess, to: wynn, about: hob, text: "Hob stole the ferry rope, I am sure of it"}}
  - {at: 2, meet: [wynn, hob]}
  - {at: 3, mediate: {player: you, between: [wynn, hob]}}
""",
    "zh": """
scenario: 渡船的缆绳
language: zh
seed: 6
characters:
  laowen: {name: 老温, role: 摆渡人}
  asang: {name: 阿桑, role: 补网的, traits: {exaggeration: 0.9, candour: 0.1}}
  xiaohe: {name: 小禾, role: 搓绳的}
  ke: {name: 外乡人, player: true}
relationships:
  - {from: laowen, to: xiaohe, kind: friend, strength: 0.7, mutual: true}
  - {from: asang, to: laowen, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, say: {speaker: asang, to: laowen, about: xiaohe, text: 小禾偷了渡船的缆绳}}
  - {at: 2, meet: [laowen, xiaohe]}
  - {at: 3, mediate: {player: ke, between: [laowen, xiaohe]}}
""",
}
MOVE = re.compile(r"\] (\d\.\d\d) → (\d\.\d\d) \((.+)\)$")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_only_moved_ties_with_from_to_and_reason(lang) -> None:
    result = play(parse_scenario(WORLDS[lang]))
    lines = [e for e in result.log if e.tick == 3 and e.kind == "edge"]
    assert lines, [e.text for e in result.log if e.tick == 3]
    for e in lines:
        m = MOVE.search(e.text)
        assert m is not None and m.group(1) != m.group(2) and m.group(3).strip(), e.text
        assert e.ids.get("cause"), e
    graph = result.sim.world.graph
    untouched = [edge.kind for edge in graph.edges_between(*lines[0].who)
                 if not [c for c in edge.history if c.tick == 3 and abs(c.after - c.before) >= 5e-3]]
    assert untouched  # familiarity, trust...: ties the mediation did not move
    assert not [e for e in lines if any(f"[{k}]" in e.text for k in untouched if k not in ("friend",))]
