"""Memory layers as a player would notice them: events fold into summaries, summaries move
impressions a bounded step, impressions colour how news is taken, and LLM writers never stall.
"""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from townsfolk.agents.appraisal import impression_bias
from townsfolk.agents.llm.protocol import LLMResponse
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.agents.memory_writer import acceptable, llm_writers
from townsfolk.memory.consolidation import (
    IMPRESSION_STEP,
    SUMMARY_THRESHOLD,
    ImpressionDraft,
    SummaryDraft,
    consolidate,
    offline_impression,
    offline_summary,
)
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression
from townsfolk.memory.store import MemoryStore
from townsfolk.sim import actions
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import load_scenario, parse_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
T0 = datetime(2026, 3, 1, 8, 0)
NAMES = {"aqing": "阿青", "xiaoliang": "小梁", "guke": "老顾客"}


def _scenario(timeline: str, impressions: str = "") -> str:
    return f"""
scenario: layers
language: zh
seed: 1
start: 2026-03-01T08:00
tick: 1h
characters:
  aqing: {{name: 阿青, role: 茶铺老板}}
  xiaoliang: {{name: 小梁, role: 送货的邻居}}
  guke: {{name: 老顾客}}
relationships:
  - {{from: aqing, to: xiaoliang, kind: partner, strength: 0.8, mutual: true}}
impressions:
{impressions or "  []"}
timeline:
{timeline}
"""


def _run_ticks(yaml_text: str) -> tuple[Simulation, dict[int, list]]:
    """Play a small scenario tick by tick (lexical embedder: no model needed), keeping each tick's log."""
    sc = parse_scenario(yaml_text)
    world, memory = build_world(sc)
    sim = Simulation(world, memory, embedder=LexicalEmbedder())
    beats = sc.beats_by_tick()
    logs = {}
    for tick in range(sc.last_tick + 1):
        logs[tick] = sim.run_tick(tick, beats.get(tick, []))
    return sim, logs


# --- consolidation: the threshold ----------------------------------------------------------------
def test_events_fold_only_once_gathered_importance_crosses_the_threshold():
    # valence 0.15 -> importance 0.35 each: 3 events (1.05) are not enough, the 4th (1.40) is
    sim, logs = _run_ticks(_scenario(
        "  - {at: 1, every: 1, until: 6, happen: {what: 小梁送货时顺手帮阿青搬了茶叶, actor: xiaoliang, "
        "witnesses: [aqing], valence: 0.15}}"))
    m = sim.memory
    summary_ticks = [t for t, log in logs.items() for e in log if e.kind == "summary"]
    assert summary_ticks == [4], {t: [e.text for e in log] for t, log in logs.items()}
    [s] = m.summaries_of("aqing", "xiaoliang")
    witnessed = [e for e in m.events_of("aqing") if e.source == "witnessed"]
    assert len(witnessed) == 6
    first4, rest = witnessed[:4], witnessed[4:]
    assert sum(e.importance for e in first4[:3]) < SUMMARY_THRESHOLD <= sum(e.importance for e in first4)
    # the summary links exactly the events it covers, and they are archived and point back at it
    assert s.covers == [e.id for e in first4]
    for e in first4:
        assert e.status == "archived"
        assert e.meta.get("absorbed_by") == s.id
    # events after the fold are still raw, waiting for the next one
    for e in rest:
        assert e.status == "active"
        assert "absorbed_by" not in e.meta
    # the summary keeps the cause: what 小梁 kept doing, counted
    assert "帮了忙" in s.text and "4" in s.text, s.text


def test_two_weighty_events_do_not_fold_before_the_minimum_count():
    # importance 0.7 each: two already pass the threshold by weight but are too few to summarise
    sim, logs = _run_ticks(_scenario(
        "  - {at: 1, every: 1, until: 3, happen: {what: 小梁送货时顺手帮阿青搬了茶叶, actor: xiaoliang, "
        "witnesses: [aqing], valence: 0.5}}"))
    summary_ticks = [t for t, log in logs.items() for e in log if e.kind == "summary"]
    assert summary_ticks == [3]
    [s] = sim.memory.summaries_of("aqing", "xiaoliang")
    assert len(s.covers) == 3


# --- impressions move a bounded step -------------------------------------------------------------
class _Ids:
    def __init__(self) -> None:
        self._n = itertools.count(1)

    def __call__(self, prefix: str) -> str:
        return f"{prefix}{next(self._n)}"


def _bad_events(memory: MemoryStore, new_id: _Ids, when: datetime, n: int = 3) -> None:
    for k in range(n):
        memory.put(EventMemory(id=new_id("e"), holder="aqing", tick=0, time=when + timedelta(minutes=k),
                               what="小梁偷了店里的钱", about="xiaoliang", participants=["xiaoliang", "aqing"],
                               importance=1.0, valence=-1.0, intensity=1.0, source="witnessed"))


def _fold(memory: MemoryStore, new_id: _Ids, when: datetime):
    return consolidate(memory, "aqing", names=NAMES, language="zh", tick=0, now=when, new_id=new_id)


def _trusting_memory() -> tuple[MemoryStore, _Ids]:
    memory, new_id = MemoryStore(), _Ids()
    memory.put(Impression(id=new_id("i"), holder="aqing", about="xiaoliang", text="靠得住", valence=0.8,
                          confidence=0.7, tick=0, time=T0))
    return memory, new_id


def test_one_very_negative_summary_cannot_flip_a_strongly_positive_impression():
    memory, new_id = _trusting_memory()
    _bad_events(memory, new_id, T0)
    done = _fold(memory, new_id, T0 + timedelta(hours=1))
    assert len(done.summaries) == 1
    s = done.summaries[0]
    assert s.valence == pytest.approx(-1.0) and s.importance == pytest.approx(1.0)  # as bad as it gets
    imp = memory.impression("aqing", "xiaoliang")
    assert imp is not None
    assert 0.0 < imp.valence < 0.8, imp  # shaken, not overturned
    assert 0.8 - imp.valence <= IMPRESSION_STEP * (0.8 - (-1.0)) + 1e-9
    assert "靠得住" in imp.text  # the old judgement is qualified, not replaced
    assert s.id in imp.sources


def test_repeated_negative_summaries_move_the_impression_step_by_step():
    memory, new_id = _trusting_memory()
    valences = [0.8]
    when = T0
    for _ in range(6):
        when += timedelta(days=1)
        _bad_events(memory, new_id, when)
        done = _fold(memory, new_id, when + timedelta(hours=1))
        assert len(done.summaries) == 1
        valences.append(memory.impression("aqing", "xiaoliang").valence)
    steps = [b - a for a, b in itertools.pairwise(valences)]
    assert all(d < 0 for d in steps), valences  # monotonic: every summary moves it further down
    for before, d in zip(valences, steps, strict=False):
        assert abs(d) <= IMPRESSION_STEP * abs(-1.0 - before) + 1e-9, valences  # bounded each time
    assert valences[1] > 0 > valences[-1], valences  # one summary did not flip it; repeated ones did
    assert len(memory.impressions_of("aqing")) == 1  # the same impression moved, none piled up
    imp = memory.impression("aqing", "xiaoliang")
    assert "偷" in imp.text, imp.text  # read as theft now (the open inventory), no longer the vaguer "dishonest"
    assert len(imp.sources) == 6


# --- impressions feed appraisal ------------------------------------------------------------------
@pytest.mark.parametrize("via", ["happen", "appraisal"])
def test_the_same_lateness_costs_a_reliable_partner_less(via):
    def drop(valence: float) -> float:
        impressions = (f"  - {{holder: aqing, about: xiaoliang, text: {'可靠' if valence > 0 else '不靠谱'}, "
                       f"valence: {valence}, confidence: 0.7}}")
        world, memory = build_world(parse_scenario(_scenario("  []", impressions)))
        before = world.graph.get("aqing", "xiaoliang", "partner").strength
        if via == "happen":
            world.clock.tick = 1
            actions.happen(world, memory, what="小梁的货晚到了", actor="xiaoliang", about=None,
                           witnesses=["aqing"], valence=-0.2, place=None)
        else:
            from townsfolk.agents.appraisal import appraise_belief
            from townsfolk.memory.perception import perceive_happening

            world.clock.tick = 1
            fact = world.record("happen", actor="xiaoliang", about="xiaoliang", text="小梁的货晚到了",
                                witnesses=("aqing",), valence=-0.2)
            for b in perceive_happening(world, memory, fact):
                appraise_belief(world, memory, b)
        return before - world.graph.get("aqing", "xiaoliang", "partner").strength

    reliable, unreliable = drop(0.8), drop(-0.8)
    assert reliable > 0, "even a trusted partner's lateness is noticed"
    assert unreliable > reliable * 2, (reliable, unreliable)


def test_impression_bias_orders_good_none_bad():
    memory = MemoryStore()
    assert impression_bias(memory, "aqing", "xiaoliang") == 1.0
    memory.put(Impression(id="i1", holder="aqing", about="xiaoliang", text="可靠", valence=0.8, confidence=0.7,
                          tick=0, time=T0))
    memory.put(Impression(id="i2", holder="aqing", about="guke", text="不靠谱", valence=-0.8, confidence=0.7,
                          tick=0, time=T0))
    assert impression_bias(memory, "aqing", "xiaoliang") < 1.0 < impression_bias(memory, "aqing", "guke")


# --- LLM writers fall back to the offline words --------------------------------------------------
ZH_SUMMARY = SummaryDraft(holder="aqing", about="xiaoliang", about_name="小梁", language="zh",
                          texts=["小梁的货晚到了"] * 3, valences=[-0.2] * 3, days=3.0, predicate="late", count=3)
EN_SUMMARY = SummaryDraft(holder="martha", about="tom", about_name="Tom", language="en",
                          texts=["Tom was late with the flour"] * 3, valences=[-0.2] * 3, days=3.0,
                          predicate="late", count=3)
ZH_IMPRESSION = ImpressionDraft(holder="aqing", about="xiaoliang", about_name="小梁", language="zh",
                                old_text="可靠", old_valence=0.6, new_valence=0.4,
                                summary_text="这3天里，小梁3次迟到", predicate="late")

BAD_ANSWERS = {
    "garbage": "%%% not json at all <<<",
    "wrong_language": '{"text": "He was late three times this week."}',
    "five_sentences": '{"text": "他迟到了。他又迟到了。他总是迟到。我很生气。算了。"}',
    "too_long": '{"text": "' + "小梁迟到" * 60 + '"}',
    "empty": '{"text": "   "}',
    "wrong_shape": '{"summary": "小梁老迟到"}',
}


@pytest.mark.parametrize("kind", sorted(BAD_ANSWERS))
def test_llm_summary_writer_falls_back_on_a_bad_answer(kind):
    provider = ScriptedProvider(lambda _req: BAD_ANSWERS[kind])
    seen: list[LLMResponse] = []
    summary, impression = llm_writers(provider, seen.extend)
    assert summary(ZH_SUMMARY) == offline_summary(ZH_SUMMARY)
    assert impression(ZH_IMPRESSION) == offline_impression(ZH_IMPRESSION)
    assert seen and len(seen) == len(provider.requests)  # every call was accounted for


def test_llm_writer_refuses_chinese_for_an_english_world():
    provider = ScriptedProvider(lambda _req: '{"text": "汤姆这几天老迟到。"}')
    summary, _ = llm_writers(provider)
    assert summary(EN_SUMMARY) == offline_summary(EN_SUMMARY)


def test_llm_writer_falls_back_when_the_call_fails():
    provider = ScriptedProvider(lambda _req: LLMResponse(error="timeout after 30s", model="m"))
    seen: list[LLMResponse] = []
    summary, impression = llm_writers(provider, seen.extend)
    assert summary(ZH_SUMMARY) == offline_summary(ZH_SUMMARY)
    assert impression(ZH_IMPRESSION) == offline_impression(ZH_IMPRESSION)
    assert [r.error for r in seen] == ["timeout after 30s"] * 2  # no repair turn for a failed call


def test_llm_writer_keeps_a_good_answer():
    provider = ScriptedProvider(['{"text": "这几天小梁老是迟到，但人还靠得住。"}', '{"text": "靠得住，就是爱迟到"}'])
    summary, impression = llm_writers(provider)
    assert summary(ZH_SUMMARY) == "这几天小梁老是迟到，但人还靠得住。"
    assert impression(ZH_IMPRESSION) == "靠得住，就是爱迟到"
    assert provider.remaining == 0


def test_acceptable_rules():
    assert acceptable("小梁这几天老迟到。", "zh")
    assert not acceptable("Tom was late.", "zh")
    assert not acceptable("小梁迟到。", "en")
    assert not acceptable("一。二。三。", "zh")
    assert not acceptable("", "zh")


def _always_fails(_req):
    return LLMResponse(error="connection refused", model="broken")


def _always_garbage(_req):
    return "I am sorry, I cannot help with that."


@pytest.mark.parametrize("script", [_always_fails, _always_garbage], ids=["errors", "garbage"])
def test_a_run_with_a_broken_model_keeps_ticking_on_the_offline_writer(script):
    scenario = load_scenario(SCENARIOS / "teahouse_season.yaml")
    provider = ScriptedProvider(script, name="broken", model="broken")
    result = play(scenario, provider=provider, until=200)
    assert result.ticks == 201
    assert [r.at for r in result.results] == [8, 200]
    assert not result.failed, [(r.description, r.found) for r in result.failed]
    summaries = result.sim.memory.summaries_of("aqing", "xiaoliang")
    assert any("帮了忙" in s.text for s in summaries), [s.text for s in summaries]
    assert not any("sorry" in s.text for s in summaries), [s.text for s in summaries]
    assert any(e.kind == "summary" for e in result.log)
    assert result.usage.model_calls > 0  # the model really was asked ...
    assert len(provider.requests) == result.usage.model_calls
    if script is _always_fails:
        assert len(result.usage.failures) == result.usage.model_calls  # ... and every call failed
