"""Every character's memories and beliefs, indexed by holder, with a journal of what changed."""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import compress
from operator import attrgetter, itemgetter
from typing import Any

from pydantic import BaseModel

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.fold_bound import FoldBounds
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.predicates import BUILTIN_INVENTORY, PredicateInventory

KINDS = ("event", "belief", "summary", "impression")
_TABLE = {"event": "events", "belief": "beliefs", "summary": "summaries", "impression": "impressions"}
_KIND_OF = {EventMemory: "event", Belief: "belief", Summary: "summary", Impression: "impression"}
_ID, _HOLDER = attrgetter("id"), attrgetter("holder")
# a model's field read goes through pydantic's __getattr__ hook (several times a dict read): the
# hot paths read each item's field dict once and its fields from that
_DICT = attrgetter("__dict__")
_ID_OF, _HOLDER_OF = itemgetter("id"), itemgetter("holder")
_IS_EVENT, _IS_BELIEF = "event".__eq__, "belief".__eq__


class MemoryStore:
    """Holds the four kinds of memory item. Writes go through `put` so saving knows what changed."""

    def __init__(self) -> None:
        self.events: dict[str, EventMemory] = {}
        self.beliefs: dict[str, Belief] = {}
        self.summaries: dict[str, Summary] = {}
        self.impressions: dict[str, Impression] = {}
        # kind -> holder -> item ids in write order (one dict per kind: a put appends after one lookup)
        self._ids_of: dict[str, defaultdict[str, list[str]]] = {kind: defaultdict(list) for kind in KINDS}
        self._dirty: dict[tuple[str, str], None] = {}  # insertion-ordered, so saves keep write order
        self._deleted: set[tuple[str, str]] = set()
        self.touched_holders: set[str] = set()  # holders with new events since consolidation last ran
        self._beliefs_by: defaultdict[tuple[str, str, str], list[str]] = defaultdict(list)  # reads: .get
        self.vectors: dict[str, Any] = {}  # relevance embeddings by item id (numpy float32), saved with the item
        self.on_delete: list[Callable[[str, str, str], None]] = []  # (kind, id, holder): keep indexes in step
        self.on_put: list[Callable[[str, Any], None]] = []  # (kind, new item)
        # (kinds, new items): a listener told once per `put_all` (and once per `put`), in write order,
        # after the items are in (a tick's tellings write thousands: one call each cost more than the
        # listener's own work). Listeners of either kind keep their own state: none reads another's
        self.on_put_many: list[Callable[[Sequence[str], Sequence[Any]], None]] = []
        # reads text into a claim (agents/claim_extractor.py with a model); None: the offline reading
        self.claim_reader: Callable[..., Any] | None = None
        # the predicates claims are read with: the built-ins plus this world's own (sim/engine.build_world)
        self.predicates: PredicateInventory = BUILTIN_INVENTORY
        # what each holder could fold, from the first event on (memory/fold_bound.py), so consolidating
        # a holder with nothing to fold costs a lookup; an event changed in place makes its holder's unknown
        self.fold_bounds = FoldBounds()

    def _table(self, kind: str) -> dict[str, BaseModel]:
        return getattr(self, _TABLE[kind])  # (a lookup, not a dict of all four built per call: puts are hot)

    @property
    def _by_holder(self) -> dict[str, dict[str, list[str]]]:
        """holder -> kind -> ids, as the index once was kept (a copy, for comparing two stores)."""
        out: dict[str, dict[str, list[str]]] = {}
        for kind, by in self._ids_of.items():
            for holder, ids in by.items():
                out.setdefault(holder, {})[kind] = list(ids)
        return out

    @staticmethod
    def kind_of(item: BaseModel) -> str:
        kind = _KIND_OF.get(type(item))
        if kind is not None:
            return kind
        if isinstance(item, EventMemory):
            return "event"
        if isinstance(item, Belief):
            return "belief"
        if isinstance(item, Summary):
            return "summary"
        if isinstance(item, Impression):
            return "impression"
        raise TypeError(f"not a memory item: {type(item).__name__}")

    def put(self, item: EventMemory | Belief | Summary | Impression) -> None:
        """Add a new item or mark a changed one for saving."""
        kind = _KIND_OF.get(type(item)) or self.kind_of(item)
        table = getattr(self, _TABLE[kind])
        fields = item.__dict__  # (its fields from the field dict: see _DICT)
        iid = fields["id"]
        if iid not in table:
            # (each step once, the item's fields read once: a fold puts a summary and an impression)
            holder = fields["holder"]
            self._ids_of[kind][holder].append(iid)
            if kind == "belief":
                self._index_belief(item)  # type: ignore[arg-type]
            elif kind == "event":
                self.touched_holders.add(holder)
                self.fold_bounds.add(item)  # type: ignore[arg-type]
            if self.on_put:
                for hook in self.on_put:
                    hook(kind, item)
            table[iid] = item
            self._dirty[(kind, iid)] = None
            if self.on_put_many:
                kinds, items = (kind,), (item,)
                for many in self.on_put_many:
                    many(kinds, items)
            return
        if kind == "event":
            self.fold_bounds.forget(fields["holder"])  # a changed event: as `touch`
        table[iid] = item
        self._dirty[(kind, iid)] = None

    def put_all(self, kinds: list[str], items: list,
                split: tuple[list[EventMemory], list[Belief]] | None = None) -> None:
        """`put` of each (kind, item) in turn, the kinds known (a tick's tellings write their memories
        and beliefs together): the same tables, indexes, journal order and hooks, in the same order
        (`on_put_many` listeners told of the new items together; an item `put` must take, changed or
        of another class, waits until they have been told of the ones before it). `split`: the items'
        events and beliefs, each in order, when the caller made them so (a run of tellings: exactly
        `EventMemory` and `Belief` objects), which spares sorting the items out again."""
        if len(kinds) != len(items):
            raise ValueError("put_all: as many kinds as items")
        if not self.on_put and self._bulk(kinds, items, split):
            return
        tables = {k: self._table(k) for k in KINDS}
        ids_of, dirty, hooks, touched = self._ids_of, self._dirty, self.on_put, self.touched_holders
        index_belief = self._index_belief
        new_kinds: list[str] = []
        new_items: list = []
        events: list[EventMemory] = []  # new events for the fold bounds, in write order
        for kind, item in zip(kinds, items, strict=True):
            table = tables[kind]
            iid = item.id
            if iid in table or _KIND_OF.get(type(item)) != kind:
                self._told(new_kinds, new_items, events)
                new_kinds, new_items, events = [], [], []
                self.put(item)  # a changed item, or one of another class: the general path
                continue
            ids_of[kind][item.holder].append(iid)
            if kind == "belief":
                index_belief(item)
            elif kind == "event":
                touched.add(item.holder)
                events.append(item)
            for hook in hooks:
                hook(kind, item)
            table[iid] = item
            dirty[(kind, iid)] = None
            new_kinds.append(kind)
            new_items.append(item)
        self._told(new_kinds, new_items, events)

    def _bulk(self, kinds: list[str], items: list,
              split: tuple[list[EventMemory], list[Belief]] | None = None) -> bool:
        """`put_all` of new events and beliefs only (a tick's tellings), each step over the whole run
        at C speed; False, with nothing written, when any item is not new, is of another kind or
        class, or comes twice (then the one-by-one path). Each kind's table, id lists and belief
        keys get their items in write order, and the journal all of them, so nothing differs from
        the loop: the kinds never share a structure whose order could tell."""
        if split is None:
            is_event = list(map(_IS_EVENT, kinds))
            is_belief = list(map(_IS_BELIEF, kinds))
            events = list(compress(items, is_event))
            beliefs = list(compress(items, is_belief))
            if len(events) + len(beliefs) != len(items):
                return False
            if (events and set(map(type, events)) != {EventMemory}
                    or beliefs and set(map(type, beliefs)) != {Belief}):
                return False
        else:
            events, beliefs = split
            if len(events) + len(beliefs) != len(items):
                raise ValueError("put_all: split is not the items' events and beliefs")
        # each item's fields read once (see _DICT)
        event_fields, belief_fields = list(map(_DICT, events)), list(map(_DICT, beliefs))
        event_ids, belief_ids = list(map(_ID_OF, event_fields)), list(map(_ID_OF, belief_fields))
        if (len(set(event_ids)) != len(event_ids) or len(set(belief_ids)) != len(belief_ids)
                or not self.events.keys().isdisjoint(event_ids) or not self.beliefs.keys().isdisjoint(belief_ids)):
            return False
        if events:
            event_holders = list(map(_HOLDER_OF, event_fields))
            deque(map(list.append, map(self._ids_of["event"].__getitem__, event_holders), event_ids), maxlen=0)
            self.touched_holders.update(event_holders)
            self.events.update(zip(event_ids, events, strict=True))
        if beliefs:
            deque(map(list.append, map(self._ids_of["belief"].__getitem__, map(_HOLDER_OF, belief_fields)),
                      belief_ids), maxlen=0)
            self._index_beliefs(beliefs)
            self.beliefs.update(zip(belief_ids, beliefs, strict=True))
        self._dirty.update(dict.fromkeys(zip(kinds, map(_ID, items), strict=True)))
        self._told(kinds, items, events)
        return True

    def _told(self, kinds: list[str], items: list, events: list[EventMemory]) -> None:
        """What a run of `put_all`'s new items leaves to do at its end: the fold bounds (each holder's
        sums in write order, as `put` adds them) and the batch listeners."""
        if events:
            self.fold_bounds.add_many(events)
        if items:
            for many in self.on_put_many:
                many(kinds, items)

    def touch(self, item: EventMemory | Belief | Summary | Impression) -> None:
        kind = _KIND_OF.get(type(item)) or self.kind_of(item)
        fields = item.__dict__  # (see _DICT)
        self._dirty[(kind, fields["id"])] = None
        if kind == "event":
            self.fold_bounds.forget(fields["holder"])

    def touch_many(self, kind: str, items: Iterable[EventMemory | Belief | Summary | Impression]) -> None:
        """`touch` of each item in turn, all of one kind (a fold archives its events together): the
        journal in the same order, each holder's fold bound forgotten once, not once per item."""
        if kind not in _TABLE:
            raise ValueError(f"not a memory kind: {kind!r}")
        items = list(items)
        if (items and set(map(_KIND_OF.get, set(map(type, items)))) != {kind}
                and any(self.kind_of(item) != kind for item in items)):  # (a subclass: asked one by one)
            raise TypeError(f"touch_many: not all of kind {kind!r}")
        self._dirty.update(dict.fromkeys(zip([kind] * len(items), map(_ID, items), strict=True)))
        if kind == "event":
            forget = self.fold_bounds.forget
            for holder in dict.fromkeys(map(_HOLDER, items)):
                forget(holder)

    def delete(self, kind: str, item_id: str) -> None:
        table = self._table(kind)
        item = table.pop(item_id, None)
        if item is None:
            raise KeyError(f"no {kind} {item_id!r}")
        self._ids_of[kind][item.holder].remove(item_id)  # type: ignore[attr-defined]
        if kind == "belief":
            for key in self._belief_keys(item):  # type: ignore[arg-type]
                ids = self._beliefs_by.get(key)
                if ids and item_id in ids:
                    ids.remove(item_id)
        self._dirty.pop((kind, item_id), None)
        self._deleted.add((kind, item_id))
        if kind == "event":
            self.fold_bounds.forget(item.holder)  # type: ignore[attr-defined]
        self.vectors.pop(item_id, None)
        for hook in self.on_delete:
            hook(kind, item_id, item.holder)  # type: ignore[attr-defined]

    def get_or_none(self, item_id: str) -> EventMemory | Belief | Summary | Impression | None:
        for kind in KINDS:
            item = self._table(kind).get(item_id)
            if item is not None:
                return item  # type: ignore[return-value]
        return None

    def get(self, item_id: str) -> EventMemory | Belief | Summary | Impression:
        for kind in KINDS:
            item = self._table(kind).get(item_id)
            if item is not None:
                return item  # type: ignore[return-value]
        raise KeyError(f"no memory item {item_id!r}")

    # --- queries ---------------------------------------------------------------------------
    def _of(self, holder: str, kind: str) -> list:
        ids = self._ids_of[kind].get(holder)
        return list(map(self._table(kind).__getitem__, ids)) if ids else []

    def recent(self, holder: str, kind: str, n: int) -> list:
        """The holder's n newest items of a kind, without touching the rest."""
        ids = self._ids_of[kind].get(holder)
        return list(map(self._table(kind).__getitem__, ids[-n:])) if ids and n > 0 else []

    def newest_first(self, holder: str, kind: str) -> Iterator:
        """The holder's items of a kind from the newest back, read only as far as the caller goes (a
        fold wants the newest few of a long-lived NPC's events). Not to be held across a write."""
        ids = self._ids_of[kind].get(holder)
        return map(self._table(kind).__getitem__, reversed(ids)) if ids else iter(())

    def count(self, holder: str, kind: str) -> int:
        return len(self._ids_of[kind].get(holder, ()))

    def events_of(self, holder: str, about: str | None = None) -> list[EventMemory]:
        items = self._of(holder, "event")
        if about is not None:
            items = [e for e in items if e.about == about or about in e.participants]
        return items

    @staticmethod
    def _belief_keys(b: Belief) -> set[tuple[str, str, str]]:
        c = b.claim
        keys = {("about", b.holder, p) for p in (c.about, c.target, c.said_by) if p}
        if b.via_fact_id:
            keys.add(("via", b.holder, b.via_fact_id))
        return keys

    def _index_belief(self, b: Belief) -> None:
        """Beliefs are looked up by whom they concern and by the telling that brought them, often:
        an index keeps that cheap however many beliefs a holder has."""
        self._index_beliefs((b,))

    def _index_beliefs(self, beliefs: Iterable[Belief]) -> None:
        """`_index_belief` of each in turn: each key once, as _belief_keys gives them (a set), in
        this order, without building the set."""
        by = self._beliefs_by
        for b in beliefs:
            d = b.__dict__  # (the fields from the field dicts: see _DICT)
            c, holder, bid, via = d["claim"].__dict__, d["holder"], d["id"], d["via_fact_id"]
            about, target, said_by = c["about"], c["target"], c["said_by"]
            if about:
                by["about", holder, about].append(bid)
            if target and target != about:
                by["about", holder, target].append(bid)
            if said_by and said_by != about and said_by != target:
                by["about", holder, said_by].append(bid)
            if via:
                by["via", holder, via].append(bid)

    def beliefs_of(self, holder: str, about: str | None = None, *, held_only: bool = True) -> list[Belief]:
        if about is not None:
            ids = self._beliefs_by.get(("about", holder, about))
        else:
            ids = self._ids_of["belief"].get(holder)
        if not ids:
            return []
        items = map(self.beliefs.__getitem__, ids)
        # Belief.held, inline (a teller's every belief is read for each telling it makes)
        return [b for b in items if b.status == "held"] if held_only else list(items)

    def beliefs_via(self, holder: str, fact_id: str) -> list[Belief]:
        """The holder's beliefs that arrived with one fact (a telling, a sighting)."""
        return [self.beliefs[i] for i in self._beliefs_by.get(("via", holder, fact_id), [])]

    def summaries_of(self, holder: str, about: str | None = None) -> list[Summary]:
        items = [s for s in self._of(holder, "summary") if s.status == "active"]
        if about is not None:
            items = [s for s in items if s.about == about]
        return items

    def impression(self, holder: str, about: str) -> Impression | None:
        ids = self._ids_of["impression"].get(holder)
        if ids:
            table = self.impressions
            for i in reversed(ids):  # the newest about them: the last of the holder's that is
                item = table[i]
                if item.__dict__["about"] == about:  # (past pydantic's attribute hook: a fold asks this)
                    return item
        return None

    def impressions_of(self, holder: str) -> list[Impression]:
        return self._of(holder, "impression")

    def holders(self) -> list[str]:
        return sorted(set().union(*self._ids_of.values()))

    def all_items(self) -> Iterable[tuple[str, BaseModel]]:
        for kind in KINDS:
            for item in self._table(kind).values():
                yield kind, item

    # --- saving ----------------------------------------------------------------------------
    def take_changes(self) -> tuple[list[tuple[str, BaseModel]], list[tuple[str, str]]]:
        """Items written and items deleted since the last save."""
        # each kind's table looked up once, each item once (a 10k town's tick journals thousands)
        tables = {k: getattr(self, t) for k, t in _TABLE.items()}
        written = [(k, item) for k, i in self._dirty if (item := tables[k].get(i)) is not None]
        deleted = sorted(self._deleted)
        self._dirty.clear()
        self._deleted.clear()
        return written, deleted

    def mark_all_unsaved(self) -> None:
        """Treat every item as new (a store being rewritten from scratch)."""
        self._dirty = {(k, i.id): None for k, i in self.all_items()}  # type: ignore[attr-defined]
        self._deleted.clear()

    def load(self, kind: str, item: BaseModel) -> None:
        self.put(item)  # type: ignore[arg-type]
        self._dirty.pop((kind, item.id), None)  # type: ignore[attr-defined]
