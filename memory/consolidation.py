"""Consolidation: events fold into summaries, summaries move impressions, one way only.

When the importance a holder has gathered about someone crosses a threshold, those events become
a one- or two-sentence summary that keeps the cause ("these three days 小梁 was late 3 times") and
the events are archived. Each summary nudges the holder's impression of that person a bounded
step, so one event can never overturn it while repeated evidence moves it step by step.
Writers are injected: an LLM-backed one when a model is configured, the offline one here otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import datetime

from pydantic import BaseModel, Field

from townsfolk.memory.claims import PREDICATES, read_predicate
from townsfolk.memory.events import EventMemory
from townsfolk.memory.fold_bound import ROUNDING, SUMMARISED_SOURCES, folds
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.rolling_summary import last_of_pair, same_day_events, supersede
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
    n = max(1, round(days))  # a day and a bit is "这一天里", not "这1天里" / "Over 1 days"
    if zh:
        return {1: "这一天里", 2: "这两天里"}.get(n, f"这{n}天里")
    return "Over the day" if n == 1 else f"Over {n} days"


def _told(d: SummaryDraft, zh: bool, said: str = "") -> str:
    """Where the holder heard it, kept in the summary so it can still say so; a teller the words
    already name ("Fergus told me: ...") is not named again."""
    return _told_of(zh, said, d.texts, d.valences, d.predicate, d.count, d.tellers, d.things, d.told, None)


def _top_of(valences: list[float], n: int) -> int:
    """Which of the n events a summary keeps: the one felt most strongly (the first of equals)."""
    felt = list(map(abs, valences)) if len(valences) == n else [abs(valences[i]) for i in range(n)]
    return felt.index(max(felt))


def _told_of(zh: bool, said: str, texts: list[str], valences: list[float], predicate: str | None, count: int,
             tellers: list[str], things: list[str], told: list[str], top: int | None) -> str:
    """`_told` of a draft's fields (`top`: the kept event, when known)."""
    per_text = len(told) == len(texts) and bool(texts)
    if not per_text:  # the draft does not say per text
        kept_by = tellers
    elif predicate and count >= 2 and predicate != "remark":
        kept_by = []  # a count of deeds is counted from what was seen done, so it has no teller
    else:
        if top is None:
            top = _top_of(valences, len(texts))
        of = things if len(things) == len(texts) else texts
        kept = of[top]
        # each teller of the kept thing once, first told first; `told` and `of` are as long as `texts`
        # here (zip's strict check costs more than the rest; a loop, than a generator into a dict)
        kept_by = []
        for t, thing in zip(told, of):  # noqa: B905
            if t and thing == kept and t not in kept_by:
                kept_by.append(t)
    named = [t for t in kept_by if t and t not in said]
    if not named:
        return ""
    names = ("、" if zh else " and ").join(named[:3])
    # the words name one teller (or it was seen): too
    if len(named) < len(kept_by) or not (len(told) != len(texts) or told[_top_of(valences, len(texts)) if top is None else top]):
        return f"（{names}也跟我说过）" if zh else f" ({names} told me too)"
    return f"（{names}跟我说的）" if zh else f" ({names} told me)"


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
    return _summary_text(d.language == "zh", d.about_name, d.texts, d.valences, d.days, d.predicate, d.count,
                         d.tellers, d.things, d.told)


def _summary_text(zh: bool, about_name: str, texts: list[str], valences: list[float], days: float,
                  predicate: str | None, count: int, tellers: list[str], things: list[str], told: list[str],
                  top: int | None = None) -> str:
    """`offline_summary` of a draft's fields, so consolidation need not build the draft for it (a fold
    at every few tellings); the kept event is found once (`top`: already found, by `_top_of`'s rule)."""
    span = _span(days, zh)
    if predicate and count >= 2 and predicate != "remark":
        p = PREDICATES[predicate]
        text = f"{span}，{about_name}{count}次{p.zh}" if zh else f"{span}, {about_name} {p.en} {count} times"
        top = None
    else:
        if top is None:
            top = _top_of(valences, len(texts))
        kept = texts[top]
        n = len(set(things)) if len(things) == len(texts) else len(set(texts))  # distinct facts, not memories
        if n == 1:
            text = f"{span}和{about_name}之间：{kept.rstrip('。')}" if zh else f"{span}, with {about_name}: {kept.rstrip('.')}"
        elif zh:
            text = f"{span}和{about_name}有{n}件事，{_mood(valences, zh)}；最记得的是：{kept.rstrip('。')}"
        else:
            text = f"{span}, {n} things with {about_name}, {_mood(valences, zh)}; the one I remember: {kept.rstrip('.')}"
    return text + _told_of(zh, text, texts, valences, predicate, count, tellers, things, told, top)


def offline_impression(d: ImpressionDraft) -> str:
    """Deterministic impression words: keep the old judgement, qualify it, or turn it."""
    return _impression_text(d.language == "zh", d.old_text, d.old_valence, d.new_valence, d.predicate)


def _impression_text(zh: bool, old_text: str | None, old_valence: float, new_valence: float,
                     predicate: str | None) -> str:
    """`offline_impression` of a draft's fields (consolidation need not build the draft for it)."""
    base = old_text.split("，")[0].split(", ")[0] if old_text else ""
    if base in ("说不好", "hard to say"):
        base = ""
    # the predicate is looked up only where the words use it (not for "hard to say", most first impressions)
    if new_valence >= 0.3:
        pred = PREDICATES.current().get(predicate or "", None)
        base = base if old_valence >= 0.3 and base else ("靠得住" if zh else "dependable")
        if pred and pred.valence < 0:
            return f"{base}，但有时{pred.zh}" if zh else f"{base}, but {pred.en.replace('is ', '').replace('was ', '')} at times"
        return base
    if new_valence <= -0.3:
        pred = PREDICATES.current().get(predicate or "", None)
        if pred and pred.valence < 0:
            return pred.zh if zh else pred.en.replace("was ", "often ").replace("is ", "")
        return "不太好相处" if zh else "hard to get along with"
    return (f"{base}，说不好" if base else "说不好") if zh else (f"{base}, hard to say" if base else "hard to say")


def _dominant(counts: dict[str, int]) -> tuple[str | None, int]:
    """The kind of thing the person kept doing (counted from what was seen done, not said), and how often."""
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
_MOVED_FIELDS = ("text", "valence", "confidence", "tick", "time", "sources")  # what a moved impression changes
_consolidated = maker(Consolidated, ())
_consolidated_of = maker(Consolidated, ("summaries", "impressions"))
_summary_draft = maker(SummaryDraft, _SUMMARY_DRAFT_FIELDS)
_summary = maker(Summary, _SUMMARY_FIELDS)
_impression_draft = maker(ImpressionDraft, _IMPRESSION_DRAFT_FIELDS)
_impression = maker(Impression, _IMPRESSION_FIELDS)


def foldable(memory: MemoryStore, holder: str) -> dict[str, list[EventMemory]]:
    """The holder's unfolded, public events grouped by whom they are about.

    The fold bounds count, per person, at least the holder's events that could fold; what folds is
    nearly always the newest, so the walk goes from the newest back and stops once it has found that
    many (a long-lived NPC's archived past is not read again at every fold, nor copied to be walked).
    A holder whose bound is unknown is read in full."""
    bounds = memory.fold_bounds
    bound = None if holder in bounds.unknown else bounds.by_holder.get(holder)
    if bound is None:
        groups: dict[str, list[EventMemory]] = {}
        for e in memory.events_of(holder):
            if folds(e, holder):
                group = groups.get(e.about)  # type: ignore[arg-type]
                if group is None:
                    groups[e.about] = [e]  # type: ignore[index]
                else:
                    group.append(e)
        return groups
    most = 0
    for _, n in bound.values():
        most += n
    return _newest_foldable(memory.newest_first(holder, "event"), holder, most)


def _newest_foldable(newest_first: Iterator[EventMemory], holder: str, most: int) -> dict[str, list[EventMemory]]:
    """Up to `most` of the events that could fold, the newest, grouped by whom they are about, each
    group in the order they came (`folds` inline: every fold reads a few)."""
    groups: dict[str, list[EventMemory]] = {}
    found = 0
    sources = SUMMARISED_SOURCES
    for e in newest_first:
        if found >= most:
            break
        # the fields read from the instance dict: a model's attribute read goes through pydantic's
        # __getattr__ hook (unspecialised, several times the cost), and a fold reads several of each event's
        d = e.__dict__
        about, meta = d["about"], d["meta"]
        if not (d["status"] != "active" or d["private"] or about is None or about == holder
                or d["source"] not in sources or "absorbed_by" in meta or meta.get("dialogue")
                or meta.get("puzzled")):
            found += 1
            group = groups.get(about)
            if group is None:
                groups[about] = [e]
            else:
                group.append(e)
    for group in groups.values():
        group.reverse()
    return groups


def ripe_holders(memory: MemoryStore, holders: Iterable[str]) -> list[str]:
    """The holders that may have something to fold, sorted: those the fold bounds do not rule out
    (`FoldBounds.nothing_to_fold` inline: after a tick's tellings it is asked of every holder they touched)."""
    bounds = memory.fold_bounds
    unknown, by_holder, least = bounds.unknown, bounds.by_holder, SUMMARY_THRESHOLD - ROUNDING
    out = []
    for h in holders:
        if h in unknown:
            out.append(h)
            continue
        bound = by_holder.get(h)
        if bound is not None:
            for w, n in bound.values():
                if w >= least and n >= MIN_EVENTS:
                    out.append(h)
                    break
    out.sort()
    return out


def consolidate(memory: MemoryStore, holder: str, *, names: dict[str, str], language: str, tick: int,
                now: datetime, new_id: Callable[[str], str], summary_writer: SummaryWriter = offline_summary,
                impression_writer: ImpressionWriter = offline_impression,
                prior: Callable[[str, str], float] | None = None, checked: bool = False) -> Consolidated:
    """Fold what has gathered about each person into summaries, and move impressions a step.

    `prior(holder, about)` is where a first impression starts (a long-standing friend's is warm
    before any summary: the tie says so); without it, first impressions start at 0. `checked`: the
    caller has asked the fold bounds already (`ripe_holders`)."""
    if not checked and memory.fold_bounds.nothing_to_fold(holder, SUMMARY_THRESHOLD, MIN_EVENTS):
        return _consolidated()  # most holders after a telling: one memory more, nothing to fold
    (_, summaries, impressions), = fold_holders(memory, [holder], names=names, language=language, tick=tick,
                                                now=now, new_id=new_id, summary_writer=summary_writer,
                                                impression_writer=impression_writer, prior=prior)
    return _consolidated_of(summaries, impressions)


def fold_holders(memory: MemoryStore, holders: Iterable[str], *, names: dict[str, str], language: str, tick: int,
                 now: datetime, new_id: Callable[[str], str], summary_writer: SummaryWriter = offline_summary,
                 impression_writer: ImpressionWriter = offline_impression,
                 prior: Callable[[str, str], float] | None = None) -> list[tuple[str, list[Summary], list[Impression]]]:
    """`consolidate` of each holder in turn (a tick's ripe holders, `ripe_holders`): (holder, its
    summaries, its impressions) for each. The store's tables, id lists and journal get each new
    summary and impression as `put` gives them, in the same order; the batch listeners are told of
    them together at the end, in write order (a fold's two items, told one by one, cost more than
    the listeners' work). A store with per-item hooks, or an id already taken, goes through `put`."""
    out: list[tuple[str, list[Summary], list[Impression]]] = []
    told_kinds: list[str] = []
    told_items: list[Summary | Impression] = []
    direct = not memory.on_put
    dirty, ids_of = memory._dirty, memory._ids_of  # noqa: SLF001  (`put`'s own steps, see above)
    summary_table, impression_table = memory.summaries, memory.impressions
    summary_ids, impression_ids, event_ids = ids_of["summary"], ids_of["impression"], ids_of["event"]
    bounds, events_table = memory.fold_bounds, memory.events
    unknown, by_holder = bounds.unknown, bounds.by_holder
    zh = language == "zh"

    def put(kind: str, item: Summary | Impression, iid: str, table: dict, ids: dict) -> None:
        if direct and iid not in table:
            ids[item.__dict__["holder"]].append(iid)
            table[iid] = item
            dirty[(kind, iid)] = None
            told_kinds.append(kind)
            told_items.append(item)
            return
        _tell(memory, told_kinds, told_items)  # those before it first, as `put` would have told them
        memory.put(item)

    for holder in holders:
        # the holder's events that could fold, grouped by whom they are about (`foldable`, inline)
        bound = None if holder in unknown else by_holder.get(holder)
        if bound is None:
            groups = foldable(memory, holder)
        else:
            most = 0
            for _, n in bound.values():
                most += n
            ids = event_ids.get(holder)
            groups = (_newest_foldable(map(events_table.__getitem__, reversed(ids)), holder, most) if ids
                      else {})
        left: dict[str, list] = {}
        summaries: list[Summary] = []
        impressions: list[Impression] = []
        for about, events in (sorted(groups.items()) if len(groups) > 1 else groups.items()):
            weight = sum([e.__dict__["importance"] for e in events])  # (the same sum, left to right)
            if weight < SUMMARY_THRESHOLD or len(events) < MIN_EVENTS:
                left[about] = [weight, len(events)]
                continue
            last = last_of_pair(memory, holder, about)  # what this fold rolls into (memory/rolling_summary.py)
            before = same_day_events(memory, last, now) if last is not None else None
            if before:  # one summary of the pair's day, of all its events
                events = before + events
                weight = sum([e.__dict__["importance"] for e in events])
            summary, predicate = _summarise(memory, holder, about, events, weight, names, language, zh, tick, now,
                                            new_id, summary_writer)
            absorbed_by = summary.__dict__["id"]
            if last is not None and (before or last.__dict__["text"] == summary.__dict__["text"]):
                if not before:  # the same words again: one summary covering both stretches
                    summary.__dict__["covers"] = [*last.__dict__["covers"], *summary.__dict__["covers"]]
                supersede(memory, last, summary)
            put("summary", summary, absorbed_by, summary_table, summary_ids)
            for e in events:  # `e.status = "archived"` as pydantic's setattr does it (no validation), without its dispatch
                d = e.__dict__
                d["status"] = "archived"
                e.__pydantic_fields_set__.add("status")
                d["meta"]["absorbed_by"] = absorbed_by
                # the journal as `touch_many("event", events)` writes it; its forgetting of the holder's
                # bound is left out: the bound is set exactly below, and until then the archived events
                # still counted keep it an upper bound
                dirty[("event", d["id"])] = None
            summaries.append(summary)
            old = memory.impression(holder, about)  # a first impression's start is asked for only when needed
            if old is not None:
                start = old.__dict__["valence"]
            else:
                start = prior(holder, about) if prior is not None else 0.0
                start = start if start < 1.0 else 1.0  # max(-1.0, min(1.0, start)), in its order
                start = start if start > -1.0 else -1.0
            imp = _move_impression(summary, old, start, names, language, zh, tick, now, new_id, impression_writer,
                                   predicate)
            if old is None:
                put("impression", imp, imp.__dict__["id"], impression_table, impression_ids)
            else:
                dirty[("impression", imp.__dict__["id"])] = None  # `memory.touch(old)`
            impressions.append(imp)
        bounds.looked_at(holder, left)
        out.append((holder, summaries, impressions))
    _tell(memory, told_kinds, told_items)
    return out


def _tell(memory: MemoryStore, kinds: list[str], items: list) -> None:
    """The batch listeners told of the new items so far (then forgotten here), as `put_all` tells them."""
    if items:
        for many in memory.on_put_many:
            many(tuple(kinds), tuple(items))
        kinds.clear()
        items.clear()


def _origin(beliefs_via: Callable[[str, str], list], holder: str, source: str, people: list[str],
            fact_id: str) -> str:
    """What a telling is a memory of: the fact its belief came from (a theft seen and then told of
    five times is one thing with the thief, not six); for what the holder said, the listener's
    belief of it says. The telling itself when no belief says."""
    for who in (holder,) if source == "heard" else people:
        if who != holder or source == "heard":
            for b in beliefs_via(who, fact_id):
                return b.__dict__["origin_fact_id"] or fact_id
    return fact_id


def _summarise(memory: MemoryStore, holder: str, about: str, events: list[EventMemory], weight: float,
               names: dict[str, str], language: str, zh: bool, tick: int, now: datetime, new_id: Callable[[str], str],
               writer: SummaryWriter) -> tuple[Summary, str | None]:
    """One person's gathered events as a summary (not yet stored), and the kind of deed it counts.
    The events are read in one pass: who told the holder each one, each teller once, the deeds seen
    done. The offline writer is given the draft's fields as they are, without the draft."""
    texts, valences, things, told, covers, weighted = [], [], [], [], [], []
    tellers: dict[str, None] = {}  # who told the holder, first told first
    beliefs_via = memory.beliefs_via
    deeds: dict[str, int] = {}  # what was seen done, by kind
    top, felt = 0, -1.0  # the event felt most strongly, the first of equals (`_top_of`)
    for i, e in enumerate(events):
        d = e.__dict__  # (the fields from the instance dict, as `_newest_foldable` reads them)
        what, source, meta, valence = d["what"], d["source"], d["meta"], d["valence"]
        if abs(valence) > felt:
            top, felt = i, abs(valence)
        texts.append(what)
        valences.append(valence)
        thing = d["fact_id"]
        if thing and (source == "heard" or source == "said"):
            thing = _origin(beliefs_via, holder, source, d["participants"], thing)
        things.append(thing or what)
        covers.append(d["id"])
        weighted.append(valence * d["importance"])
        teller = meta.get("teller") if source == "heard" else None
        if teller:
            teller = str(teller)
            tellers[teller] = None
            told.append(names.get(teller, teller))
        else:
            told.append("")
            if (source == "witnessed" or source == "participated") and not meta.get("dialogue"):
                key = meta.get("predicate") or read_predicate(what)
                deeds[key] = deeds.get(key, 0) + 1
    told_by = list(tellers)
    predicate, count = _dominant(deeds)
    days = (events[-1].__dict__["time"] - events[0].__dict__["time"]).total_seconds() / 86400
    about_name, teller_names = names.get(about, about), [names.get(t, t) for t in told_by]
    if writer is offline_summary:
        text = _summary_text(zh, about_name, texts, valences, days, predicate, count, teller_names, things, told,
                             top)
    else:
        text = writer(_summary_draft(holder, about, about_name, language, texts, valences, days, predicate, count,
                                     teller_names, things, told))
    # min and max as conditionals, each in its builtin's order (the first argument kept unless a later
    # one is strictly past it): a builtin call costs several times the comparison
    valence = sum(weighted) / (1e-9 if 1e-9 > weight else weight)  # / max(weight, 1e-9)
    importance = weight / (2 * SUMMARY_THRESHOLD)
    importance = importance if importance < 1.0 else 1.0  # min(1.0, importance)
    valence = valence if valence < 1.0 else 1.0  # max(-1.0, min(1.0, valence))
    valence = valence if valence > -1.0 else -1.0
    values = (new_id("s"), holder, about, text, covers, told_by, importance, valence, tick, now, False)
    if type(text) is str:
        return _summary(*values), predicate
    return Summary(**dict(zip(_SUMMARY_FIELDS, values, strict=True))), predicate


def impression_step(old_valence: float, summary_valence: float, importance: float) -> float:
    """A bounded move toward what the summary implies: never more than IMPRESSION_STEP of the gap.

    A summary's tone is an average of mild events; the judgement it supports is stronger
    (three helpful mornings say "dependable"), so the target is the tone amplified. A stretch on
    the judgement's side but milder than it (a month of friendly chats with one thought "strict but
    fair", +0.50) holds it: it wore good impressions down to "hard to say" with every weekly fold.
    """
    # max(lo, min(hi, x)) as conditionals in the builtins' order (see `_summarise`): a fold calls this
    share = importance if importance < 1.0 else 1.0
    step = IMPRESSION_STEP * (share if share > 0.0 else 0.0)
    target = 3.0 * summary_valence
    target = target if target < 1.0 else 1.0
    target = target if target > -1.0 else -1.0
    if 0.0 <= target < old_valence or old_valence < target <= 0.0:
        moved = old_valence  # agrees, only milder: no step toward it
    else:
        moved = old_valence + step * (target - old_valence)
    moved = moved if moved < 1.0 else 1.0
    return moved if moved > -1.0 else -1.0


def update_impression(memory: MemoryStore, summary: Summary, *, names: dict[str, str], language: str, tick: int,
                      now: datetime, new_id: Callable[[str], str], writer: ImpressionWriter = offline_impression,
                      predicate: str | None = None, prior: float = 0.0) -> Impression:
    """Move the holder's impression of the summary's subject one bounded step (a first impression
    moves from `prior`, what the tie between them already says)."""
    assert summary.about is not None
    old = memory.impression(summary.holder, summary.about)
    imp = _move_impression(summary, old, old.valence if old else max(-1.0, min(1.0, prior)), names, language,
                           language == "zh", tick, now, new_id, writer, predicate)
    if old is None:
        memory.put(imp)
    else:
        memory.touch(old)
    return imp


def _move_impression(summary: Summary, old: Impression | None, old_valence: float, names: dict[str, str],
                     language: str, zh: bool, tick: int, now: datetime, new_id: Callable[[str], str],
                     writer: ImpressionWriter, predicate: str | None) -> Impression:
    """`update_impression` from the impression found (None: a first one) and where it starts, not
    yet stored (a new one) or moved in place (the caller touches it); the offline writer is given
    the draft's fields without the draft."""
    sd = summary.__dict__  # (the fields from the instance dict, as `_summarise` reads its events')
    holder, about = sd["holder"], sd["about"]
    assert about is not None
    new_valence = impression_step(old_valence, sd["valence"], sd["importance"])
    old_text = old.__dict__["text"] if old else None
    if writer is offline_impression:
        text = _impression_text(zh, old_text, float(old_valence), new_valence, predicate)
    else:
        text = writer(_impression_draft(holder, about, names.get(about, ""), language,
                                        old_text, float(old_valence), new_valence, sd["text"], predicate))
    if old is None:
        values = (new_id("i"), holder, about, text, new_valence, 0.3, tick, now, [sd["id"]])
        return (_impression(*values) if type(text) is str
                else Impression(**dict(zip(_IMPRESSION_FIELDS, values, strict=True))))
    # the six fields set as pydantic's setattr sets them (no validation is configured), without its dispatch
    d = old.__dict__
    d["text"], d["valence"] = text, new_valence
    d["confidence"] = min(1.0, d["confidence"] + 0.1)
    d["tick"], d["time"] = tick, now
    d["sources"] = [*d["sources"], sd["id"]]
    old.__pydantic_fields_set__.update(_MOVED_FIELDS)
    return old
