"""Consolidation: events fold into summaries, summaries move impressions, one way only.

When the importance a holder has gathered about someone crosses a threshold, those events become
a one- or two-sentence summary that keeps the cause ("these three days 小梁 was late 3 times") and
the events are archived. Each summary nudges the holder's impression of that person a bounded
step, so one event can never overturn it while repeated evidence moves it step by step.
Writers are injected: an LLM-backed one when a model is configured, the offline one here otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel, Field

from townsfolk.memory.claims import PREDICATES, read_predicate
from townsfolk.memory.events import EventMemory
from townsfolk.memory.fold_bound import SUMMARISED_SOURCES, folds  # noqa: F401  (its sources, still named here)
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.world.bare import bare

SUMMARY_THRESHOLD = 1.2  # importance gathered about one person before it is folded
MIN_EVENTS = 3
IMPRESSION_STEP = 0.35  # the largest share of the gap one summary can close


class SummaryDraft(BaseModel):
    """What a summary writer is given: the events, who they are about, in which language."""

    holder: str
    about: str
    about_name: str
    language: str
    texts: list[str]
    valences: list[float]
    days: float
    predicate: str | None = None
    count: int = 0
    tellers: list[str] = Field(default_factory=list)  # names of who told the holder, first told first
    # what each event is a memory of (a fact id, else its words): one thing seen and heard twice is one thing
    things: list[str] = Field(default_factory=list)
    # per text, who told the holder ("" for what the holder saw or did): a summary names the source of
    # the thing it keeps, never another event's teller (empty: a writer of before, `tellers` for all)
    told: list[str] = Field(default_factory=list)


class ImpressionDraft(BaseModel):
    holder: str
    about: str
    about_name: str
    language: str
    old_text: str | None
    old_valence: float
    new_valence: float
    summary_text: str
    predicate: str | None = None


SummaryWriter = Callable[[SummaryDraft], str]
ImpressionWriter = Callable[[ImpressionDraft], str]


def _span(days: float, zh: bool) -> str:
    if days < 1:
        return "今天" if zh else "Today"
    n = max(1, round(days))
    return f"这{n}天里" if zh else f"Over {n} days"


def _told(d: SummaryDraft, zh: bool, said: str = "") -> str:
    """Where the holder heard it, kept in the summary so it can still say so; a teller the words
    already name ("Fergus told me: ...") is not named again."""
    told = _told_of_kept(d)
    if told is None:
        told = d.tellers
    tellers = [t for t in told if t and t not in said]
    if not tellers:
        return ""
    names = ("、" if zh else " and ").join(tellers[:3])
    if len(tellers) < len(told) or not _top_was_told(d):  # the words name one teller (or it was seen): too
        return f"（{names}也跟我说过）" if zh else f" ({names} told me too)"
    return f"（{names}跟我说的）" if zh else f" ({names} told me)"


def _top(d: SummaryDraft) -> int:
    """The event a summary keeps: the one felt most strongly (the first of equals)."""
    return int(max(range(len(d.texts)), key=lambda i: abs(d.valences[i])))


def _top_was_told(d: SummaryDraft) -> bool:
    return len(d.told) != len(d.texts) or bool(d.told[_top(d)])


def _told_of_kept(d: SummaryDraft) -> list[str] | None:
    """Who told the holder the thing the summary keeps (None: the draft does not say per text).
    A count of deeds is counted from what was seen done, so it has no teller."""
    if len(d.told) != len(d.texts) or not d.texts:
        return None
    if d.predicate and d.count >= 2 and d.predicate != "remark":
        return []
    things = d.things if len(d.things) == len(d.texts) else d.texts
    kept = things[_top(d)]
    return list(dict.fromkeys(t for t, thing in zip(d.told, things, strict=True) if t and thing == kept))


def _mood(valences: list[float], zh: bool) -> str:
    """How the stretch went: a bad report and a good deed together are mixed, not "nothing special"."""
    tone = sum(valences) / len(valences)
    if min(valences) <= -0.15 and max(valences) >= 0.15:
        return "有好有坏" if zh else "a mixed stretch"
    if zh:
        return "总的来说不太愉快" if tone < -0.1 else "总的来说挺好" if tone > 0.1 else "平平常常"
    return "not a good stretch" if tone < -0.1 else "a good stretch" if tone > 0.1 else "nothing special"


def offline_summary(d: SummaryDraft) -> str:
    """Deterministic summary: a repeated kind of event is counted, otherwise the weightiest is kept;
    who told the holder stays in the words."""
    text = _offline_summary(d)
    return text + _told(d, d.language == "zh", text)


def _count(d: SummaryDraft) -> int:
    """How many things happened: distinct facts, not the memories of them (seen once, heard twice)."""
    if len(d.things) == len(d.texts):
        return len(set(d.things))
    return len(set(d.texts))


def _offline_summary(d: SummaryDraft) -> str:
    zh = d.language == "zh"
    span = _span(d.days, zh)
    if d.predicate and d.count >= 2 and d.predicate != "remark":
        p = PREDICATES[d.predicate]
        return f"{span}，{d.about_name}{d.count}次{p.zh}" if zh else f"{span}, {d.about_name} {p.en} {d.count} times"
    top = d.texts[_top(d)]
    mood = _mood(d.valences, zh)
    n = _count(d)
    if n == 1:
        return f"{span}和{d.about_name}之间：{top.rstrip('。')}" if zh else f"{span}, with {d.about_name}: {top.rstrip('.')}"
    if zh:
        return f"{span}和{d.about_name}有{n}件事，{mood}；最记得的是：{top.rstrip('。')}"
    return f"{span}, {n} things with {d.about_name}, {mood}; the one I remember: {top.rstrip('.')}"


def offline_impression(d: ImpressionDraft) -> str:
    """Deterministic impression words: keep the old judgement, qualify it, or turn it."""
    zh = d.language == "zh"
    base = (d.old_text or "").split("，")[0].split(", ")[0] if d.old_text else ""
    if base in ("说不好", "hard to say"):
        base = ""
    pred = PREDICATES.get(d.predicate or "", None)
    if d.new_valence >= 0.3:
        base = base if d.old_valence >= 0.3 and base else ("靠得住" if zh else "dependable")
        if pred and pred.valence < 0:
            return f"{base}，但有时{pred.zh}" if zh else f"{base}, but {pred.en.replace('is ', '').replace('was ', '')} at times"
        return base
    if d.new_valence <= -0.3:
        if pred and pred.valence < 0:
            return pred.zh if zh else pred.en.replace("was ", "often ").replace("is ", "")
        return "不太好相处" if zh else "hard to get along with"
    return (f"{base}，说不好" if base else "说不好") if zh else (f"{base}, hard to say" if base else "hard to say")


def _dominant(events: list[EventMemory]) -> tuple[str | None, int]:
    """The kind of thing the person kept doing, counted only from what was seen done, not said."""
    counts = Counter(e.meta.get("predicate") or read_predicate(e.what) for e in events
                     if e.source in ("witnessed", "participated") and not e.meta.get("dialogue"))
    counts.pop("remark", None)
    if not counts:
        return None, 0
    key, n = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    return key, n


class Consolidated(BaseModel):
    summaries: list[Summary] = Field(default_factory=list)
    impressions: list[Impression] = Field(default_factory=list)


def foldable(memory: MemoryStore, holder: str) -> dict[str, list[EventMemory]]:
    """The holder's unfolded, public events grouped by whom they are about."""
    groups: dict[str, list[EventMemory]] = {}
    for e in memory.events_of(holder):
        if folds(e, holder):
            groups.setdefault(e.about, []).append(e)  # type: ignore[arg-type]
    return groups


def consolidate(memory: MemoryStore, holder: str, *, names: dict[str, str], language: str, tick: int,
                now: datetime, new_id: Callable[[str], str], summary_writer: SummaryWriter = offline_summary,
                impression_writer: ImpressionWriter = offline_impression,
                prior: Callable[[str, str], float] | None = None) -> Consolidated:
    """Fold what has gathered about each person into summaries, and move impressions a step.

    `prior(holder, about)` is where a first impression starts (a long-standing friend's is warm
    before any summary: the tie says so); without it, first impressions start at 0."""
    if memory.fold_bounds.nothing_to_fold(holder, SUMMARY_THRESHOLD, MIN_EVENTS):
        return bare(Consolidated, {})  # most holders after a telling: one memory more, nothing to fold
    out = Consolidated()
    left: dict[str, list] = {}
    for about, events in sorted(foldable(memory, holder).items()):
        weight = sum(e.importance for e in events)
        if weight < SUMMARY_THRESHOLD or len(events) < MIN_EVENTS:
            left[about] = [weight, len(events)]
            continue
        predicate, count = _dominant(events)
        tellers = list(dict.fromkeys(str(e.meta["teller"]) for e in events
                                     if e.source == "heard" and e.meta.get("teller")))
        draft = SummaryDraft(tellers=[names.get(t, t) for t in tellers], holder=holder, about=about, about_name=names.get(about, about), language=language,
                             texts=[e.what for e in events], valences=[e.valence for e in events],
                             things=[e.fact_id or e.what for e in events],
                             told=[names.get(str(e.meta["teller"]), str(e.meta["teller"]))
                                   if e.source == "heard" and e.meta.get("teller") else "" for e in events],
                             days=(events[-1].time - events[0].time).total_seconds() / 86400,
                             predicate=predicate, count=count)
        text = summary_writer(draft)
        valence = sum(e.valence * e.importance for e in events) / max(weight, 1e-9)
        summary = Summary(id=new_id("s"), holder=holder, about=about, text=text, covers=[e.id for e in events],
                          told_by=tellers,
                          importance=min(1.0, weight / (2 * SUMMARY_THRESHOLD)),
                          valence=max(-1.0, min(1.0, valence)), tick=tick, time=now,
                          private=False)
        memory.put(summary)
        for e in events:
            e.status = "archived"
            e.meta["absorbed_by"] = summary.id
            memory.touch(e)
        out.summaries.append(summary)
        out.impressions.append(update_impression(memory, summary, names=names, language=language, tick=tick,
                                                 now=now, new_id=new_id, writer=impression_writer,
                                                 predicate=predicate,
                                                 prior=prior(holder, about) if prior is not None else 0.0))
    memory.fold_bounds.looked_at(holder, left)
    return out


def impression_step(old_valence: float, summary_valence: float, importance: float) -> float:
    """A bounded move toward what the summary implies: never more than IMPRESSION_STEP of the gap.

    A summary's tone is an average of mild events; the judgement it supports is stronger
    (three helpful mornings say "dependable"), so the target is the tone amplified.
    """
    step = IMPRESSION_STEP * max(0.0, min(1.0, importance))
    target = max(-1.0, min(1.0, 3.0 * summary_valence))
    return max(-1.0, min(1.0, old_valence + step * (target - old_valence)))


def update_impression(memory: MemoryStore, summary: Summary, *, names: dict[str, str], language: str, tick: int,
                      now: datetime, new_id: Callable[[str], str], writer: ImpressionWriter = offline_impression,
                      predicate: str | None = None, prior: float = 0.0) -> Impression:
    """Move the holder's impression of the summary's subject one bounded step (a first impression
    moves from `prior`, what the tie between them already says)."""
    assert summary.about is not None
    old = memory.impression(summary.holder, summary.about)
    old_valence = old.valence if old else max(-1.0, min(1.0, prior))
    new_valence = impression_step(old_valence, summary.valence, summary.importance)
    draft = ImpressionDraft(holder=summary.holder, about=summary.about, about_name=names.get(summary.about, ""),
                            language=language, old_text=old.text if old else None, old_valence=old_valence,
                            new_valence=new_valence, summary_text=summary.text, predicate=predicate)
    text = writer(draft)
    if old is None:
        imp = Impression(id=new_id("i"), holder=summary.holder, about=summary.about, text=text,
                         valence=new_valence, confidence=0.3, tick=tick, time=now, sources=[summary.id])
        memory.put(imp)
        return imp
    old.text, old.valence = text, new_valence
    old.confidence = min(1.0, old.confidence + 0.1)
    old.tick, old.time = tick, now
    old.sources = [*old.sources, summary.id]
    memory.touch(old)
    return old
