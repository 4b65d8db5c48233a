"""The public facade: one `Town` is one world with its memory, minds and (optionally) its database.

A game server, the CLI's `play` and the HTTP service all go through it, so there is one way to build
a world, to let a player speak, to move time, and to save and restore everything a run holds
(the store of record keeps facts, edges and memory; the minds state, the usage and the expectation
results travel in the run's `extra`, saved by `save()` and restored by `_restore()`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from townsfolk.agents.dialogue import Reply
from townsfolk.agents.emotion import LABELS_ZH
from townsfolk.agents.errands import Errand
from townsfolk.agents.llm.protocol import LLMProvider
from townsfolk.agents.llm.streaming import TokenSink
from townsfolk.agents.reply_stream import ReplyStream, streaming_to
from townsfolk.memory.embeddings import Embedder
from townsfolk.memory.erasure import ErasureError, erase
from townsfolk.memory.player_view import PlayerMemoryView, memories_about
from townsfolk.memory.predicates import inventory_for
from townsfolk.memory.privacy import visible_to
from townsfolk.sim.cast_lookup import MAX_LISTED, CastLookup, unknown_in_cast
from townsfolk.sim.drive_script import scripted_tellings
from townsfolk.sim.engine import Simulation, Usage, build_world
from townsfolk.sim.erasure_run import forget_in_run, scrub_log
from townsfolk.sim.expectations import ExpectationResult
from townsfolk.sim.headless_open import headless_scenario
from townsfolk.sim.log import LogEntry
from townsfolk.sim.run_store import RunStore, RunStoreError
from townsfolk.sim.scenario import (
    AskSpec,
    Beat,
    HappenSpec,
    Scenario,
    ScenarioError,
    load_scenario,
    parse_scenario,
)
from townsfolk.sim.town_error import TownError
from townsfolk.sim.town_models import (
    AdvanceResult,
    CharacterInfo,
    Emotion,
    EventResult,
    ForgetResult,
    PlayerInfo,
    TimelineEntry,
    TownInfo,
    TurnResult,
)
from townsfolk.sim.why import Explanation, explain
from townsfolk.world.characters import Character
from townsfolk.world.relation_kinds import kinds_for
from townsfolk.world.world import World

MAX_TEXT = 2000  # characters in one player line: longer is a client bug, not a conversation
MAX_TICKS = 1000  # ticks one advance() may move (a bigger jump is a batch job: `townsfolk play`)
ID_PATTERN = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")
FEELINGS = {"en": ("upset", "low", "calm", "cheerful", "excited"), "zh": ("不安", "低落", "平静", "满足", "高兴")}


def scenario_digest(scenario: Scenario, seed: int | None) -> str:
    """What a resumed run must match: the scenario as validated, and the seed."""
    import hashlib

    body = scenario.model_dump_json(exclude_defaults=True) + f"|seed={seed}"  # a new optional key keeps old runs resumable
    return hashlib.sha256(body.encode()).hexdigest()[:16]


def as_scenario(source: Scenario | dict[str, Any] | str | Path) -> Scenario:
    """A scenario from a model, a dict (parsed JSON), YAML text, or a file path; ScenarioError if bad."""
    if isinstance(source, Scenario):
        return source
    if isinstance(source, dict):
        try:
            return parse_scenario(json.dumps(source, ensure_ascii=False, indent=1, default=str), "<scenario>")
        except ScenarioError as exc:  # a line of our own JSON text means nothing to the caller: the field does
            raise ScenarioError("<scenario>", None, exc.field, exc.message) from None
    if isinstance(source, Path) or ("\n" not in source and source.endswith((".yaml", ".yml", ".json"))):
        return load_scenario(source)
    return parse_scenario(source, "<scenario>")


def feeling(vad: list[float], language: str) -> Emotion:
    """Valence-arousal-dominance and the word for its quadrant."""
    v, a, d = (float(x) for x in vad)
    words = FEELINGS.get(language, FEELINGS["en"])
    if v < -0.2:
        label = words[0] if a > 0.2 else words[1]
    elif v > 0.2:
        label = words[4] if a > 0.2 else words[3]
    else:
        label = words[2]
    return Emotion(valence=round(v, 4), arousal=round(a, 4), dominance=round(d, 4), label=label)


def erasure_error(exc: Exception, memory: str | None) -> TownError:
    """A refused erasure as a TownError naming the field at fault: the `memory` when that one is
    unknown (missing: HTTP 404) or not the player's to erase, else the player (it named "player"
    for an unknown memory id)."""
    text = str(exc)
    if memory is not None and (text.startswith("no memory ") or text.startswith(f"memory {memory!r}")):
        return TownError("memory", text, missing=text.startswith("no memory "))
    return TownError("player", text)


class Town:
    """One world: `from_scenario` or `open` it, let players `join` and `say`, feed it game `event`s,
    `advance` its clock, read `memories` and `why`, `forget` a player, `save` it."""

    def __init__(self, sim: Simulation, scenario: Scenario, *, store: RunStore | None = None,
                 log: list[LogEntry] | None = None, played: int = -1, autosave: bool = True) -> None:
        self.sim = sim
        self.scenario = scenario
        self.store = store
        self.log: list[LogEntry] = list(log or [])
        self.played = played  # the last tick whose beats and minds have run (-1: none yet)
        self.autosave = autosave and store is not None
        self.results: list[ExpectationResult] = []
        self.finished = False
        self.listeners: list[Callable[[TimelineEntry], None]] = []  # told of every new timeline entry
        self._pending: list[LogEntry] = []  # timeline entries not yet committed
        self._beats = scenario.beats_by_tick()
        self._scenario_json = scenario.model_dump(mode="json", by_alias=True)  # saved with every commit
        sim.errands.load_specs(scenario.errands)
        sim.drive.scripted = scripted_tellings(scenario)  # the drive leaves the script's tellings to it
        self.read_only = False
        self.closed = False
        self._file_id = self._current_file_id()  # the file this town writes; checked on every save

    def _current_file_id(self) -> tuple[int, int] | None:
        """(device, inode) of the SQLite file now at the store's path (None: no file, or a server)."""
        path = self.store.sqlite_file if self.store is not None else None
        if path is None:
            return None
        try:
            st = path.stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    # --- making and opening --------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, scenario: Scenario | dict[str, Any] | str | Path, *, db: str | Path | None = None,
                      seed: int | None = None, provider: LLMProvider | None = None,
                      embedder: Embedder | None = None, start: bool = True, scenario_path: str = "",
                      builder: Callable[..., tuple] = build_world) -> Town:
        """A fresh world from a scenario (model, dict, YAML text or file). With `db` it is saved there
        (any earlier run in that database is replaced). `start` plays tick 0 (its beats, and the minds
        settling) so the world is ready for players; `builder` is how the world is built from the
        scenario (a test may watch writes through it)."""
        sc = as_scenario(scenario)
        world, memory = builder(sc, seed=seed)
        sim = Simulation(world, memory, provider, embedder=embedder, place=sc.place, drive=sc.drive,
                         settled_days=sc.settled_days)
        store = RunStore(db) if db is not None else None
        if store is not None:  # create takes the writer lock; the town holds it until close()
            store.create(world, scenario_path=scenario_path or (str(scenario) if isinstance(scenario, Path) else ""),
                         scenario_sha=scenario_digest(sc, seed))
        town = cls(sim, sc, store=store)
        if start:
            town.advance(1)
        return town

    @classmethod
    def open(cls, db_url: str | Path, *, provider: LLMProvider | None = None, embedder: Embedder | None = None,
             scenario: Scenario | None = None, read_only: bool = False) -> Town:
        """A saved world, exactly where it was last saved (minds, rng, counters, timeline).
        It is the database's one writer until `close()` (or the end of a `with`, or garbage
        collection): another process's play, forget or Town.open is refused meanwhile, and this
        one is refused (RunStoreError, a TownError) while another process writes. `read_only`
        takes no lock and refuses `save`. RunStoreError when the database is missing or holds no
        townsfolk run."""
        store = RunStore(db_url, must_exist=True)
        if not read_only:
            store.acquire_writer()  # before reading: what is read is what this writer continues from
        run = store.run_info()
        if scenario is None:
            saved = run.extra.get("scenario")
            if saved:
                scenario = Scenario.model_validate(saved)
            else:  # a `simulate` run keeps its world spec instead (sim/headless_open.py)
                try:
                    scenario = headless_scenario(run.extra, read_only=read_only, db=db_url)
                except RunStoreError:
                    store.release_writer()
                    raise
            if scenario is None:
                raise RunStoreError(f"{db_url} does not say which scenario it was played from; pass scenario=")
        world, memory, log = store.load()
        memory.predicates = inventory_for(scenario.predicates)  # this world's own predicates
        world.relation_kinds = kinds_for(scenario.relationship_kinds)  # and its own kinds of tie
        sim = Simulation(world, memory, provider, embedder=embedder, place=scenario.place, drive=scenario.drive,
                         settled_days=scenario.settled_days)
        town = cls(sim, scenario, store=store, log=log, played=run.last_tick, autosave=not read_only)
        town._restore(run.extra)
        town.finished = run.finished
        town.read_only = read_only
        return town

    def close(self) -> None:
        """Let go of the database: the writer lock is released and connections closed (a later
        call that would write is refused). Safe to call twice."""
        if self.closed:
            return
        self.closed = True
        self.autosave = False
        if self.store is not None:
            self.store.release_writer()
            self.store.engine.dispose()

    def __enter__(self) -> Town:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- the one place run state is saved and restored ----------------------------------------
    def _extra(self) -> dict[str, Any]:
        # the live minds: the store writes only what changed in them (sim/minds_rows.py)
        return {"usage": self.sim.usage.model_dump(), "results": [r.model_dump() for r in self.results],
                "minds": self.sim.minds, "errands": self.sim.errands.book.state(),
                "scenario": self._scenario_json, "model": self.sim.provider.name}  # "offline": the report says no model

    def _restore(self, extra: dict[str, Any]) -> None:
        """Minds, usage, expectation results and the replies given, from a run's saved `extra`
        (the rng and counters come back with the world itself, in `RunStore.load`)."""
        sim = self.sim
        try:
            sim.minds.restore(extra.get("minds", {}))
        except ValueError as exc:
            raise RunStoreError(f"{self.store.db if self.store else 'run'}: {exc}") from None
        sim.earlier = Usage.model_validate(extra.get("usage", {}))
        sim.errands.book.restore(extra.get("errands", []))
        sim.replies = [(f.tick, Reply(npc=f.actor or "", asker=f.to[0] if f.to else "", question="", text=f.text,
                                      subjects=[], grounding_ids=list(f.meta.get("grounding", []))))
                       for f in sim.world.facts if f.kind == "reply"]
        self.results = [ExpectationResult.model_validate(r) for r in extra.get("results", [])]

    def save(self, *, finished: bool | None = None) -> None:
        """Commit everything since the last save (facts, edges, memory, timeline, minds, rng,
        counters, gate decisions) in one transaction. A town without a database keeps it in memory."""
        if finished is not None:
            self.finished = finished
        if self.store is None:
            self._pending.clear()
            self.sim.minds.take_decisions()
            return
        self._check_writable()
        self.store.commit_tick(self.world, self.memory, self._pending, finished=self.finished,
                               extra=self._extra(), decisions=self.sim.minds.take_decisions())
        self._pending = []

    def _check_writable(self) -> None:
        """Refuse to write unless this town still owns the very file it opened: after a close, when
        opened read-only, or when the file was replaced or removed under it (its connections would
        write to a file nobody reads)."""
        assert self.store is not None
        db = self.store.db
        if self.closed:
            raise TownError("db", f"{db}: this town was closed; open it again to write")
        if self.read_only:
            raise TownError("db", f"{db} was opened read_only; nothing was saved")
        if self.store.sqlite_file is not None and self._current_file_id() != self._file_id:
            raise TownError("db", f"{db} was replaced or removed since this town opened it (by another "
                                  "process?); nothing was saved: open it again to continue from what it holds now")

    def _saved(self) -> None:
        if self.autosave:
            self.save()

    # --- reading -------------------------------------------------------------------------------
    @property
    def world(self) -> World:
        return self.sim.world

    @property
    def memory(self):  # type: ignore[no-untyped-def]
        return self.sim.memory

    @property
    def tick(self) -> int:
        return self.world.tick

    def info(self) -> TownInfo:
        w = self.world
        return TownInfo(title=w.title, language=w.language, tick=w.tick, time=w.now.isoformat(timespec="minutes"),
                        characters=[CharacterInfo(id=c.id, name=c.name, role=c.role, is_player=c.is_player)
                                    for c in w.characters.values()],
                        timeline_length=len(self.log))

    def timeline(self, after: int = 0) -> list[TimelineEntry]:
        """Timeline entries after position `after` (0: from the start)."""
        return [TimelineEntry.of(i, e) for i, e in enumerate(self.log[after:], start=after + 1)]

    def _emit(self, entries: Iterable[LogEntry]) -> list[TimelineEntry]:
        out = []
        for e in entries:
            self.log.append(e)
            self._pending.append(e)
            record = TimelineEntry.of(len(self.log), e)
            out.append(record)
            for listener in self.listeners:
                listener(record)
        return out

    def _lookup(self) -> CastLookup:
        lookup = getattr(self, "_cast_lookup", None)
        if lookup is None or lookup.world is not self.world:
            lookup = self._cast_lookup = CastLookup(self.world)
        return lookup

    def _is_player(self, cid: str) -> bool:
        return self.world.characters[cid].is_player

    def _is_npc(self, cid: str) -> bool:
        return not self.world.characters[cid].is_player

    def _resolve(self, who: str, field: str, noun: str, keep: Callable[[str], bool]) -> str:
        """The id WHO means (an id, or a name as the world spells it) among the characters `keep`
        accepts; TownError naming the field, with the nearest ones, when there is none."""
        found = self._lookup().find(who, keep)
        if isinstance(found, str):
            return found
        if found:
            raise TownError(field, f"{len(found)} {noun}s are called {who!r} ({', '.join(found[:MAX_LISTED])}): "
                                   "give the id", missing=True)
        other = self._lookup().find(who)
        if isinstance(other, str):
            kind = "a player" if self._is_player(other) else "an NPC"
            raise TownError(field, f"{who!r} is {kind}, not {'an NPC' if noun == 'NPC' else 'a ' + noun}", missing=True)
        raise TownError(field, unknown_in_cast(self._lookup().names(keep), str(who), noun), missing=True)

    def _player(self, pid: str, field: str = "player") -> str:
        return self._resolve(pid, field, "player", self._is_player)

    def _npc(self, nid: str, field: str = "npc") -> str:
        return self._resolve(nid, field, "NPC", self._is_npc)

    def _character(self, cid: str | None, field: str) -> str | None:
        if cid is None:
            return None
        return self._resolve(cid, field, "character", lambda _cid: True)

    def players(self) -> list[str]:
        return [cid for cid, c in self.world.characters.items() if c.is_player]

    def npcs(self) -> list[str]:
        return [cid for cid, c in self.world.characters.items() if not c.is_player]

    # --- players -------------------------------------------------------------------------------
    def join(self, player: str, name: str | None = None) -> PlayerInfo:
        """A new player enters the running world (known to no one yet)."""
        if not isinstance(player, str) or not ID_PATTERN.match(player):
            raise TownError("id", "a player id is 1-64 letters, digits, '_' or '-'")
        if player in self.world.characters:
            raise TownError("id", f"{player!r} is already in this world")
        if name is not None and not (0 < len(name) <= 100):
            raise TownError("name", "a name is 1-100 characters")
        c = self.world.add_character(Character(id=player, name=name or player, is_player=True))
        if self.store is not None:
            self.store.add_character(c, seq=len(self.world.characters) - 1)
        self._saved()
        return PlayerInfo(id=c.id, name=c.name)

    def check_say(self, player: str, npc: str, text: str) -> tuple[str, str]:
        """The (player, npc) ids these arguments name (ids or names); TownError naming the field if
        `say` would refuse them (nothing is changed)."""
        player, npc = self._player(player), self._npc(npc)
        if not isinstance(text, str) or not text.strip():
            raise TownError("text", "say something (the text is empty)")
        if len(text) > MAX_TEXT:
            raise TownError("text", f"{len(text)} characters; at most {MAX_TEXT}")
        return player, npc

    def say(self, player: str, npc: str, text: str, *, private: bool | None = None,
            on_token: TokenSink | None = None) -> TurnResult:
        """A player speaks to an NPC; the NPC answers now (the clock does not move). `private`: True
        for a whisper or a direct message (it never reaches another player, a rumour or another NPC's
        retelling), False for a line said aloud, None to let the engine tell (a request to keep it
        secret, real-world details). With `on_token`, the reply is handed to it piece by piece as the
        model produces it (agents/reply_stream.py: nothing private leaves early), and the result's
        `stream` says what it was handed."""
        player, npc = self.check_say(player, npc, text)
        sim = self.sim
        turns_before = len(sim.replies)
        listener = ReplyStream(on_token, npc=npc, asker=player, language=self.world.language) if on_token else None
        with streaming_to(listener):
            entries = self._emit(sim.step(Beat(at=self.tick, ask=AskSpec(player=player, npc=npc, text=text,
                                                                         private=private))))
        answered = len(sim.replies) > turns_before and sim.last_turn is not None
        now = self.world.now.isoformat(timespec="minutes")
        mood = feeling(sim.minds.affect_of(npc), self.world.language)
        ask_fact = next((e.ids.get("fact") for e in entries if e.kind == "ask"), None)
        kept = bool(ask_fact and ask_fact in self.world.facts and self.world.facts.get(ask_fact).private)
        if not answered:
            held = next((e.text for e in entries if e.kind == "hold"), "no answer")
            self._saved()
            return TurnResult(npc=npc, player=player, answered=False, held=held, emotion=mood,
                              heard=feeling([0, 0, 0], self.world.language), tick=self.tick, time=now,
                              question_fact=ask_fact, entries=entries, private=kept,
                              stream=listener.finish("") if listener else None, read_only=self.read_only)
        reply, analysis = sim.last_turn  # type: ignore[misc]
        streamed = None
        if listener is not None:
            changed = [g.guard for g in analysis.guards if not g.ok]
            streamed = listener.finish(reply.text, analysis.fallback
                                       or (f"changed by the guards: {', '.join(changed)}" if changed else None))
        e = analysis.emotion
        label = LABELS_ZH.get(e.primary, e.primary) if self.world.language == "zh" else e.primary
        heard = Emotion(valence=e.valence, arousal=e.energy, dominance=e.dominance, label=label)
        kinds = [i.kind for i in analysis.intents]
        reply_fact = next((x.ids.get("fact") for x in entries if x.kind == "reply"), None)
        self._saved()
        return TurnResult(
            npc=npc, player=player, answered=True, text=reply.text, emotion=mood, heard=heard,
            intent=kinds[0] if kinds else "", intents=kinds, route=analysis.route,
            memory_ids=list(reply.grounding_ids),
            wants_reply=analysis.policy.max_questions > 0 and any(q in reply.text for q in "?？"),
            fallback=reply.fallback, stream=streamed, tick=self.tick, time=now, question_fact=ask_fact, private=kept,
            reply_private=kept or bool(reply_fact and self.world.facts.get(reply_fact).private),
            reply_fact=reply_fact, entries=entries,
            read_only=self.read_only)

    def event(self, what: str, actor: str | None = None, about: str | None = None,
              witnesses: Iterable[str] = (), place: str | None = None, valence: float = 0.0,
              private: bool = False) -> EventResult:
        """Something happened in the game: it becomes a fact; witnesses perceive it and form beliefs,
        which move their relationships (and, with the drive on, may set NPCs talking). `private`:
        only those there may know of it (their beliefs are never retold; the timeline hides it)."""
        if not isinstance(what, str) or not what.strip():
            raise TownError("what", "say what happened (empty)")
        if len(what) > MAX_TEXT:
            raise TownError("what", f"{len(what)} characters; at most {MAX_TEXT}")
        actor = self._character(actor, "actor")
        about = self._character(about, "about")
        seen = [self._character(w, f"witnesses[{i}]") for i, w in enumerate(witnesses)]
        if not -1.0 <= float(valence) <= 1.0:
            raise TownError("valence", "valence lies in [-1, 1]")
        spec = HappenSpec(what=what, actor=actor, about=about, witnesses=seen, valence=float(valence), place=place,
                          private=bool(private))
        entries = self._emit(self.sim.step(Beat(at=self.tick, happen=spec)))
        self._saved()
        return EventResult(fact=entries[0].ids["fact"], tick=self.tick, entries=entries,
                           beliefs=[e.ids["belief"] for e in entries if e.kind == "belief" and "belief" in e.ids],
                           read_only=self.read_only)

    # --- time ----------------------------------------------------------------------------------
    def play_tick(self, tick: int) -> list[LogEntry]:
        """Run one tick: the clock moves to it, the scenario's beats for it happen, minds act and
        settle. The caller saves (playback appends its expectation checks first)."""
        entries = self.sim.run_tick(tick, self._beats.get(tick, []))
        self.played = tick
        return entries

    def note(self, entries: list[LogEntry]) -> list[TimelineEntry]:
        """Add entries to the timeline (saved with the next `save`)."""
        return self._emit(entries)

    def advance(self, ticks: int = 1) -> AdvanceResult:
        """Move the clock `ticks` ticks (the scenario's timeline beats for them happen too); returns
        every timeline entry they produced, NPC messages to players among them."""
        if not isinstance(ticks, int) or not 0 <= ticks <= MAX_TICKS:
            raise TownError("ticks", f"between 0 and {MAX_TICKS}")
        out: list[TimelineEntry] = []
        for _ in range(ticks):
            out += self._emit(self.play_tick(self.played + 1))
        self._saved()
        return AdvanceResult(tick=self.tick, time=self.world.now.isoformat(timespec="minutes"), entries=out,
                             read_only=self.read_only)

    # --- memory --------------------------------------------------------------------------------
    def memories(self, npc: str, about: str, *, events: bool = False) -> PlayerMemoryView:
        """What an NPC remembers about a player, as that player may see it: impressions, summaries
        and beliefs, the raw event memories too with `events`. Another player's private words
        never appear, even where they concern this player."""
        npc, about = self._npc(npc), self._player(about, "about")
        view = memories_about(self.world, self.memory, npc, about, include_events=events)
        for layer in ("impressions", "summaries", "beliefs", "events"):
            kept = []
            for line in getattr(view, layer):
                item = self.memory.get_or_none(line.id)
                if item is None or visible_to(item, about, self.world):
                    kept.append(line)
            setattr(view, layer, kept)
        return view

    def why(self, holder: str, target: str, *, viewer: str | None = None, everything: bool = False) -> Explanation:
        """Why `holder` regards `target` as it does: edges over time, the beliefs and tellers behind
        each change. Private items show only to a `viewer` who took part (or with `everything`,
        the designer's view)."""
        if holder is None or target is None:
            raise TownError("holder" if holder is None else "target", "required")
        holder, target = self._character(holder, "holder"), self._character(target, "target")
        if viewer is not None:
            viewer = self._player(viewer, "player")
        ex = explain(self.world, self.memory, holder, target)
        return ex if everything else self._visible(ex, viewer)

    def _visible(self, ex: Explanation, viewer: str | None) -> Explanation:
        w, m = self.world, self.memory

        def shown(item_id: str | None) -> bool:
            item = m.get_or_none(item_id) if item_id else None
            return item is None or visible_to(item, viewer, w)

        def fact_shown(text: str | None) -> bool:
            fid = text.split(" ", 1)[0] if text else None
            if not fid or fid not in w.facts:
                return True
            f = w.facts.get(fid)
            return not f.private or (viewer is not None and viewer in f.participants)

        def hide_fact(ch: Any) -> None:  # every field that names or quotes the fact
            ch.fact = ch.fact_id = ch.fact_tick = ch.fact_text = None

        for edge in ex.edges:
            for ch in edge.changes:
                if ch.chain and not shown(ch.chain[-1].belief_id):
                    ch.chain = []
                    hide_fact(ch)
                ch.chain = [h for h in ch.chain if shown(h.belief_id)]
                if not fact_shown(ch.fact) or not fact_shown(ch.fact_id):
                    hide_fact(ch)
        ex.beliefs = [(b, [h for h in chain if shown(h.belief_id)]) for b, chain in ex.beliefs
                      if visible_to(b, viewer, w)]
        imp = m.impression(ex.holder, ex.target)
        if imp is not None and not visible_to(imp, viewer, w):
            ex.impression = None
        ex.summaries = [s.text for s in m.summaries_of(ex.holder, ex.target) if visible_to(s, viewer, w)]
        return ex

    def errands(self, player: str, npc: str | None = None) -> list[Errand]:
        """A player's errands (optionally with one NPC): slots, history with when and why, and state."""
        player = self._player(player)
        if npc is not None:
            npc = self._npc(npc)
        return [e.model_copy(deep=True) for e in self.sim.errands.book.of(player=player)
                if npc is None or npc in (e.npc, e.origin_npc)]

    def forget(self, player: str, npc: str | None = None, memory: str | None = None) -> ForgetResult:
        """Erase what NPCs (or one NPC, or one `memory` by id) remember about a player and all derived
        from it; with a database the file is rewritten and compacted, and the town continues from it."""
        player = self._player(player)
        if npc is not None:
            npc = self._npc(npc)
        self.sim.errands.book.forget(player, npc)  # their errands hold their words too
        if self.store is None:
            try:
                report = erase(self.world, self.memory, player=player, npc=npc, memory_id=memory)
            except ErasureError as exc:
                raise erasure_error(exc, memory) from None
            self.log = scrub_log(self.log, report)
        else:
            self._check_writable()
            self.save()
            try:
                report = forget_in_run(self.store.db, player=player, npc=npc, memory_id=memory)
            except ErasureError as exc:
                raise erasure_error(exc, memory) from None
            self._reload()
        return ForgetResult(player=player, npc=npc, memory=memory, removed=report.removed, redacted_facts=report.redacted_facts,
                            reverted_edge_changes=report.reverted_edge_changes)

    def _reload(self) -> None:
        """Continue from what the database holds now (after a rewrite outside this town)."""
        assert self.store is not None
        old = self.sim
        fresh = Town.open(self.store.db, provider=old.accountant.inner, embedder=old.relevance.embedder,
                          scenario=self.scenario)
        fresh.listeners, fresh.autosave = self.listeners, self.autosave
        self.__dict__.update(fresh.__dict__)
