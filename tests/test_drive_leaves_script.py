"""With `drive: true` the scripted tellings happen as written (session 24, K-50; sim/drive_script.py).

钱师傅 spoke up on his own at t1 and told 胖婶 of the soured vat in his own words; the script's t2 line
(钱师傅 to 胖婶 about 二柱) then lost to it, 胖婶's t3 gossip passed on the unattributed version, 小六 had
nothing about 钱师傅 to tell 二柱 at t4, and three of the four expectations failed ("实际：没有看法").
The same file with `drive: false` passed all four.
"""

from __future__ import annotations

from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

SCENARIO = """\
scenario: 一缸酸酒
language: zh
seed: 11
start: 2026-11-02T06:00
tick: 1h
drive: true
settled_days: 300
characters:
  qian: {name: 钱师傅, traits: {candour: 0.7, exaggeration: 0.3, mischief: 0.1}}
  erzhu: {name: 二柱, traits: {candour: 0.6, exaggeration: 0.2}}
  pangshen: {name: 胖婶, pronoun: she, traits: {candour: 0.3, exaggeration: 0.8, mischief: 0.3}}
  xiaoliu: {name: 小六, traits: {candour: 0.5, exaggeration: 0.6, mischief: 0.2}}
  axiu: {name: 阿秀, pronoun: she, traits: {candour: 0.8, exaggeration: 0.1}}
relationships:
  - {from: qian, to: erzhu, kind: mentor, strength: 0.8}
  - {from: erzhu, to: qian, kind: colleague, strength: 0.8}
  - {from: qian, to: axiu, kind: family, strength: 0.9, mutual: true}
  - {from: pangshen, to: qian, kind: neighbour, strength: 0.6, mutual: true}
  - {from: pangshen, to: xiaoliu, kind: customer, strength: 0.5, mutual: true}
  - {from: xiaoliu, to: erzhu, kind: friend, strength: 0.85, mutual: true}
  - {from: axiu, to: erzhu, kind: colleague, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: 二柱没把酒缸封好，一缸米酒放酸了, actor: erzhu, witnesses: [qian, axiu], valence: -0.4}}
  - {at: 2, say: {speaker: qian, to: pangshen, about: erzhu, text: 二柱这两天心不在焉}}
  - {at: 3, gossip: {teller: pangshen, to: xiaoliu, about: erzhu}}
  - {at: 4, gossip: {teller: xiaoliu, to: erzhu, about: qian}}
expect:
  - {at: 4, belief: {holder: erzhu, about: qian, min_hops: 2}}
"""


def test_the_drive_leaves_a_scripted_telling_to_the_script() -> None:
    run = play(parse_scenario(SCENARIO))
    assert run.results and not run.failed, run.failed  # was: "实际：没有看法"
    world, memory = run.sim.world, run.sim.memory
    before = [f for f in world.facts if f.actor == "qian" and f.to == ("pangshen",) and f.tick < 2]
    assert all("二柱" not in f.text for f in before), [f.text for f in before]  # not a word of it at t1
    (heard,) = memory.beliefs_of("pangshen", "erzhu")
    assert heard.claim.said_by == "qian"  # what the t2 line said, as 钱师傅's words
