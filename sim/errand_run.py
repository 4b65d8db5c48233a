"""Errands in a running world: the book, the hook into a dialogue turn, and the world's side of it.

agents/errands.py decides; this file carries the decisions out where only the simulation can:
a fact for every errand that starts, ends or changes hands, the NPC's memory of it, the `on_done`
happening, the bond a kept or dropped promise moves, expiry each tick, and timeline lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from townsfolk.agents.bonds import record_interaction
from townsfolk.agents.errand_spec import ErrandSpec
from townsfolk.agents.errands import ErrandBook, ErrandEffect, ErrandTurn, World_
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.perception import remember
from townsfolk.sim import actions
from townsfolk.sim.log import LogEntry
from townsfolk.world.relationships import Cause

if TYPE_CHECKING:
    from townsfolk.sim.engine import Simulation

# how each ending moves the NPC's side of the bond (players keep none): a promise kept builds
# trust, an errand the NPC let drop costs it, a player calling it off is only a little awkward
ENDINGS: dict[str, tuple[float, str | None]] = {"done": (0.3, "promise_kept"), "expired": (-0.3, "promise_broken"),
                                                "cancelled": (-0.1, None)}
WORDS = {"zh": {"started": "开始", "done": "办妥了", "cancelled": "取消了", "expired": "搁置太久，作罢了",
                "escalated": "转交给"},
         "en": {"started": "started", "done": "done", "cancelled": "cancelled", "expired": "dropped, waited too long",
                "escalated": "handed to"}}


class ErrandRunner:
    """The run's errands: a book of state (saved with every tick) and the world's side of each change."""

    def __init__(self, sim: Simulation) -> None:
        self.sim = sim
        embedder = sim.relevance.embedder
        meaning = None if isinstance(embedder, LexicalEmbedder) else embedder  # hashed words carry no meaning
        self.book = ErrandBook(embedder=meaning)
        self._last: ErrandTurn | None = None

    def load_specs(self, specs: dict[str, ErrandSpec]) -> None:
        self.book.specs = dict(specs)

    def view(self) -> World_:
        w = self.sim.world
        return World_(tick=w.tick, time=w.now, language=w.language,
                      names={cid: c.name for cid, c in w.characters.items()},
                      npcs=[cid for cid, c in w.characters.items() if not c.is_player], place=self.sim.minds.place)

    def hook(self, npc: str, speaker: str) -> Callable[[str], ErrandTurn | None] | None:
        """The callable the dialogue pipeline asks first, or None when nothing could be an errand."""
        if not self.book.specs or not self.sim.world.character(speaker).is_player:
            return None
        model = None if self.sim.offline else self.sim.provider

        def step(text: str) -> ErrandTurn | None:
            self._last = self.book.turn(npc, speaker, text, self.view(), model=model)
            return self._last
        return step

    def after_turn(self) -> list[LogEntry]:
        """The world's side of the turn just taken: timeline lines, facts, memories, bonds."""
        turn, self._last = self._last, None
        if turn is None:
            return []
        log = [self._entry("errand", [], note) for note in turn.notes]
        for effect in turn.effects:
            log += self._effect(effect)
        return log

    def expire(self) -> list[LogEntry]:
        """Each tick: paused errands older than their `expires` are dropped, with a line saying so."""
        notes, effects = self.book.expire(self.view())
        log: list[LogEntry] = []
        for note, effect in zip(notes, effects, strict=True):
            log.append(self._entry("errand", [effect.npc, effect.player], note))
            log += self._effect(effect, announce=False)
        return log

    # --- effects ---------------------------------------------------------------------------
    def _entry(self, kind: str, who: list[str], text: str, **ids: Any) -> LogEntry:
        w = self.sim.world
        return LogEntry(tick=w.tick, time=w.now.isoformat(timespec="minutes"), kind=kind, who=who, text=text,
                        ids={k: v for k, v in ids.items() if v})

    def _effect(self, effect: ErrandEffect, *, announce: bool = True) -> list[LogEntry]:
        w, m = self.sim.world, self.sim.memory
        zh = w.language == "zh"
        words = WORDS["zh" if zh else "en"][effect.kind]
        errand = self.book.get(effect.key)
        text = f"{effect.title}：{words}" if zh else f"{effect.title}: {words}"
        if effect.target:
            text += w.name(effect.target) if zh else f" {w.name(effect.target)}"
        fact = w.record("errand", actor=effect.npc, to=(effect.player,), about=effect.player, text=text,
                        meta={"errand": effect.errand, "key": effect.key, "status": errand.status,
                              "change": effect.kind, "target": effect.target})  # values stay in the errand
        log: list[LogEntry] = []
        if effect.kind != "started":
            mine = (f"{w.name(effect.player)}的{text.replace('：', '', 1)}" if zh
                    else f"{w.name(effect.player)}'s {text.replace(': ', ' ', 1)}")
            remember(w, m, effect.npc, fact, mine, source="participated", about=effect.player,
                     importance=0.45 if effect.kind in ENDINGS else 0.3, meta={"errand": effect.key})
        if announce or effect.kind not in ENDINGS:
            log.append(self._entry("errand", [effect.npc, effect.player], f"{w.name(effect.npc)}·{text}",
                                   fact=fact.id, errand=effect.key))
        if effect.kind in ENDINGS:
            valence, trust = ENDINGS[effect.kind]
            changes = record_interaction(w, effect.npc, effect.player, cause=Cause(kind="fact", id=fact.id),
                                         valence=valence, trust_event=trust, note=text)
            kinds = ["familiarity", "affinity"] + (["trust"] if trust else [])
            log += [self._entry("edge", [effect.npc, effect.player],
                                f"{w.name(effect.npc)} → {w.name(effect.player)} [{kind}] {c.before:.2f} → {c.after:.2f}"
                                f" ({c.reason})", cause=f"fact:{fact.id}")
                    for c, kind in zip(changes, kinds, strict=False) if kind != "familiarity" and c.before != c.after]
        if effect.kind == "done" and effect.happen is not None:
            h = effect.happen
            log += actions.happen(w, m, what=h.what, actor=h.actor, about=h.about, witnesses=h.witnesses,
                                  valence=h.valence, place=h.place)
        return log
