"""Consolidation: events fold into summaries, summaries move impressions, one way only.

When the importance a holder has gathered about someone crosses a threshold, those events become
a one- or two-sentence summary that keeps the cause ("these three days 小梁 was late 3 times") and
the events are archived. Each summary nudges the holder's impression of that person a bounded
step, so one event can never overturn it while repeated evidence moves it step by step.
Writers are injected: an LLM-backed one when a model is configured, the offline one here otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel, Field

from townsfolk.memory.claims import PREDICATES, read_predicate
from townsfolk.memory.events import EventMemory
from townsfolk.memory.fold_bound import SUMMARISED_SOURCES, folds  # noqa: F401  (its sources, still named here)
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.world.bare import maker

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
    counts: dict[str, int] = {}
    for e in events:
        if e.source in ("witnessed", "participated") and not e.meta.get("dialogue"):
            key = e.meta.get("predicate") or read_predicate(e.what)
            counts[key] = counts.get(key, 0) + 1
    counts.pop("remark", None)
    if not counts:
        return None, 0
    return min(counts.items(), key=lambda kv: (-kv[1], kv[0]))


class Consolidated(BaseModel):
    summaries: list[Summary] = Field(default_factory=list)
    impressions: list[Impression] = Field(default_factory=list)


# Built from values made here, of the fields' own types, without validating them again (world/bare.py);
# only a writer's words may be anything (a model's): those that are not a string are validated, as before.
_SUMMARY_DRAFT_FIELDS = ("holder", "about", "about_name", "language", "texts", "valences", "days", "predicate",
                         "count", "tellers", "things", "told")
_SUMMARY_FIELDS = ("id", "holder", "about", "text", "covers", "told_by", "importance", "valence", "tick", "time",
                   "private")
_IMPRESSION_DRAFT_FIELDS = ("holder", "about", "about_name", "language", "old_text", "old_valence", "new_valence",
                            "summary_text", "predicate")
_IMPRESSION_FIELDS = ("id", "holder", "about", "text", "valence", "confidence", "tick", "time", "sources")
_consolidated = maker(Consolidated, ())
_summary_draft = maker(SummaryDraft, _SUMMARY_DRAFT_FIELDS)
_summary = maker(Summary, _SUMMARY_FIELDS)
_impression_draft = maker(ImpressionDraft, _IMPRESSION_DRAFT_FIELDS)
_impression = maker(Impression, _IMPRESSION_FIELDS)


def foldable(memory: MemoryStore, holder: str) -> dict[str, list[EventMemory]]:
    """The holder's unfolded, public events grouped by whom they are about.

    The fold bounds count, per person, at least the holder's events that could fold; what folds is
    nearly always the newest, so the walk goes from the newest back and stops once it has found that
    many (a long-lived NPC's archived past is not read again at every fold). A holder whose bound is
    unknown is read in full."""
    bounds = memory.fold_bounds
    bound = None if holder in bounds.unknown else bounds.by_holder.get(holder)
    if bound is None:
        events = memory.events_of(holder)
    else:
        most = sum(n for _, n in bound.values())
        events = _newest_foldable(memory.recent(holder, "event", 2 * most + 8), holder, most)
        if len(events) < most and memory.count(holder, "event") > 2 * most + 8:  # older ones wait too: all
            events = _newest_foldable(memory.events_of(holder), holder, most)
    groups: dict[str, list[EventMemory]] = {}
    for e in events:
        if bound is not None or folds(e, holder):
            group = groups.get(e.about)  # type: ignore[arg-type]
            if group is None:
                groups[e.about] = [e]  # type: ignore[index]
            else:
                group.append(e)
    return groups


def _newest_foldable(events: list[EventMemory], holder: str, most: int) -> list[EventMemory]:
    """Up to `most` of the events that could fold, the newest, in the order they came."""
    found: list[EventMemory] = []
    for e in reversed(events):
        if len(found) >= most:
            break
        if folds(e, holder):
            found.append(e)
    found.reverse()
    return found


def consolidate(memory: MemoryStore, holder: str, *, names: dict[str, str], language: str, tick: int,
                now: datetime, new_id: Callable[[str], str], summary_writer: SummaryWriter = offline_summary,
                impression_writer: ImpressionWriter = offline_impression,
                prior: Callable[[str, str], float] | None = None) -> Consolidated:
    """Fold what has gathered about each person into summaries, and move impressions a step.

    `prior(holder, about)` is where a first impression starts (a long-standing friend's is warm
    before any summary: the tie says so); without it, first impressions start at 0."""
    out = _consolidated()
    if memory.fold_bounds.nothing_to_fold(holder, SUMMARY_THRESHOLD, MIN_EVENTS):
        return out  # most holders after a telling: one memory more, nothing to fold
    left: dict[str, list] = {}
    for about, events in sorted(foldable(memory, holder).items()):
        weight = sum(e.importance for e in events)
        if weight < SUMMARY_THRESHOLD or len(events) < MIN_EVENTS:
            left[about] = [weight, len(events)]
            continue
        summary, predicate = _summarise(holder, about, events, weight, names=names, language=language, tick=tick,
                                        now=now, new_id=new_id, writer=summary_writer)
        memory.put(summary)
        absorbed_by, touch = summary.id, memory.touch
        for e in events:
            e.status = "archived"
            e.meta["absorbed_by"] = absorbed_by
            touch(e)
        out.summaries.append(summary)
        out.impressions.append(update_impression(memory, summary, names=names, language=language, tick=tick,
                                                 now=now, new_id=new_id, writer=impression_writer,
                                                 predicate=predicate,
                                                 prior=prior(holder, about) if prior is not None else 0.0))
    memory.fold_bounds.looked_at(holder, left)
    return out


def _summarise(holder: str, about: str, events: list[EventMemory], weight: float, *, names: dict[str, str],
               language: str, tick: int, now: datetime, new_id: Callable[[str], str],
               writer: SummaryWriter) -> tuple[Summary, str | None]:
    """One person's gathered events as a summary (not yet stored), and the kind of deed it counts.
    The events are read in one pass: who told the holder each one, and each teller once."""
    texts, valences, things, told, covers = [], [], [], [], []
    tellers: dict[str, None] = {}  # who told the holder, first told first
    for e in events:
        what, teller = e.what, e.meta.get("teller") if e.source == "heard" else None
        texts.append(what)
        valences.append(e.valence)
        things.append(e.fact_id or what)
        covers.append(e.id)
        if teller:
            teller = str(teller)
            tellers[teller] = None
            told.append(names.get(teller, teller))
        else:
            told.append("")
    told_by = list(tellers)
    predicate, count = _dominant(events)
    draft = _summary_draft(holder, about, names.get(about, about), language, texts, valences,
                           (events[-1].time - events[0].time).total_seconds() / 86400, predicate, count,
                           [names.get(t, t) for t in told_by], things, told)
    text = writer(draft)
    valence = sum(e.valence * e.importance for e in events) / max(weight, 1e-9)
    values = (new_id("s"), holder, about, text, covers, told_by, min(1.0, weight / (2 * SUMMARY_THRESHOLD)),
              max(-1.0, min(1.0, valence)), tick, now, False)
    if type(text) is str:
        return _summary(*values), predicate
    return Summary(**dict(zip(_SUMMARY_FIELDS, values, strict=True))), predicate


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
    draft = _impression_draft(summary.holder, summary.about, names.get(summary.about, ""), language,
                              old.text if old else None, float(old_valence), new_valence, summary.text, predicate)
    text = writer(draft)
    if old is None:
        values = (new_id("i"), summary.holder, summary.about, text, new_valence, 0.3, tick, now, [summary.id])
        imp = (_impression(*values) if type(text) is str
               else Impression(**dict(zip(_IMPRESSION_FIELDS, values, strict=True))))
        memory.put(imp)
        return imp
    old.text, old.valence = text, new_valence
    old.confidence = min(1.0, old.confidence + 0.1)
    old.tick, old.time = tick, now
    old.sources = [*old.sources, summary.id]
    memory.touch(old)
    return old
