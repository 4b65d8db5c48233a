"""The store of record: a run saved tick by tick to SQLite (WAL) or any SQLAlchemy URL.

Each tick's changes (new facts, changed edges and their new history, memory writes and deletions,
timeline entries, the rng state) are committed in one transaction, so a crash loses at most the
tick in flight and a run can resume from the last tick on disk.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlmodel import Session, SQLModel, create_engine, delete, select

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.embeddings import decode_vector, encode_vector
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.memory.tables import MemoryRow
from townsfolk.sim.log import LogEntry
from townsfolk.sim.tables import DecisionRow, LogRow
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import Edge, EdgeChange
from townsfolk.world.tables import CharacterRow, EdgeChangeRow, EdgeRow, FactRow, RunRow
from townsfolk.world.world import World

log_problem = logging.getLogger("townsfolk.store")
MEMORY_MODELS = {"event": EventMemory, "belief": Belief, "summary": Summary, "impression": Impression}


class RunStoreError(Exception):
    """A database that cannot be used: missing, not a database, or not a townsfolk run."""


def database_url(db: str | Path) -> str:
    text_db = str(db)
    return text_db if "://" in text_db else f"sqlite:///{text_db}"


def _sqlite_path(url: str) -> Path | None:
    return Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None


def open_engine(db: str | Path, *, must_exist: bool = False) -> Engine:
    """An engine for a path or URL; SQLite files get WAL and foreign-key pragmas."""
    url = database_url(db)
    path = _sqlite_path(url)
    if path is not None:
        if must_exist and not path.is_file():
            raise RunStoreError(f"no database at {path} (play a scenario first: townsfolk play FILE --db {path})")
        path.parent.mkdir(parents=True, exist_ok=True)
    # plain UTF-8 in JSON columns: what is stored is what a byte scan of the file would find
    engine = create_engine(url, json_serializer=lambda o: json.dumps(o, ensure_ascii=False))
    if url.startswith("sqlite"):
        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA secure_delete=ON")  # erased rows are zeroed, not left in free pages
            cur.close()
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
            if path is not None:
                conn.exec_driver_sql("PRAGMA schema_version").fetchone()
    except (DatabaseError, OperationalError) as exc:
        raise RunStoreError(f"cannot open {db}: {getattr(exc, 'orig', exc)} (is it a townsfolk database?)") from None
    return engine


def _dump(model: Any) -> dict[str, Any]:
    return model.model_dump(mode="json")


class RunStore:
    """Saves and loads one run."""

    def __init__(self, db: str | Path, *, must_exist: bool = False) -> None:
        self.db = str(db)
        self.engine = open_engine(db, must_exist=must_exist)
        self._history_saved: dict[str, int] = {}
        self._memory_seq: dict[str, int] = {}
        self._next_memory_seq = 0
        self._log_seq = 0
        self._fact_seq = 0
        self.problems: list[str] = []  # what loading had to repair, for the caller to report
        self._decision_seq = 0

    # --- writing ---------------------------------------------------------------------------
    def create(self, world: World, *, scenario_path: str = "", scenario_sha: str = "") -> None:
        """Start a fresh run in this database (any earlier run in it is replaced)."""
        SQLModel.metadata.drop_all(self.engine)
        SQLModel.metadata.create_all(self.engine)
        with Session(self.engine) as s:
            s.add(RunRow(title=world.title, language=world.language, seed=world.seed,
                         start=world.clock.start.isoformat(), tick_seconds=world.clock.tick_length.total_seconds(),
                         scenario_path=scenario_path, scenario_sha=scenario_sha))
            for seq, c in enumerate(world.characters.values()):
                s.add(CharacterRow(id=c.id, seq=seq, name=c.name, is_player=c.is_player, data=_dump(c)))
            s.commit()

    def add_character(self, character: Character, *, seq: int) -> None:
        """Someone who joined a running world (a player); saved at once, as `create` saves the cast."""
        with Session(self.engine) as s:
            s.add(CharacterRow(id=character.id, seq=seq, name=character.name, is_player=character.is_player,
                               data=_dump(character)))
            s.commit()

    def commit_tick(self, world: World, memory: MemoryStore, log: list[LogEntry], *,
                    finished: bool = False, extra: dict[str, Any] | None = None,
                    decisions: list[Any] | None = None) -> None:
        """Write everything that changed since the last commit, and the tick, in one transaction."""
        with Session(self.engine) as s:
            for d in decisions or []:
                self._decision_seq += 1
                s.add(DecisionRow(seq=self._decision_seq, tick=world.tick, npc=d.npc, outcome=d.outcome,
                                  data=d.model_dump(mode="json")))
            for fact in world.facts.take_unsaved():
                self._fact_seq += 1
                s.add(FactRow(id=fact.id, seq=self._fact_seq, tick=fact.tick, kind=fact.kind, data=_dump(fact)))
            for edge in world.graph.take_dirty():
                edge_id = "|".join(edge.key)
                body = _dump(edge)
                body.pop("history")
                s.merge(EdgeRow(id=edge_id, source=edge.source, target=edge.target, kind=edge.kind,
                                strength=edge.strength, data=body))
                saved = self._history_saved.get(edge_id, 0)
                for seq, change in enumerate(edge.history[saved:], start=saved):
                    s.add(EdgeChangeRow(edge_id=edge_id, seq=seq, tick=change.tick, cause_kind=change.cause.kind,
                                        cause_id=change.cause.id, data=_dump(change)))
                self._history_saved[edge_id] = len(edge.history)
            written, deleted = memory.take_changes()
            for kind, item in written:
                seq = self._memory_seq.get(item.id)  # type: ignore[attr-defined]
                if seq is None:
                    self._next_memory_seq += 1
                    seq = self._memory_seq[item.id] = self._next_memory_seq  # type: ignore[attr-defined]
                about = getattr(item, "about", None)
                if kind == "belief":
                    about = item.claim.about  # type: ignore[attr-defined]
                vec = memory.vectors.get(item.id)  # type: ignore[attr-defined]
                s.merge(MemoryRow(id=item.id, kind=kind, seq=seq, holder=item.holder, about=about,  # type: ignore[attr-defined]
                                  tick=item.tick, private=getattr(item, "private", False), data=_dump(item),  # type: ignore[attr-defined]
                                  embedding=encode_vector(vec) if vec is not None else None))
            for _kind, item_id in deleted:
                s.exec(delete(MemoryRow).where(MemoryRow.id == item_id))  # type: ignore[arg-type]
                self._memory_seq.pop(item_id, None)
            for entry in log:
                self._log_seq += 1
                s.add(LogRow(seq=self._log_seq, tick=entry.tick, kind=entry.kind, data=_dump(entry)))
            run = s.get(RunRow, 1)
            if run is None:
                raise RunStoreError(f"{self.db} holds no run")
            run.last_tick = world.tick
            run.finished = finished
            run.rng_state = world.rng_state()
            run.counters = dict(world.counters)
            if extra is not None:
                run.extra = extra
            s.add(run)
            s.commit()

    def rewrite(self, world: World, memory: MemoryStore, log: list[LogEntry], run: RunRow,
                decisions: list[tuple[int, dict[str, Any]]] | None = None) -> None:
        """Write the whole run afresh and compact the file, so nothing removed survives on disk."""
        kept = self.decisions() if decisions is None else decisions
        SQLModel.metadata.drop_all(self.engine)
        SQLModel.metadata.create_all(self.engine)
        self._history_saved, self._memory_seq, self._next_memory_seq = {}, {}, 0
        self._log_seq = self._fact_seq = 0
        with Session(self.engine) as s:
            s.add(RunRow(**run.model_dump(exclude={"id"})))
            for seq, c in enumerate(world.characters.values()):
                s.add(CharacterRow(id=c.id, seq=seq, name=c.name, is_player=c.is_player, data=_dump(c)))
            for seq, (tick, d) in enumerate(kept, start=1):
                s.add(DecisionRow(seq=seq, tick=tick, npc=d["npc"], outcome=d["outcome"], data=d))
            self._decision_seq = len(kept)
            s.commit()
        world.graph._dirty = {e.key for e in world.graph.edges()}  # noqa: SLF001
        world.facts._unsaved = [f.id for f in world.facts]  # noqa: SLF001
        memory.mark_all_unsaved()
        self.commit_tick(world, memory, log, finished=run.finished, extra=run.extra)
        self.compact()

    def compact(self) -> None:
        """Fold the WAL into the file and VACUUM it (SQLite); freed pages are gone afterwards."""
        if not str(self.engine.url).startswith("sqlite"):
            return
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.exec_driver_sql("VACUUM")
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        self.engine.dispose()

    # --- reading ---------------------------------------------------------------------------
    def decisions(self, npc: str | None = None) -> list[tuple[int, dict[str, Any]]]:
        """Gate decision snapshots as (tick, snapshot), oldest first (optionally for one NPC)."""
        with Session(self.engine) as s:
            q = select(DecisionRow).order_by(DecisionRow.seq)  # type: ignore[arg-type]
            if npc is not None:
                q = q.where(DecisionRow.npc == npc)
            return [(r.tick, r.data) for r in s.exec(q)]

    def run_info(self) -> RunRow:
        try:
            with Session(self.engine) as s:
                run = s.get(RunRow, 1)
        except (DatabaseError, OperationalError) as exc:
            raise RunStoreError(f"{self.db} is not a townsfolk run ({getattr(exc, 'orig', exc)})") from None
        if run is None:
            raise RunStoreError(f"{self.db} holds no run")
        return run

    def load(self) -> tuple[World, MemoryStore, list[LogEntry]]:
        """Rebuild the world, memory and timeline exactly as last committed."""
        run = self.run_info()
        clock = SimClock(start=datetime.fromisoformat(run.start), tick_length=timedelta(seconds=run.tick_seconds),
                         tick=max(run.last_tick, 0))
        world = World(clock=clock, seed=run.seed, language=run.language, title=run.title)
        memory = MemoryStore()
        with Session(self.engine) as s:
            for row in s.exec(select(CharacterRow).order_by(CharacterRow.seq)):
                c = Character.model_validate(row.data)
                world.characters[c.id] = c
                world.graph.add_character(c.id)
            history: dict[str, list[EdgeChange]] = {}
            for row in s.exec(select(EdgeChangeRow).order_by(EdgeChangeRow.edge_id, EdgeChangeRow.seq)):
                history.setdefault(row.edge_id, []).append(EdgeChange.model_validate(row.data))
            for row in s.exec(select(EdgeRow).order_by(EdgeRow.id)):
                edge = Edge.model_validate({**row.data, "history": [h.model_dump() for h in history.get(row.id, [])]})
                world.graph.restore(edge)
                self._history_saved[row.id] = len(edge.history)
            facts = [Fact.model_validate(r.data) for r in s.exec(select(FactRow).order_by(FactRow.seq))]
            world.facts.load(facts)
            self._fact_seq = len(facts)
            for row in s.exec(select(MemoryRow).order_by(MemoryRow.seq)):
                item = MEMORY_MODELS[row.kind].model_validate(row.data)
                memory.load(row.kind, item)
                if row.embedding is not None:
                    try:
                        memory.vectors[row.id] = decode_vector(row.embedding, len(row.embedding) // 4)
                    except ValueError as exc:  # CorruptEmbedding, or too short to hold one value
                        # the vector is dropped and recomputed when next needed; nothing else is touched
                        self.problems.append(f"memory item {row.id}: corrupt embedding ({exc}); it will be recomputed")
                        log_problem.warning("%s: %s", self.db, self.problems[-1])
                self._memory_seq[row.id] = row.seq
                self._next_memory_seq = max(self._next_memory_seq, row.seq)
            log = [LogEntry.model_validate(r.data) for r in s.exec(select(LogRow).order_by(LogRow.seq))]
            self._log_seq = len(log)
            self._decision_seq = len(s.exec(select(DecisionRow.seq)).all())
        world.counters = dict(run.counters)
        if run.rng_state:
            world.set_rng_state(run.rng_state)
        return world, memory, log
