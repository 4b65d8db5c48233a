"""What each holder could fold, kept as memories arrive, so consolidation can skip a holder at once.

After a telling, maintenance consolidates both people it touched; nearly always neither has gathered
enough about anyone to fold (memory/consolidation.py: SUMMARY_THRESHOLD importance in MIN_EVENTS
events), yet finding that out meant walking all their memories. Here every new event that could be
folded adds its importance and one to its holder's count for the person it is about, from the
store's first item on. Events only stop being foldable where they are (archived, absorbed, forgotten):
those counts stay an upper bound. An event changed in place (`touch`, a second `put`, a delete)
makes its holder's bound unknown until the next consolidation has looked at everything again.
"""

from __future__ import annotations

from townsfolk.memory.events import EventMemory

SUMMARISED_SOURCES = ("witnessed", "participated", "heard", "said")
ROUNDING = 1e-9  # the bound is summed in another order than consolidation sums: a margin for that


def folds(e: EventMemory, holder: str) -> bool:
    """Whether an event of the holder's waits to be folded: active, public, about someone else; seen,
    done, heard or said; not yet in a summary; not a line of dialogue; not a coldness the holder
    cannot explain (a puzzle is kept as itself: folded into "Today, 4 things with X", "he was cold
    with me and I can't think why" was lost, or kept, by whether a fold happened to run that tick)."""
    return not (e.status != "active" or e.private or e.about is None or e.about == holder
                or e.source not in SUMMARISED_SOURCES or "absorbed_by" in e.meta or e.meta.get("dialogue")
                or e.meta.get("puzzled"))


class FoldBounds:
    """Per holder and person: at least the importance and the number of events that could fold."""

    __slots__ = ("by_holder", "unknown")

    def __init__(self) -> None:
        self.by_holder: dict[str, dict[str, list]] = {}  # holder -> about -> [importance, events]
        self.unknown: set[str] = set()

    def add(self, e: EventMemory) -> None:
        if e.holder in self.unknown or not folds(e, e.holder):
            return
        bound = self.by_holder.get(e.holder)
        if bound is None:
            bound = self.by_holder[e.holder] = {}
        slot = bound.get(e.about)  # type: ignore[arg-type]
        if slot is None:
            bound[e.about] = [e.importance, 1]  # type: ignore[index]
        else:
            slot[0] += e.importance
            slot[1] += 1

    def add_many(self, events: list[EventMemory]) -> None:
        """`add` of each event in turn (a tick's tellings write thousands), `folds` inline, each event's
        fields read from its field dict (a model's attribute read goes through pydantic's __getattr__
        hook, several times a dict read)."""
        unknown, by_holder, sources = self.unknown, self.by_holder, SUMMARISED_SOURCES
        # (`in` and subscripts rather than `.get`: a method call costs more than two lookups here)
        for e in events:
            d = e.__dict__
            holder, about, meta = d["holder"], d["about"], d["meta"]
            if (about is None or about == holder or d["status"] != "active" or d["private"]
                    or d["source"] not in sources or holder in unknown
                    or meta and ("absorbed_by" in meta or "dialogue" in meta and meta["dialogue"]
                                 or "puzzled" in meta and meta["puzzled"])):
                continue
            if holder in by_holder:
                bound = by_holder[holder]
                if about in bound:
                    slot = bound[about]
                    slot[0] += d["importance"]
                    slot[1] += 1
                    continue
            else:
                bound = by_holder[holder] = {}
            bound[about] = [d["importance"], 1]

    def forget(self, holder: str) -> None:
        """One of the holder's events changed in place: the bound is unknown until looked at again."""
        self.unknown.add(holder)
        self.by_holder.pop(holder, None)

    def nothing_to_fold(self, holder: str, threshold: float, min_events: int) -> bool:
        """True when no person's events of this holder's can reach the threshold."""
        if holder in self.unknown:
            return False
        bound = self.by_holder.get(holder)
        return bound is None or not any(w >= threshold - ROUNDING and n >= min_events for w, n in bound.values())

    def looked_at(self, holder: str, left: dict[str, list]) -> None:
        """After a consolidation's full look: what is left unfolded, exactly."""
        self.unknown.discard(holder)
        if left:
            self.by_holder[holder] = left
        else:
            self.by_holder.pop(holder, None)
