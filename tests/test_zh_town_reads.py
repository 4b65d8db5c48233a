"""A zh generated town read as a designer would (session 25, 自流井: scenarios/ziliujing.world.yaml at 300, thefts 3 a day).

- a summary over a day and a bit said "这1天里和崔志云有4件事" ("Over 1 days" in en);
- a witness asked for news after saying what she thought of 崔志云 recapped her own summary as
  "我当时不在场，我知道的就是：最近和崔志云之间不太顺…": a summary or impression of mine is my own view;
- one who passed a rumour on twice said "我也跟白才提过一句。我也跟陆军提过一句。" (now one line).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk.memory.consolidation import _span
from townsfolk.sim.simulate import simulate
from townsfolk.sim.town import Town
from townsfolk.sim.world_spec import parse_world_spec

SPEC = """\
world: 自流井
language: zh
seed: 21
start: 2026-03-09T00:00
tick: 1h
days: 2
population: 300
settled_days: 3000
traits:
  candour: {mean: 0.55, sd: 0.15}
  exaggeration: {mean: 0.5, sd: 0.2}
  mischief: {mean: 0.15, sd: 0.1}
places:
  - {id: jing, kind: work, count: 3, capacity: 30, name: {zh: "{n}号盐井"}}
  - {id: zaofang, kind: work, count: 2, capacity: 40, name: {zh: "熬盐灶房{n}"}}
  - {id: zhangfang, kind: work, capacity: 10, name: {zh: "盐号账房"}}
  - {id: yanshi, kind: market, capacity: 120, name: {zh: "盐市口"}}
  - {id: chaguan, kind: tavern, count: 2, capacity: 50, name: {zh: "王爷庙茶馆{n}"}}
  - {id: wangyemiao, kind: temple, capacity: 60, name: {zh: "王爷庙"}}
roles:
  - {id: shanjiang, name: {zh: 山匠}, share: 0.2, works_at: jing, hours: [18, 6]}
  - {id: zaohu, name: {zh: 灶户}, share: 0.25, works_at: zaofang, hours: [6, 18]}
  - {id: tiaofu, name: {zh: 挑夫}, share: 0.2, works_at: yanshi, hours: [5, 14], traits: {exaggeration: {mean: 0.7, sd: 0.1}}}
  - {id: zhangfang, name: {zh: 账房先生}, share: 0.03, works_at: zhangfang, hours: [8, 17], traits: {candour: {mean: 0.8, sd: 0.1}}}
  - {id: jiashu, name: {zh: 打零工的}, share: 0.32}
social:
  households: {size_mean: 3.2, size_max: 6}
  workplaces: {per_npc: 3}
  friendships: {model: powerlaw_cluster, m: 2, p: 0.15, rivals: 0.08}
evening:
  weights: {home: 0.5, tavern: 0.35, temple: 0.15}
events:
  - {id: cuozhang, rate_per_day: 1, predicate: careless, valence: -0.4, at: [work], roles: [zhangfang], witnesses: 2,
     text: {zh: "{actor}把两笔盐账记混了"}}
  - {id: tousuo, rate_per_day: 3, predicate: theft, valence: -0.7, other: true, at: [market], witnesses: 2,
     text: {zh: "{actor}顺走了{other}的一包盐巴"}}
  - {id: bangbei, rate_per_day: 3, predicate: helpful, valence: 0.4, other: true, at: [market, work], witnesses: 2,
     text: {zh: "{actor}替{other}背了一趟盐下山"}}
  - {id: chaojia, rate_per_day: 1.5, predicate: quarrel, valence: -0.4, other: true, at: [tavern], witnesses: 3,
     text: {zh: "{actor}在{place}跟{other}为了工钱红了脸"}}
  - {id: lufeng, rate_per_day: 0.5, predicate: mishap, valence: -0.3, at: [work], roles: [shanjiang], witnesses: 3,
     text: {zh: "{actor}守的那口井卤水管裂了"}}
  - {id: fare, rate_per_day: 0.5, predicate: illness, valence: -0.3,
     text: {zh: "{actor}烧得起不来床"}}
rumour:
  rule: townsfolk
  tell_probability: 0.3
  meetings_per_hour: 0.5
  seed_fraction: 0.02
  seed_events: [cuozhang]
players:
  - {id: keshang, name: 收盐的客商, visits: [market, tavern], meets_per_hour: 1.0}
"""


def test_a_day_and_a_bit_is_said_in_words() -> None:
    assert _span(1.2, True) == "这一天里" and _span(2.0, True) == "这两天里" and _span(3.0, True) == "这3天里"
    assert _span(1.2, False) == "Over the day" and _span(3.0, False) == "Over 3 days"


@pytest.fixture(scope="module")
def run_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("zilujing") / "y.db"
    simulate(parse_world_spec(SPEC), db=db)
    return db


def test_my_own_summary_is_never_recapped_as_not_there(run_db: Path) -> None:
    town = Town.open(run_db, read_only=True)
    seen = [(b.holder, b.claim.about) for c in town.npcs() for b in town.memory.beliefs_of(c) if b.source == "witnessed"
            and town.memory.summaries_of(c, b.claim.about)]
    assert seen
    asked = 0
    for holder, about in seen[:4]:
        town.say("keshang", holder, f"你觉得{town.world.name(about)}这人怎么样？")
        news = town.say("keshang", holder, "最近镇上有什么新鲜事？").text
        assert "不在场" not in news, news  # was: 我当时不在场，我知道的就是：最近和崔志云之间不太顺…
        asked += 1
    assert asked


def test_whom_i_passed_it_on_to_is_said_in_one_line(run_db: Path) -> None:
    town = Town.open(run_db, read_only=True)
    passed = [c for c in town.npcs() if sum(1 for e in town.memory.events_of(c) if e.source == "said") >= 2
              and any(b.source == "told" for b in town.memory.beliefs_of(c))]
    answers = []
    for c in passed:
        about = next(b.claim.about for b in town.memory.beliefs_of(c) if b.source == "told")
        answers.append(town.say("keshang", c, f"你听说{town.world.name(about)}的事了吗？").text)
    assert any("提过一句" in a for a in answers), answers
    assert all(a.count("我也跟") <= 1 for a in answers), [a for a in answers if a.count("我也跟") > 1]


def test_the_one_robbed_says_what_was_taken(run_db: Path) -> None:
    # "你丢了什么东西？" -> "这个我不太清楚。", "谁拿的？" -> "这事我没听说过。" (en K-45: "What was stolen from you?")
    town = Town.open(run_db, read_only=True)
    robbed = [(c, b) for c in town.npcs() for b in town.memory.beliefs_of(c)
              if b.claim.obj == c and b.claim.predicate == "theft" and b.source == "witnessed"]
    assert robbed
    npc, belief = robbed[0]
    thief = town.world.name(belief.claim.about)
    for question in ("你丢了什么东西？", "谁拿的？"):
        said = town.say("keshang", npc, question).text
        assert thief in said and "我的" in said, (question, said)
