"""A mishap is news, not blame: a wheel stuck in a crack must not read as a broken promise and cool
the ties to the one it happened to, while real broken promises, thefts and insults still read as
what they are (sentences written for this test, none of them an example sentence of the inventory)."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read
from townsfolk.memory.predicates import BUILTIN, BUILTIN_INVENTORY
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.scenario import parse_scenario

MISHAPS_ZH = ["老马的车轮卡在桥缝里了", "阿秀的伞被风吹跑了", "王婶的井绳断了，桶掉进井里", "老周的船在浅滩搁浅了",
              "小林的驴在路上崴了脚", "雪太厚，邮差今天没走到村口", "豆腐坊的磨盘裂了一道缝", "阿梅感冒了，嗓子哑了",
              "张伯的钥匙掉进了沟里", "雨太大，集市散得早", "老陈的牛车陷在泥里出不来", "小孙家的屋顶被雪压塌了一角",
              "渡船因为大雾停了一上午", "刘嫂做饭时把手烫了"]
MISHAPS_EN = ["The cart's axle snapped on the hill road.", "Mara's kite got tangled in the chestnut tree.",
              "The well rope frayed and the bucket fell in.", "Fog held the ferry at the far bank all morning.",
              "Old Ben slipped on the ice and sprained his wrist.", "Tessa caught a cold and lost her voice.",
              "The bakery oven cracked overnight.", "The mule threw a shoe halfway to the mill.",
              "A tree came down across the lane in the wind.", "Jonah's boots got soaked crossing the ford.",
              "The snow kept the post rider from reaching town.", "Greta's wagon wheel jammed in a rut by the bridge.",
              "The river rose and the stepping stones went under.", "Pell's goat wandered off in the night."]
BLAME_ZH = [("老马答应今天把车修好，结果人影都没见着", "promise_broken"), ("阿贵说好月底还钱，到现在一分没还", "promise_broken"),
            ("铺子里的铜秤被老吴顺手拿回家了", "theft"), ("小杨当着全街的人骂老板娘是母夜叉", "insulted"),
            ("他趁没人的时候把柜台里的钱揣进了兜里", "theft"), ("她说好周末来，又放了我们鸽子", "promise_broken"),
            ("老吴往米里掺沙子卖给街坊", "dishonest"), ("王二把邻居家的鸭子偷偷抱走了", "theft"),
            ("他拍着胸脯保证按时交货，最后一件都没交", "promise_broken"), ("老刘在酒桌上骂村长是个废物", "insulted")]
BLAME_EN = [("Corin swore he'd bring the rope back by noon and never showed.", "promise_broken"),
            ("She pocketed the coins from the collection box.", "theft"),
            ("He sneered at the widow and called her a beggar.", "insulted"),
            ("Dell promised to mend the fence before the rains and left it lying.", "promise_broken"),
            ("Somebody saw Hal walk off with the smith's hammer.", "theft"),
            ("He cursed the miller's wife in front of the whole market.", "insulted"),
            ("She gave her word to keep the stall for me, then rented it to someone else.", "promise_broken"),
            ("He took the widow's rent and kept it for himself.", "theft"),
            ("He mixed sand into the flour he sold.", None)]


def _blames(key: str) -> bool:
    spec = BUILTIN_INVENTORY[key]
    return spec.blames_subject and spec.valence < 0


def test_the_sentences_are_not_the_inventorys_examples() -> None:
    examples = {e for spec in BUILTIN for e in spec.examples}
    ours = MISHAPS_ZH + MISHAPS_EN + [t for t, _ in BLAME_ZH + BLAME_EN]
    assert len(ours) >= 40 and not examples & set(ours)


@pytest.mark.parametrize("text", MISHAPS_ZH + MISHAPS_EN)
def test_a_mishap_blames_nobody(text: str) -> None:
    reading = read(text)
    assert not _blames(reading.key), f"{text!r} read as {reading.key} ({reading.via})"


@pytest.mark.parametrize(("text", "key"), BLAME_ZH + BLAME_EN)
def test_a_real_wrong_still_reads_as_blame(text: str, key: str | None) -> None:
    reading = read(text)
    assert _blames(reading.key) and not reading.negated, f"{text!r} read as {reading.key} ({reading.via})"
    if key is not None:
        assert reading.key == key


@pytest.mark.parametrize("text", ["He promised to come and he never once let us down.", "他说好周五来，果然没迟到。",
                                  "小杨被老板娘骂是懒骨头，气得直哭"])
def test_the_span_rules_do_not_misfire(text: str) -> None:
    reading = read(text)
    assert reading.key not in ("promise_broken", "insulted") or reading.via != "cue" or reading.negated


WORLD = """scenario: the stuck wheel
language: zh
characters:
  laoma: {name: 老马}
  axiu: {name: 阿秀}
relationships:
  - {from: axiu, to: laoma, kind: friend, strength: 0.6, mutual: true}
timeline:
  - {at: 1, happen: {what: 老马的车轮卡在桥缝里了, about: laoma, witnesses: [axiu], valence: -0.3}}
"""


def test_a_stuck_wheel_cools_no_tie() -> None:
    scenario = parse_scenario(WORLD)
    world, memory = build_world(scenario)
    sim = Simulation(world, memory)
    before = {k: e.strength for k, e in ((k, world.graph.get("axiu", "laoma", k)) for k in ("friend", "trust", "affinity"))
              if e is not None}
    for tick, beats in sorted(scenario.beats_by_tick().items()):
        sim.run_tick(tick, beats)
    belief = next(b for b in memory.beliefs_of("axiu") if b.claim.about == "laoma")
    assert belief.claim.predicate == "mishap" and not belief.claim.blames_subject
    for kind, strength in before.items():
        assert world.graph.get("axiu", "laoma", kind).strength >= strength, kind
