"""Errands at work: the state machine that decides every step of a task dialogue.

f(topology, information state, intents) = the next step. The reader (agents/errand_intents.py,
or a model through it) only says what the words contain; everything else is decided here: which
errand is in focus, which node comes next, which slot to ask, whether a value counts (confirm,
explicit, fixed), what a correction clears (`depends_on`), when the errand is done, and every
change, each kept in the errand's history with when and why. Effects on the world (the `on_done`
happening, the bond a kept or dropped promise moves) are handed to the simulation as `ErrandEffect`s.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from townsfolk.agents.errand_intents import (
    ErrandReading,
    ReadingContext,
    SlotReading,
    StartMatcher,
    read_errand,
)
from townsfolk.agents.errand_notes import note_text
from townsfolk.agents.errand_spec import TEMPLATE, ErrandSpec, HappenTemplate
from townsfolk.agents.errand_voice import join, line
from townsfolk.agents.llm.protocol import LLMProvider
from townsfolk.memory.embeddings import Embedder
from townsfolk.world.clock import parse_duration

Status = Literal["active", "paused", "done", "cancelled", "expired"]


class Change(BaseModel):
    """One entry of an errand's history: what changed, when, and why (usually the player's words)."""

    tick: int
    time: str
    kind: str  # start fill correct clear supplement confirm deny default skip pause resume switch queue
    #            escalate cancel done expire node
    slot: str | None = None
    old: Any = None
    new: Any = None
    why: str = ""


class Errand(BaseModel):
    """One running errand between an NPC and a player: its state is all here, so it persists whole."""

    key: str
    errand: str
    npc: str
    player: str
    origin_npc: str
    status: Status = "active"
    node: str | None = None
    done_nodes: list[str] = Field(default_factory=list)
    values: dict[str, Any] = Field(default_factory=dict)
    confirmed: list[str] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list)
    pending: str | None = None  # slot:<name> | confirm:<name> | confirm_back:<node> | fix | escalate
    reask: list[str] = Field(default_factory=list)
    paused_reason: str | None = None  # paused | switched | queued | escalated
    paused_at: str | None = None
    started_tick: int = 0
    updated_tick: int = 0
    history: list[Change] = Field(default_factory=list)


class ErrandEffect(BaseModel):
    """Something the world must carry out because an errand changed state."""

    kind: Literal["started", "done", "cancelled", "expired", "escalated"]
    key: str
    errand: str
    npc: str
    player: str
    title: str
    happen: HappenTemplate | None = None
    target: str | None = None


class ErrandTurn(BaseModel):
    """What an errand turn decided: the NPC's words, the log lines and the world's effects."""

    text: str
    errands: list[str] = Field(default_factory=list)  # keys of the errands this turn touched
    notes: list[str] = Field(default_factory=list)  # one timeline line per change, for designers
    effects: list[ErrandEffect] = Field(default_factory=list)
    reading: ErrandReading
    keep: list[str] = Field(default_factory=list)  # the values said, which a voicing model must keep


class World_(BaseModel):
    """The little of the world an errand turn needs (agents must not reach into the simulation)."""

    tick: int
    time: datetime
    language: str
    names: dict[str, str]  # character id -> name
    npcs: list[str]  # ids of characters who are not players
    place: str = ""


def _fmt(language: str, spec: ErrandSpec, slot: str, value: Any) -> str:
    s = spec.slots[slot]
    if isinstance(value, list):
        return ("、" if language == "zh" else ", ").join(str(v) for v in value)
    if s.type == "int" and s.units:
        return f"{zh_numeral(int(value))}{s.units[0]}" if language == "zh" else f"{value} {s.units[0]}"
    return str(value)


def _bare(language: str, spec: ErrandSpec, slot: str, value: Any) -> str:
    """A value as a designer's template takes it: no unit, so `{jin}斤` never reads 五斤斤."""
    if spec.slots[slot].type == "int" and not isinstance(value, list):
        return zh_numeral(int(value)) if language == "zh" else str(value)
    return _fmt(language, spec, slot, value)


def zh_numeral(n: int) -> str:
    """2 -> 两, 13 -> 十三, 25 -> 二十五: how a count is said before a measure word."""
    digits = "零一二三四五六七八九"
    if n == 2:
        return "两"
    if 0 <= n < 10:
        return digits[n]
    if 10 <= n < 100:
        tens, ones = divmod(n, 10)
        return ("" if tens == 1 else digits[tens]) + "十" + (digits[ones] if ones else "")
    return str(n)


class ErrandBook:
    """Every errand of a run, the specs they follow, and the reader: the desk code decides at."""

    def __init__(self, specs: dict[str, ErrandSpec] | None = None, *, embedder: Embedder | None = None) -> None:
        self.specs: dict[str, ErrandSpec] = dict(specs or {})
        self.errands: list[Errand] = []
        self.counter = 0
        self.dirty: set[str] = set()
        self.resumed: dict[str, str | None] = {}  # this turn: errands taken up again, and what they awaited
        self.matcher = StartMatcher(embedder) if embedder is not None else StartMatcher(None)

    # --- lookup ----------------------------------------------------------------------------
    def get(self, key: str) -> Errand:
        return next(e for e in self.errands if e.key == key)

    def focus(self, npc: str, player: str) -> Errand | None:
        return next((e for e in self.errands if e.npc == npc and e.player == player and e.status == "active"), None)

    def waiting(self, npc: str, player: str) -> list[Errand]:
        """Paused errands of this pair, the most recently paused first."""
        out = [e for e in self.errands if e.npc == npc and e.player == player and e.status == "paused"]
        return sorted(out, key=lambda e: (e.updated_tick, self.errands.index(e)), reverse=True)

    def of(self, npc: str | None = None, player: str | None = None) -> list[Errand]:
        return [e for e in self.errands if (npc is None or e.npc == npc) and (player is None or e.player == player)]

    def forget(self, player: str, npc: str | None = None) -> int:
        """A player's right to erasure: their errands (and the words kept in their history) go."""
        keep = [e for e in self.errands if not (e.player == player and (npc is None or npc in (e.npc, e.origin_npc)))]
        gone = len(self.errands) - len(keep)
        self.errands = keep
        return gone

    def state(self) -> list[dict[str, Any]]:
        return [e.model_dump(mode="json") for e in self.errands]

    def restore(self, rows: list[dict[str, Any]]) -> None:
        self.errands = [Errand.model_validate(r) for r in rows]
        self.counter = max((int(e.key.rsplit("#", 1)[-1]) for e in self.errands), default=0)
        self.dirty.clear()

    def take_dirty(self) -> list[Errand]:
        out = [e for e in self.errands if e.key in self.dirty]
        self.dirty.clear()
        return out

    # --- bookkeeping -----------------------------------------------------------------------
    def _note(self, e: Errand, w: World_, kind: str, why: str = "", **fields: Any) -> None:
        e.history.append(Change(tick=w.tick, time=w.time.isoformat(timespec="minutes"), kind=kind, why=why, **fields))
        e.updated_tick = w.tick
        self.dirty.add(e.key)

    def _pause(self, e: Errand, w: World_, reason: str, why: str) -> None:
        e.status, e.paused_reason, e.paused_at = "paused", reason, w.time.isoformat(timespec="minutes")
        self._note(e, w, "pause" if reason == "paused" else reason, why)

    def _activate(self, e: Errand, w: World_, why: str, kind: str = "resume") -> None:
        self.resumed[e.key] = e.pending
        e.status, e.paused_reason, e.paused_at = "active", None, None
        self._note(e, w, kind, why)

    def _start(self, errand_id: str, npc: str, player: str, w: World_, why: str) -> Errand:
        self.counter += 1
        spec = self.specs[errand_id]
        e = Errand(key=f"{errand_id}#{self.counter}", errand=errand_id, npc=npc, player=player, origin_npc=npc,
                   started_tick=w.tick, updated_tick=w.tick, node=self._first_node(spec, []))
        self.errands.append(e)
        self._note(e, w, "start", why)
        for name, slot in spec.slots.items():  # what the world already knows is never asked
            if slot.from_ is not None:
                value = {"player.name": w.names.get(player, player), "player.id": player,
                         "npc.name": w.names.get(npc, npc), "npc.id": npc, "place": w.place}[slot.from_]
                e.values[name] = value
                self._note(e, w, "fill", note_text(w.language, "why.from", source=slot.from_), slot=name, new=value)
        return e

    @staticmethod
    def _first_node(spec: ErrandSpec, done: list[str]) -> str | None:
        """The topology: the first node (in file order) not done whose `after` are all done."""
        return next((n.id for n in spec.nodes if n.id not in done and all(a in done for a in n.after)), None)

    # --- expiry ----------------------------------------------------------------------------
    def expire(self, w: World_) -> tuple[list[str], list[ErrandEffect]]:
        """Drop paused errands older than their `expires`; returns the lines saying so and the effects."""
        notes, effects = [], []
        for e in self.errands:
            spec = self.specs.get(e.errand)
            if e.status != "paused" or spec is None or spec.expires is None or e.paused_at is None:
                continue
            if w.time - datetime.fromisoformat(e.paused_at) > parse_duration(spec.expires):
                e.status = "expired"
                self._note(e, w, "expire", note_text(w.language, "why.expired", since=e.paused_at, expires=spec.expires))
                notes.append(line(w.language, "expired", npc=w.names.get(e.npc, e.npc), title=spec.title))
                effects.append(ErrandEffect(kind="expired", key=e.key, errand=e.errand, npc=e.npc, player=e.player,
                                            title=spec.title))
        return notes, effects

    # --- one turn --------------------------------------------------------------------------
    def context(self, npc: str, player: str, w: World_) -> ReadingContext:
        focus = self.focus(npc, player)
        pending = focus.pending.split(":", 1)[1] if focus and focus.pending and focus.pending.startswith("slot:") else None
        mine = {e.errand for e in self.of(npc, player) if e.status in ("active", "paused")}
        return ReadingContext(specs={k: s for k, s in self.specs.items() if s.npc == npc or k in mine},
                              focus=focus.errand if focus else None, pending_slot=pending,
                              filled=dict(focus.values) if focus else {},
                              names={c: w.names[c] for c in w.npcs if c != npc}, language=w.language,
                              waiting=[e.errand for e in self.waiting(npc, player)])

    def turn(self, npc: str, player: str, text: str, w: World_, *, model: LLMProvider | None = None) -> ErrandTurn | None:
        """Read the words, decide, and say what was decided; None when the words are not about an errand."""
        handed = [e for e in self.waiting(npc, player) if e.paused_reason == "escalated"]
        reading = read_errand(text, self.context(npc, player, w), model=model, matcher=self.matcher)
        focus = self.focus(npc, player)
        if focus is None and not handed and not reading.starts and not (
                reading.intents and set(reading.intents) & {"RESUME", "RESUME_TASK"} and self.waiting(npc, player)):
            return None
        if focus is not None and reading.empty:
            return None  # small talk in the middle of an errand: the pipeline answers, the errand waits
        self.resumed = {}
        return _Turn(self, npc, player, text, w, reading).run()


class _Turn:
    """One utterance applied to the errands of one NPC and one player; code decides each step."""

    def __init__(self, book: ErrandBook, npc: str, player: str, text: str, w: World_, reading: ErrandReading) -> None:
        self.book, self.npc, self.player, self.text, self.w, self.r = book, npc, player, text, w, reading
        self.lang = w.language
        self.say: list[str] = []
        self.notes: list[str] = []
        self.effects: list[ErrandEffect] = []
        self.touched: list[str] = []
        self.acks: list[str] = []
        self.before: dict[str, Any] = {}
        self.was_pending: dict[str, str | None] = {}  # what a resumed errand was waiting for

    def spec(self, e: Errand) -> ErrandSpec:
        return self.book.specs[e.errand]

    def note(self, e: Errand, text: str) -> None:
        self.notes.append(f"{self.w.names.get(e.npc, e.npc)}·{self.spec(e).title}{'：' if self.lang == 'zh' else ': '}{text}")
        if e.key not in self.touched:
            self.touched.append(e.key)

    # --- the decision ----------------------------------------------------------------------
    def run(self) -> ErrandTurn:
        book, r, intents = self.book, self.r, set(self.r.intents)
        focus = book.focus(self.npc, self.player)
        handed = [e for e in book.waiting(self.npc, self.player) if e.paused_reason == "escalated"]
        if handed and focus is None:  # the player comes to whoever the errand was handed to
            e = handed[0]
            book._activate(e, self.w, self.text, kind="resume")  # noqa: SLF001
            self.say.append(line(self.lang, "escalated_in", origin=self.w.names.get(e.origin_npc, e.origin_npc),
                                 title=self.spec(e).title))
            self.note(e, note_text(self.lang, "taken_over", origin=self.w.names.get(e.origin_npc, e.origin_npc)))
            focus = e
            intents.discard("RESUME_TASK")
        new_ids = [s for s in r.starts if focus is None or s != focus.errand]
        if "CANCEL" in intents and focus is not None:
            return self._cancel(focus)
        if intents & {"RESUME", "RESUME_TASK"}:
            focus = self._resume(focus, intents, new_ids) or focus
            new_ids = [s for s in new_ids if s != (focus.errand if focus else None)]
        for errand_id in new_ids:
            waiting = next((e for e in book.waiting(self.npc, self.player) if e.errand == errand_id), None)
            if focus is None:
                focus = self._open(errand_id, waiting)
            elif "SWITCH" in intents or "RESUME" in intents:
                book._pause(focus, self.w, "switched", self.text)  # noqa: SLF001
                other = self.spec(focus).title
                self.note(focus, note_text(self.lang, "switched_away"))
                focus = self._open(errand_id, waiting, quiet=True)
                self.say.append(line(self.lang, "switch", title=self.spec(focus).title, other=other))
            else:
                self._queue(errand_id, waiting)
        if focus is None:
            return self._result()
        self._apply_values(focus, intents)
        if "ESCALATE" in intents or (focus.pending == "escalate" and r.escalate_to):
            if self._escalate(focus):
                return self._result()
        if "SKIP" in intents:
            self._skip(focus)
        if "PAUSE" in intents:
            book._pause(focus, self.w, "paused", self.text)  # noqa: SLF001
            self.note(focus, note_text(self.lang, "paused"))
            self.say.append(line(self.lang, "paused"))
            return self._result()
        self._advance(focus)
        return self._result()

    def _result(self) -> ErrandTurn:
        text = join(self.lang, self.say)
        keep: list[str] = []
        for key in self.touched:
            e = self.book.get(key)
            for name, value in e.values.items():
                shown = _fmt(self.lang, self.spec(e), name, value)
                if shown and shown in text and shown not in keep:
                    keep.append(shown)
        return ErrandTurn(text=text, errands=self.touched, notes=self.notes, effects=self.effects,
                          reading=self.r, keep=keep)

    # --- focus -------------------------------------------------------------------------------
    def _open(self, errand_id: str, waiting: Errand | None, *, quiet: bool = False) -> Errand:
        if waiting is not None:
            self.book._activate(waiting, self.w, self.text)  # noqa: SLF001
            self.note(waiting, note_text(self.lang, "resumed"))
            if not quiet:
                self.say.append(line(self.lang, "resume", title=self.spec(waiting).title))
            return waiting
        e = self.book._start(errand_id, self.npc, self.player, self.w, self.text)  # noqa: SLF001
        self.effects.append(ErrandEffect(kind="started", key=e.key, errand=e.errand, npc=e.npc, player=e.player,
                                         title=self.spec(e).title))
        if not quiet:
            self.say.append(line(self.lang, "start", title=self.spec(e).title))
        return e

    def _queue(self, errand_id: str, waiting: Errand | None) -> None:
        if waiting is not None:
            return  # already waiting its turn
        e = self.book._start(errand_id, self.npc, self.player, self.w, self.text)  # noqa: SLF001
        self.book._pause(e, self.w, "queued", self.text)  # noqa: SLF001
        self._apply_values(e, set(), only_new=True)
        self.note(e, note_text(self.lang, "queued"))
        self.effects.append(ErrandEffect(kind="started", key=e.key, errand=e.errand, npc=e.npc, player=e.player,
                                         title=self.spec(e).title))
        self.say.append(line(self.lang, "queued", title=self.spec(e).title))

    def _resume(self, focus: Errand | None, intents: set[str], new_ids: list[str]) -> Errand | None:
        waiting = self.book.waiting(self.npc, self.player)
        named = [e for e in waiting if e.errand in new_ids]
        if "RESUME" in intents:
            pool = named or [e for e in waiting if e.paused_reason == "switched"] or waiting
        else:
            pool = named or [e for e in waiting if e.paused_reason == "paused"] or waiting
        if not pool:
            return None
        target = pool[0]
        if focus is not None and focus.key != target.key:
            self.book._pause(focus, self.w, "switched", self.text)  # noqa: SLF001
            self.note(focus, note_text(self.lang, "set_aside"))
        self.book._activate(target, self.w, self.text)  # noqa: SLF001
        self.note(target, note_text(self.lang, "resumed"))
        self.say.append(line(self.lang, "resume", title=self.spec(target).title))
        target.history[-1] = target.history[-1].model_copy(update={"kind": "resume"})
        return target

    def _cancel(self, e: Errand) -> ErrandTurn:
        e.status, e.pending = "cancelled", None
        self.book._note(e, self.w, "cancel", self.text)  # noqa: SLF001
        self.say.append(line(self.lang, "cancelled", title=self.spec(e).title))
        self.effects.append(ErrandEffect(kind="cancelled", key=e.key, errand=e.errand, npc=e.npc, player=e.player,
                                         title=self.spec(e).title))
        nxt = self._next_queued()
        if nxt is not None:
            self._advance(nxt)
        return self._result()

    def _next_queued(self) -> Errand | None:
        queued = [e for e in self.book.waiting(self.npc, self.player) if e.paused_reason == "queued"]
        if not queued:
            return None
        e = queued[-1]  # the first queued
        self.book._activate(e, self.w, "the errand before it ended", kind="resume")  # noqa: SLF001
        self.note(e, note_text(self.lang, "its_turn"))
        self.say.append(line(self.lang, "next_queued", title=self.spec(e).title))
        return e

    def _escalate(self, e: Errand) -> bool:
        spec = self.spec(e)
        # a named NPC, or the only one the errand may go to; with several, the player chooses
        target = self.r.escalate_to or (spec.escalate_to[0] if len(spec.escalate_to) == 1 else None)
        if target is None or target == e.npc:
            e.pending = "escalate"
            self.book._note(e, self.w, "escalate", self.text, new="?")  # noqa: SLF001
            self.note(e, note_text(self.lang, "asked_whom"))
            self.say.append(self._question(e))
            return True
        e.pending = e.pending if e.pending != "escalate" else None
        old = e.npc
        e.npc = target
        self.book._pause(e, self.w, "escalated", self.text)  # noqa: SLF001
        e.history[-1] = e.history[-1].model_copy(update={"kind": "escalate", "old": old, "new": target})
        self.touched.append(e.key)
        self.say.append(line(self.lang, "escalated", target=self.w.names.get(target, target)))
        self.effects.append(ErrandEffect(kind="escalated", key=e.key, errand=e.errand, npc=old, player=e.player,
                                         title=spec.title, target=target))
        return True

    # --- values ------------------------------------------------------------------------------
    def _apply_values(self, e: Errand, intents: set[str], *, only_new: bool = False) -> None:
        spec = self.spec(e)
        readings = [s for s in self.r.slots if s.slot in spec.slots]
        pending = e.pending or ""
        if pending.startswith("confirm:") and self.r.answer and not any(s.slot == pending[8:] for s in readings):
            slot = pending[8:]
            if self.r.answer == "yes":
                e.confirmed.append(slot)
                e.pending = None
                self.book._note(e, self.w, "confirm", self.text, slot=slot, new=e.values.get(slot))  # noqa: SLF001
                self.note(e, note_text(self.lang, "confirmed", slot=slot))
            else:
                old = e.values.pop(slot, None)
                e.pending = None
                self.book._note(e, self.w, "deny", self.text, slot=slot, old=old)  # noqa: SLF001
                self.note(e, note_text(self.lang, "denied", slot=slot, old=old))
                self.say.append(line(self.lang, "confirm_again"))
            return
        if pending.startswith("confirm_back:") and self.r.answer and not readings:
            node = pending.split(":", 1)[1]
            if self.r.answer == "yes":
                e.pending = None
                self.book._note(e, self.w, "confirm", self.text, new=node)  # noqa: SLF001
                e.confirmed.append(f"node:{node}")
            else:
                e.pending = "fix"
                self.book._note(e, self.w, "deny", self.text, new=node)  # noqa: SLF001
                self.say.append(line(self.lang, "what_wrong"))
            return
        self.acks = []
        self.before = {k: list(v) if isinstance(v, list) else v for k, v in e.values.items()}
        for reading in readings:
            self._set(e, spec, reading, intents)
        if self.acks:
            self.say.append(line(self.lang, "filled", value=line(self.lang, "options_sep").join(self.acks)))
        if readings and e.pending in ("fix",) or (e.pending or "").startswith("confirm_back:") and readings:
            e.pending = None

    def _set(self, e: Errand, spec: ErrandSpec, reading: SlotReading, intents: set[str]) -> None:
        slot, s = reading.slot, spec.slots[reading.slot]
        value: Any = reading.value
        if s.type == "int":
            if (s.min is not None and int(value) < s.min) or (s.max is not None and int(value) > s.max):
                return
        have = e.values.get(slot)
        why = self.text
        if s.incremental:
            items = list(have or [])
            if reading.old is not None and reading.old in items:  # "not peanuts, melon seeds"
                items[items.index(reading.old)] = value
                e.values[slot] = items
                self.book._note(e, self.w, "correct", why, slot=slot, old=reading.old, new=value)  # noqa: SLF001
                self.note(e, note_text(self.lang, "changed", slot=slot, old=reading.old, new=value))
                self.say.append(line(self.lang, "corrected", old=reading.old, new=value))
                return
            if value in items:
                return
            items.append(value)
            e.values[slot] = items
            kind = "supplement" if have or "SUPPLEMENT" in intents else "fill"
            self.book._note(e, self.w, kind, why, slot=slot, new=value)  # noqa: SLF001
            self.note(e, note_text(self.lang, "added", slot=slot, value=value))
            if self.before.get(slot) or "SUPPLEMENT" in intents:  # more on top of an earlier answer
                self.say.append(line(self.lang, "supplement", value=_fmt(self.lang, spec, slot, value)))
            else:
                self.acks.append(_fmt(self.lang, spec, slot, value))
            self._clear_pending(e, slot)
            return
        if have is None:
            e.values[slot] = value
            self.book._note(e, self.w, "fill", why, slot=slot, new=value)  # noqa: SLF001
            self.note(e, note_text(self.lang, "filled", slot=slot, value=value))
            self._clear_pending(e, slot)
            if slot in e.reask:
                e.reask.remove(slot)
            if s.confirm:
                e.pending = f"confirm:{slot}"
            else:
                self.acks.append(_fmt(self.lang, spec, slot, value))
            return
        if have == value:
            if e.pending == f"confirm:{slot}":  # saying it again is a yes
                e.confirmed.append(slot)
                e.pending = None
                self.book._note(e, self.w, "confirm", why, slot=slot, new=value)  # noqa: SLF001
            return
        if s.fixed and "CORRECT" not in intents:
            self.say.append(line(self.lang, "fixed_kept", value=_fmt(self.lang, spec, slot, have)))
            return
        # a correction: the old value stays in the history, with when and why
        e.values[slot] = value
        if slot in e.confirmed:
            e.confirmed.remove(slot)
        e.confirmed = [c for c in e.confirmed if not c.startswith("node:")]
        self.book._note(e, self.w, "correct", why, slot=slot, old=have, new=value)  # noqa: SLF001
        self.note(e, note_text(self.lang, "corrected", slot=slot, old=have, new=value))
        self.say.append(line(self.lang, "corrected", old=_fmt(self.lang, spec, slot, have),
                             new=_fmt(self.lang, spec, slot, value)))
        cleared = []
        for dep in spec.dependents(slot):
            if dep in e.values and not spec.slots[dep].fixed:
                cleared.append(_fmt(self.lang, spec, dep, e.values.pop(dep)))
                self.book._note(e, self.w, "clear", note_text(self.lang, "why.depends", slot=slot), slot=dep, old=cleared[-1])  # noqa: SLF001
                self.note(e, note_text(self.lang, "cleared", dep=dep, slot=slot))
                e.confirmed = [c for c in e.confirmed if c != dep]
            if dep in e.skipped:
                e.skipped.remove(dep)
            if dep not in e.reask:
                e.reask.append(dep)
        if cleared:
            self.say.append(line(self.lang, "cleared", values=line(self.lang, "options_sep").join(cleared),
                                 old=_fmt(self.lang, spec, slot, have)))
        if s.confirm:
            e.pending = f"confirm:{slot}"
        elif e.pending and (e.pending.startswith("confirm_back:") or e.pending == "fix"):
            e.pending = None

    @staticmethod
    def _clear_pending(e: Errand, slot: str) -> None:
        if e.pending == f"slot:{slot}":
            e.pending = None

    def _skip(self, e: Errand) -> None:
        spec = self.spec(e)
        if not e.pending or not e.pending.startswith("slot:"):
            return
        slot = e.pending[5:]
        s = spec.slots[slot]
        if s.explicit:
            self.say.append(line(self.lang, "explicit_needed"))
            return
        if s.default is not None:
            e.values[slot] = s.default
            e.pending = None
            self.book._note(e, self.w, "default", self.text, slot=slot, new=s.default)  # noqa: SLF001
            self.note(e, note_text(self.lang, "defaulted", slot=slot, value=s.default))
            self.say.append(line(self.lang, "default", value=_fmt(self.lang, spec, slot, s.default)))
            return
        if s.required:
            self.say.append(line(self.lang, "skip_required"))
            return
        e.skipped.append(slot)
        e.pending = None
        self.book._note(e, self.w, "skip", self.text, slot=slot)  # noqa: SLF001
        self.note(e, note_text(self.lang, "skipped", slot=slot))
        self.say.append(line(self.lang, "skipped"))

    # --- the next step -----------------------------------------------------------------------
    def _next_slot(self, e: Errand, spec: ErrandSpec, node_id: str | None) -> str | None:
        def open_(name: str) -> bool:
            s = spec.slots[name]
            return (name not in e.values and name not in e.skipped and all(d in e.values for d in s.depends_on)
                    and (bool(s.ask) or s.default is not None))
        for name in e.reask:
            if open_(name):
                return name
        node = spec.node(node_id) if node_id else None
        if node is not None:
            for name in node.needs:
                if open_(name):
                    return name
            if node.done:  # before the end: everything still open that no step names
                for name in spec.slots:
                    if name not in spec.needed and open_(name):
                        return name
        return None

    def _question(self, e: Errand) -> str:
        spec = self.spec(e)
        p = e.pending or ""
        if p.startswith("slot:"):
            return spec.slots[p[5:]].ask
        if p.startswith("confirm:"):
            slot = p[8:]
            return line(self.lang, "confirm", value=_fmt(self.lang, spec, slot, e.values.get(slot)))
        if p.startswith("confirm_back:"):
            return line(self.lang, "readback", values=self._readback(e))
        if p == "fix":
            return line(self.lang, "what_wrong")
        if p == "escalate":
            opts = line(self.lang, "options_sep").join(self.w.names.get(t, t) for t in spec.escalate_to)
            return line(self.lang, "escalate_who", options=opts + ("？" if self.lang == "zh" else "?") if opts else "")
        return ""

    def _readback(self, e: Errand) -> str:
        spec = self.spec(e)
        parts = [_fmt(self.lang, spec, name, e.values[name]) for name in spec.slots
                 if name in e.values and spec.slots[name].from_ is None]
        return line(self.lang, "options_sep").join(parts)

    def _advance(self, e: Errand) -> None:
        """Walk the topology until something must be asked, or the errand is done."""
        spec = self.spec(e)
        awaited = self.book.resumed.get(e.key)
        for _ in range(4 * len(spec.nodes) + 4 * len(spec.slots) + 4):
            if e.pending:
                question = self._question(e)
                if awaited and awaited == e.pending and not any(question in s for s in self.say):
                    self.say.append(line(self.lang, "restate", question=question))
                elif question and not any(question in s for s in self.say):
                    self.say.append(question)
                return
            node = spec.node(e.node) if e.node else None
            slot = self._next_slot(e, spec, e.node)
            if slot is not None:
                s = spec.slots[slot]
                if s.implicit and s.default is not None:
                    e.values[slot] = s.default
                    self.book._note(e, self.w, "default", note_text(self.lang, "why.implicit"), slot=slot,  # noqa: SLF001
                                    new=s.default)
                    self.note(e, note_text(self.lang, "implicit", slot=slot, value=s.default))
                    self.say.append(line(self.lang, "implicit", value=_fmt(self.lang, spec, slot, s.default)))
                    continue
                if not s.ask:
                    e.values[slot] = s.default
                    self.book._note(e, self.w, "default", note_text(self.lang, "why.no_question"), slot=slot, new=s.default)  # noqa: SLF001
                    continue
                e.pending = f"slot:{slot}"
                if slot in e.reask:
                    e.reask.remove(slot)
                    self.say.append(line(self.lang, "reask"))
                self.book.dirty.add(e.key)
                continue
            if node is None:
                return
            missing = [n for n in node.needs if spec.slots[n].required and n not in e.values]
            if missing:  # a required slot skipped earlier: ask it now
                e.pending = f"slot:{missing[0]}"
                continue
            if node.confirm_back and f"node:{node.id}" not in e.confirmed:
                e.pending = f"confirm_back:{node.id}"
                self.book._note(e, self.w, "node", note_text(self.lang, "why.read_back"), new=node.id)  # noqa: SLF001
                continue
            required_open = [n for n, s in spec.slots.items() if s.required and n not in e.values]
            if node.done and required_open:
                e.pending = f"slot:{required_open[0]}"
                continue
            e.done_nodes.append(node.id)
            self.book._note(e, self.w, "node", note_text(self.lang, "why.needs_met"), new=node.id)  # noqa: SLF001
            if node.say:
                self.say.append(self._fill(e, node.say))
            if node.done:
                self._finish(e)
                return
            e.node = self.book._first_node(spec, e.done_nodes)  # noqa: SLF001
            if e.node is None:
                self._finish(e)
                return

    def _fill(self, e: Errand, text: str) -> str:
        spec = self.spec(e)
        values = {"player": self.w.names.get(e.player, e.player), "npc": self.w.names.get(e.npc, e.npc),
                  "title": spec.title}
        for k, v in e.values.items():  # {slot} is the bare value (五 / 5); {slot.unit} adds its unit (五斤 / 5 jin)
            values[k] = _bare(self.lang, spec, k, v)
            values[f"{k}.unit"] = _fmt(self.lang, spec, k, v)
        return TEMPLATE.sub(lambda m: str(values.get(m.group(1), "")), text)

    def _finish(self, e: Errand) -> None:
        spec = self.spec(e)
        e.status, e.pending = "done", None
        self.book._note(e, self.w, "done", note_text(self.lang, "why.done"))  # noqa: SLF001
        self.say.append(self._fill(e, spec.on_done.say) if spec.on_done.say else line(self.lang, "done"))
        happen = None
        if spec.on_done.happen is not None:
            h = spec.on_done.happen
            ids = {"player": e.player, "npc": e.npc}
            happen = h.model_copy(update={
                "what": self._fill(e, h.what),
                "actor": ids.get(TEMPLATE.fullmatch(h.actor).group(1), h.actor) if h.actor and TEMPLATE.fullmatch(h.actor) else h.actor,
                "about": ids.get(TEMPLATE.fullmatch(h.about).group(1), h.about) if h.about and TEMPLATE.fullmatch(h.about) else h.about,
            })
        self.effects.append(ErrandEffect(kind="done", key=e.key, errand=e.errand, npc=e.npc, player=e.player,
                                         title=spec.title, happen=happen))
        nxt = self._next_queued()
        if nxt is not None:
            self._advance(nxt)
