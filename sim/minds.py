"""The running state of every NPC's mind: affect arrays, stages, silence budgets, reconnect
urges, pending follow-ups and the gate's decision snapshots.

Affect is one `AffectField` for the whole town (numpy arrays, one update per tick for all NPCs);
stimuli gathered during a tick (every event memory an NPC writes) are applied together at its end.
The whole state round-trips through JSON so a run resumes exactly.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import compress
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np

from townsfolk.agents.affect import AffectField, effects
from townsfolk.agents.gate import GateDecision
from townsfolk.agents.reconnect import FollowUpState, ReconnectState
from townsfolk.agents.silence_budget import SilenceBudget
from townsfolk.memory.events import EventMemory
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.sorted_unique import sorted_unique_inverse
from townsfolk.world.world import World

MOOD_LABELS = {"zh": ("低落", "平静", "愉快"), "en": ("low", "calm", "cheerful")}
MOOD_EDGE = 0.2
RANKED_FROM = 24  # events in a tick from which the stirred are found by int id ranks (`Minds._stir_sums`)
OWN = 3  # added to a mood code while the label is the NPC's own doing (saved with the codes)
_IS_EVENT = "event".__eq__
# a model's field read goes through pydantic's __getattr__ hook: a tick's event memories are read from
# their field dicts, each field by C-level maps
_DICT = attrgetter("__dict__")
_HOLDER_OF, _VALENCE_OF, _IMPORTANCE_OF = itemgetter("holder"), itemgetter("valence"), itemgetter("importance")


def mood_codes(valence: np.ndarray) -> np.ndarray:
    """0 low, 1 calm, 2 cheerful per valence (int8), in three array steps (a nested np.where was 4x
    this; the comparison's bools are read as int8 in place). A strided column (the fast layer's
    valence) is copied first: two comparisons over a contiguous copy cost less than over the column."""
    if not valence.flags.c_contiguous:
        valence = valence.copy()
    codes = (valence > MOOD_EDGE).view(np.int8) + 1
    codes -= valence < -MOOD_EDGE
    return codes


@dataclass
class TickMarks:
    """What `Minds.settle` saw of a tick: each group's label before it, and for the NPCs it
    stimulated, their rows and their labels after relaxing but before the stimuli."""

    group_codes: np.ndarray
    stirred: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    relaxed: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))


@dataclass
class MoodShifts:
    """A tick's mood changes worth a line: NPCs' own (npc, label, valence) and groups' turns
    (group id, its place name or None, new code, shared valence)."""

    own: list[tuple[str, str, float]] = field(default_factory=list)
    groups: list[tuple[str, str | None, int, float]] = field(default_factory=list)


@dataclass
class _Shift:
    changed: np.ndarray  # rows whose label changed
    own: np.ndarray  # per changed row: its own doing
    groups: list[tuple[str, str | None, int, float]]


def pack(arr: np.ndarray) -> dict[str, Any]:
    """An array as JSON: dtype, shape and its bytes in base64 (exact, and cheap to encode)."""
    a = np.ascontiguousarray(arr)
    return {"dtype": a.dtype.str, "shape": list(a.shape), "b64": base64.b64encode(a.tobytes()).decode("ascii")}


def unpack(value: Any, dtype: Any) -> np.ndarray:
    """Back from `pack` (or from the nested lists older runs saved)."""
    if isinstance(value, dict) and "b64" in value:
        raw = np.frombuffer(base64.b64decode(value["b64"]), dtype=np.dtype(value["dtype"]))
        return raw.reshape(value["shape"]).astype(dtype, copy=True)
    return np.array(value, dtype=dtype)


class Minds:
    """Per-NPC state that is not memory: how they feel, where they stand, whether they may speak."""

    def __init__(self, world: World, memory: MemoryStore, place: str = "town", settled_days: float = 0.0) -> None:
        self.place = place
        self.language = world.language
        self.settled_days = settled_days  # how long NPCs have lived here before the run starts (cold start)
        self.npcs = [cid for cid, c in world.characters.items() if not c.is_player]
        self.affect = AffectField(self.npcs, group_ids=[place])
        if self.npcs:
            self.affect.join(self.npcs, place)
        self.budget = SilenceBudget()
        self.stages: dict[str, str] = {}  # "npc|other" -> stage id
        self.dependency: dict[str, int] = {}  # "npc|other" -> dependency signals seen
        self.last_spoke: dict[str, datetime] = {}
        self.quiet: dict[str, ReconnectState] = {}  # "npc|player" -> silence clock
        self.followups: dict[str, FollowUpState] = {}  # message id -> follow-up state
        self._labels = np.ones(len(self.npcs), dtype=np.int8)  # 0 low, 1 calm, 2 cheerful
        self._own = np.zeros(len(self.npcs), dtype=bool)  # the label is the NPC's own doing, not its group's
        self.group_names: dict[str, str] = {}  # affect group id -> the place's name, for mood lines
        self._tick_marks: TickMarks | None = None  # what `settle` saw, for the next `mood_shifts`
        self.decisions: list[GateDecision] = []  # not yet saved
        self.counts: dict[str, int] = {}  # decision outcomes over the run, for reports
        self._stimuli: dict[str, list[float]] = {}  # a summed stimulus per NPC put in by hand (tests)
        self._stimulus_rows: dict[str, int] = {}  # their affect rows, looked up once as they came
        self._stirring: list[EventMemory] = []  # this tick's event memories, in write order, summed at settle
        self._ranks: tuple[AffectField | None, np.ndarray, np.ndarray] = (None, np.zeros(0, np.int64), np.zeros(0, np.int64))
        memory.on_put_many.append(self._on_put_many)
        # an NPC already tied to a player starts counting the silence from the first tick
        for edge in world.graph.edges_into(cid for cid, c in world.characters.items() if c.is_player):
            if edge.source in self.affect.index:
                self.quiet.setdefault(f"{edge.source}|{edge.target}",
                                      ReconnectState(npc=edge.source, other=edge.target, quiet_since=world.now))

    # --- affect ------------------------------------------------------------------------------
    def _on_put_many(self, kinds: Sequence[str], items: Sequence[object]) -> None:
        """Every event memory an NPC writes is a stimulus (told of a run of new items at once, in
        write order): kept, at C speed, until `settle` sums them (`_stir_sums`); a summary or an
        impression put alone, most calls, costs no loop. No one changes an event's holder, valence
        or importance after it is written, so reading them at settle reads what was written."""
        if len(kinds) != len(items):
            raise ValueError("as many kinds as items")
        self._stirring.extend(compress(items, map(_IS_EVENT, kinds)))

    def _stir_by_hand(self, events: list[EventMemory]) -> None:
        """The tick's events added one by one to the stimuli put in by hand: valence, arousal from
        its intensity, in plain floats from 0.0 up (what `_stir_sums` gives when there are none)."""
        stimuli, rows, index = self._stimuli, self._stimulus_rows, self.affect.index
        for item in events:
            if type(item) is not EventMemory and not isinstance(item, EventMemory):
                continue
            holder = item.holder
            s = stimuli.get(holder)
            if s is None:
                row = index.get(holder)
                if row is None:
                    continue  # a player's memories move no affect
                s = stimuli[holder] = [0.0, 0.0, 0.0]
                rows[holder] = row  # (settle reads it here, not from the town's index)
            v = item.valence * (0.5 + item.importance)
            s[0] += v
            s[1] += 0.6 * abs(v) - 0.1 * (v < 0)
            s[2] += 0.3 * v

    def _id_ranks(self) -> tuple[np.ndarray, np.ndarray]:
        """Each affect row's place among the NPC ids in string order, and the rows in that order:
        the stirred are applied in id order, found by sorting ints instead of strings (kept per
        field: its ids never change)."""
        if self._ranks[0] is not self.affect:
            ids = self.affect.ids
            order = np.array(sorted(range(len(ids)), key=ids.__getitem__), dtype=np.int64)
            rank = np.empty(len(ids), dtype=np.int64)
            rank[order] = np.arange(len(ids), dtype=np.int64)
            self._ranks = (self.affect, rank, order)
        return self._ranks[1], self._ranks[2]

    def _stir_sums(self, events: list[EventMemory]) -> tuple[np.ndarray, np.ndarray] | None:
        """The tick's stimuli without a loop per event: the stirred NPCs' rows in id order and their
        summed (valence, arousal, dominance) stimuli, as `_stir_by_hand` sums them: each NPC's
        events added in write order from 0.0 (`np.bincount` adds its weights one by one, in order),
        each term the same IEEE steps on float64. None when no NPC was stirred. Each event's slot is
        its holder's place among the stirred: by id rank (`sorted_unique_inverse` of int ranks), or
        for a few events by their ids sorted as strings (the same order)."""
        if set(map(type, events)) != {EventMemory}:
            events = [e for e in events if type(e) is EventMemory or isinstance(e, EventMemory)]
        fields = list(map(_DICT, events))
        rows = list(map(self.affect.index.get, map(_HOLDER_OF, fields)))
        if None in rows:  # a player's memories move no affect
            keep = [r is not None for r in rows]
            fields, rows = list(compress(fields, keep)), list(compress(rows, keep))
        if not rows:
            return None
        n = len(rows)
        v = np.fromiter(map(_VALENCE_OF, fields), dtype=float, count=n)
        v *= 0.5 + np.fromiter(map(_IMPORTANCE_OF, fields), dtype=float, count=n)
        if n < RANKED_FROM:  # a few: their ids sorted as strings cost less than the array steps
            holders = list(map(self.affect.ids.__getitem__, rows))
            ids = sorted(set(holders))  # the stirred in id order, as they are applied
            k = len(ids)
            stirred = np.fromiter(map(self.affect.index.__getitem__, ids), dtype=np.int64, count=k)
            slot = np.fromiter(map({h: i for i, h in enumerate(ids)}.__getitem__, holders), dtype=np.int64, count=n)
        else:
            rank, order = self._id_ranks()
            ranks, slot = sorted_unique_inverse(rank[np.fromiter(rows, dtype=np.int64, count=n)])
            stirred = order[ranks]  # the stirred in id order, as they are applied
            k = len(stirred)
        sums = np.empty((k, 3))
        sums[:, 0] = np.bincount(slot, weights=v, minlength=k)
        sums[:, 1] = np.bincount(slot, weights=0.6 * np.abs(v) - 0.1 * (v < 0), minlength=k)
        sums[:, 2] = np.bincount(slot, weights=0.3 * v, minlength=k)
        return stirred, sums

    def settle(self, dt_seconds: float) -> None:
        """One tick for every NPC at once: relax all layers, then apply the tick's stimuli together.
        Notes what `mood_shifts` needs to tell an NPC's own change from its group's drift: each
        group's label before the tick, and where the stimulated NPCs stood before their stimuli."""
        marks = TickMarks(group_codes=mood_codes(self.affect.group_slow[:, 0]))
        self.affect.tick(dt_seconds)
        events, self._stirring = self._stirring, []
        if events and not self._stimuli:
            found = self._stir_sums(events)
            if found is not None:
                marks.stirred, sums = found
                marks.relaxed = mood_codes(self.affect.fast[marks.stirred, 0])
                self.affect.stimulate_rows(marks.stirred, np.clip(sums, -1.0, 1.0))
            self._tick_marks = marks
            return
        self._stir_by_hand(events)
        if self._stimuli:
            ids = sorted(self._stimuli)  # (in id order, as they always were summed into their groups)
            known, index = self._stimulus_rows, self.affect.index  # (index: a stimulus put in by hand)
            marks.stirred = np.fromiter([known[i] if i in known else index[i] for i in ids], dtype=np.int64,
                                        count=len(ids))
            marks.relaxed = mood_codes(self.affect.fast[marks.stirred, 0])
            self.affect.stimulate_rows(marks.stirred, np.clip(np.array([self._stimuli[i] for i in ids]), -1.0, 1.0))
            self._stimuli.clear()
            self._stimulus_rows.clear()
        self._tick_marks = marks

    def mood_changes(self, language: str) -> list[tuple[str, str, float]]:
        """Every NPC whose mood label changed since last asked, own or drifted: (npc, label, valence)."""
        shifts = self._shift()
        return self._labelled(shifts.changed, language) if shifts is not None else []

    def mood_shifts(self, language: str) -> MoodShifts:
        """Since last asked: the NPCs whose label moved by their own doing (npc, label, valence), and
        the groups whose shared mood crossed an edge (group, its place name, code, valence).

        A change is an NPC's own when it is in no group (alone, or in a one-to-one talk), when this
        tick's stimuli carried it across (its label after relaxing alone was not the new one), or
        while its label has been its own since an earlier own change (an upset fading back). Other
        changes are the NPC following its group's mood: its label still changes, but the timeline
        gets one line for the group, when the group's own label crosses and someone is there."""
        shifts = self._shift()
        if shifts is None:
            return MoodShifts()
        own = self._labelled(shifts.changed[shifts.own], language)
        return MoodShifts(own=own, groups=shifts.groups)

    @property
    def _mood_codes(self) -> np.ndarray:
        """The labels as saved: 0 low, 1 calm, 2 cheerful, + OWN while the label is the NPC's own."""
        return self._labels.astype(np.int64) + OWN * self._own

    @_mood_codes.setter
    def _mood_codes(self, codes: np.ndarray) -> None:
        codes = np.asarray(codes)
        self._own = codes >= OWN
        self._labels = (codes - OWN * self._own).astype(np.int8)

    def _labelled(self, rows: np.ndarray, language: str) -> list[tuple[str, str, float]]:
        if not len(rows):
            return []
        words = MOOD_LABELS.get(language, MOOD_LABELS["en"])
        codes = self._labels[rows]
        ids = self.affect.ids  # the rows' numbers as Python values in three array calls, not per row
        return [(ids[r], words[c], v) for r, c, v in zip(rows.tolist(), codes.tolist(),
                                                           self.affect.fast[rows, 0].tolist(), strict=True)]

    def _shift(self) -> _Shift | None:
        """Move the mood codes to the current labels; None when no label and no group crossed.
        Array steps over all NPCs; Python touches only the groups that crossed."""
        marks, self._tick_marks = self._tick_marks, None
        a = self.affect
        now = mood_codes(a.fast[:, 0])
        group_now = mood_codes(a.group_slow[:, 0])
        groups: list[tuple[str, str | None, int, float]] = []
        before = marks.group_codes if marks is not None else None
        if before is not None and len(before) == len(group_now):
            crossed = np.flatnonzero(group_now != before)
            if len(crossed):
                present = np.bincount(a.group_of[a.group_of >= 0], minlength=len(group_now))
                groups = [(a.group_ids[g], self.group_names.get(a.group_ids[g]), int(group_now[g]),
                           float(a.group_slow[g, 0])) for g in crossed.tolist() if present[g]]
        changed = np.flatnonzero(now != self._labels)
        if not len(changed) and not groups:
            return None
        group = a.group_of[changed]
        in_group = group >= 0
        label = now[changed]
        own = ~in_group | self._own[changed]
        if marks is not None and len(marks.stirred):  # stimuli carried these across
            carried = marks.stirred[marks.relaxed != now[marks.stirred]]
            own |= np.isin(changed, carried)
        group_label = group_now[np.clip(group, 0, None)] if len(group_now) else np.full(len(changed), -1)
        stays_own = own & in_group & (label != group_label)  # back in step with its group: no longer its own
        self._labels = now
        self._own[changed] = stays_own
        return _Shift(changed=changed, own=own, groups=groups)

    @property
    def moods(self) -> dict[str, str]:
        """Each NPC's current mood label, as last logged."""
        words = MOOD_LABELS.get(self.language, MOOD_LABELS["en"])
        return {npc: words[c] for npc, c in zip(self.affect.ids, self._labels.tolist(), strict=True)}

    def effects_of(self, npc: str) -> dict[str, float]:
        """One NPC's behaviour knobs (computed for its row only, not the whole town)."""
        row = self.affect.index.get(npc)
        if row is None:
            return {}
        eff = effects(self.affect.fast[row:row + 1])
        return {k: float(np.asarray(v)[0]) for k, v in eff.items()}

    def seconds_since_spoke(self, now: datetime) -> np.ndarray:
        """Seconds since each NPC last spoke (1e9 for never), touching only those who have spoken."""
        since = np.full(len(self.npcs), 1e9)
        for npc, at in self.last_spoke.items():
            since[self.affect.index[npc]] = (now - at).total_seconds()
        return since

    def affect_of(self, npc: str) -> list[float]:
        row = self.affect.index.get(npc)
        return [0.0, 0.0, 0.0] if row is None else [round(float(x), 4) for x in self.affect.fast[row]]

    # --- bookkeeping -------------------------------------------------------------------------
    def record(self, decision: GateDecision) -> None:
        self.decisions.append(decision)
        self.counts[decision.outcome] = self.counts.get(decision.outcome, 0) + 1
        self.counts[f"{decision.trigger.kind}:{decision.outcome}"] = (
            self.counts.get(f"{decision.trigger.kind}:{decision.outcome}", 0) + 1)

    def take_decisions(self) -> list[GateDecision]:
        out, self.decisions = self.decisions, []
        return out

    # --- persistence -------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        a = self.affect
        return {
            "npcs": list(a.ids),
            # arrays as their exact bytes (base64): a commit of a big town encodes them in microseconds
            "affect": {"fast": pack(a.fast), "group_slow": pack(a.group_slow), "pair_slow": pack(a.pair_slow),
                       "pairs": [[i, j, r] for (i, j), r in a.pair_index.items()], "pair_row": pack(a.pair_row),
                       "group_of": pack(a.group_of)},
            "budget": self.budget.model_dump(mode="json"),
            "stages": self.stages, "dependency": self.dependency,
            "last_spoke": {k: v.isoformat() for k, v in self.last_spoke.items()},
            "quiet": {k: v.model_dump(mode="json") for k, v in self.quiet.items()},
            "followups": {k: v.model_dump(mode="json") for k, v in self.followups.items()},
            "moods": pack(self._mood_codes), "counts": self.counts,
        }

    def restore(self, data: dict[str, Any]) -> None:
        if not data:
            return
        if data.get("npcs") != list(self.affect.ids):
            raise ValueError("saved minds belong to a different set of NPCs (or order); cannot resume them")
        a, s = self.affect, data["affect"]
        a.fast = unpack(s["fast"], float).reshape(-1, 3)
        a.group_slow = unpack(s["group_slow"], float).reshape(-1, 3)
        a.pair_slow = unpack(s["pair_slow"], float).reshape(-1, 3)
        a.pair_index = {(int(i), int(j)): int(r) for i, j, r in s["pairs"]}
        a.pair_row = unpack(s["pair_row"], np.int64)
        a.group_of = unpack(s["group_of"], np.int64)
        self.budget = SilenceBudget.model_validate(data["budget"])
        self.stages, self.dependency = dict(data["stages"]), dict(data["dependency"])
        self.last_spoke = {k: datetime.fromisoformat(v) for k, v in data["last_spoke"].items()}
        self.quiet = {k: ReconnectState.model_validate(v) for k, v in data["quiet"].items()}
        self.followups = {k: FollowUpState.model_validate(v) for k, v in data["followups"].items()}
        self._mood_codes = unpack(data["moods"], int).reshape(len(self.npcs))
        self.counts = dict(data["counts"])
