"""The store of record: a run saved tick by tick to SQLite (WAL) or any SQLAlchemy URL.

Each tick's changes (new facts, changed edges and their new history, memory writes and deletions,
timeline entries, the rng state) are committed in one transaction, so a crash loses at most the
tick in flight and a run can resume from the last tick on disk.
"""

from __future__ import annotations

import json
import logging
import os
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import event, text
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlmodel import Session, SQLModel, create_engine, select

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.embeddings import decode_vector
from townsfolk.memory.erasure import involves
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.bulk_writer import body_json, write_characters, write_tick
from townsfolk.sim.crypto_shred import (
    KeyDestroyed,
    KeyRing,
    fsync_dir,
    is_sealed,
    keys_path,
    open_bytes,
    open_json,
    owners_in,
    owners_in_text,
    owners_of,
    seal_json,
    seal_text,
)
from townsfolk.sim.edge_blocks import apply_rows, load_edge_blocks
from townsfolk.sim.edge_rows import EdgeSaved, creation_order, load_edges
from townsfolk.sim.errand_seal import ErrandSeals, open_errands
from townsfolk.sim.log import LogEntry
from townsfolk.sim.minds_rows import MindsSaved, minds_state
from townsfolk.sim.row_blocks import BlockRows, embedding_of, read_blocks, wants_blocks
from townsfolk.sim.row_writer import Encoded
from townsfolk.sim.tables import DecisionRow, MindArrayRow, MindEntryRow, RowBlockRow
from townsfolk.sim.town_error import TownError
from townsfolk.sim.write_lock import WriterBusy, WriterLock, is_being_written
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.facts import Fact
from townsfolk.world.tables import CharacterRow, EdgeBlockRow, RunRow
from townsfolk.world.world import World

log_problem = logging.getLogger("townsfolk.store")
MEMORY_MODELS = {"event": EventMemory, "belief": Belief, "summary": Summary, "impression": Impression}


class RunStoreError(TownError):
    """A database that cannot be used: missing, not a database, not a townsfolk run, or being
    written by another process."""

    def __init__(self, message: str) -> None:
        super().__init__("db", message, text=message)


def database_url(db: str | Path) -> str:
    text_db = str(db)
    return text_db if "://" in text_db else f"sqlite:///{text_db}"


def _sqlite_path(url: str) -> Path | None:
    return Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None


SQLITE_SYNC = ("NORMAL", "FULL")
WAL_CHECKPOINT_BYTES = 10000 * 4096  # the log folded into the file once it holds this much
BLOCK_PAGE_SIZE = 16384  # the pages of a fresh file for a town that writes row blocks (`_block_pages`)


def open_engine(db: str | Path, *, must_exist: bool = False, synchronous: str = "NORMAL") -> Engine:
    """An engine for a path or URL; SQLite files get WAL and foreign-key pragmas.

    Durability on SQLite: WAL with synchronous=NORMAL (the default) makes every commit atomic and
    keeps it when the process is killed; after an OS crash or power loss the last commits before
    it may be missing, never half there. synchronous="FULL" adds an fsync of the log to every
    commit (milliseconds on this machine's disk), so a commit survives power loss too."""
    if synchronous not in SQLITE_SYNC:
        raise ValueError(f"synchronous is one of {SQLITE_SYNC}, not {synchronous!r}")
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
            # transactions are SQLAlchemy's, not the driver's guess: BEGIN is sent on begin (below), so
            # DDL is inside the transaction too and a reader's load is one snapshot
            conn.isolation_level = None
            cur = conn.cursor()
            cur.execute("PRAGMA busy_timeout=5000")  # first: a writer mid-commit makes others wait, not fail
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={synchronous}")
            cur.execute("PRAGMA secure_delete=ON")  # erased rows are zeroed, not left in free pages
            # a big first commit (500k edges) fits its index pages in memory (the default 2 MB cache
            # made it thrash); pages are taken only as used
            cur.execute("PRAGMA cache_size=-65536")
            # checkpoints (each an fsync) once per ~40 MB of log, not per 4 MB: a tick's commit of a
            # big town writes megabytes; the log is cut back to 64 MB after a checkpoint. The limit
            # is in pages: 10000 of a file's 4 KB pages, 2500 of a block town's 16 KB ones
            page_size = cur.execute("PRAGMA page_size").fetchone()[0]
            cur.execute(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT_BYTES // max(int(page_size), 512)}")
            cur.execute("PRAGMA journal_size_limit=67108864")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            if conn.get_execution_options().get("isolation_level") != "AUTOCOMMIT":
                conn.exec_driver_sql("BEGIN")
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


def _sqlite_files(db_file: Path) -> list[Path]:
    """A SQLite database and the files SQLite keeps beside it."""
    return [db_file, *(db_file.with_name(db_file.name + s) for s in ("-wal", "-shm", "-journal"))]


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class RunStore:
    """Saves and loads one run. The first write takes the database's writer lock (see write_lock);
    rows naming a player are sealed with that player's key (see crypto_shred) in `_seal_*`/`_open`."""

    def __init__(self, db: str | Path, *, must_exist: bool = False, synchronous: str = "NORMAL") -> None:
        """`synchronous="FULL"`: every commit also survives power loss on SQLite (see open_engine)."""
        self.db = str(db)
        self.engine = open_engine(db, must_exist=must_exist, synchronous=synchronous)
        self.sqlite_file = _sqlite_path(database_url(db))
        self.keys = KeyRing(keys_path(self.db, self.sqlite_file))
        self.writer = WriterLock(self.db, self.sqlite_file, self.engine)
        weakref.finalize(self, self.writer.release)
        self._history_saved = EdgeSaved()  # how much of the graph this store holds (sim/edge_rows.py)
        self._memory_seq: dict[str, int] = {}
        self._next_memory_seq = 0
        self._log_seq = 0
        self._fact_seq = 0
        self.problems: list[str] = []  # what loading had to repair, for the caller to report
        self._decision_seq = 0
        self._players_of: tuple[tuple[int, int | None], set[str]] = ((0, None), set())
        self._cause_memo: dict[tuple[str, str], frozenset[str]] = {}  # reset by each commit
        self._sealed_script: tuple[str, list[Any]] | None = None  # the stored script's beats, sealed
        self._errand_seals = ErrandSeals()  # each errand names its player: sealed like their rows
        self._commit_failed: str | None = None  # set by a failed commit: later ones are refused
        self._minds_saved = MindsSaved()  # what the minds tables hold (sim/minds_rows.py)
        self._minds_tables = False  # known to exist in this database
        self._edge_seq = False  # the edge table is known to have its seq column (ensure_edge_seq)
        self._reset_row_blocks()

    def _reset_row_blocks(self, *, table: bool = False) -> None:
        """What the store holds of row blocks (sim/row_blocks.py): the last block's id, whether any
        block or any memory row is stored (a block writer then deletes the rows its ids supersede)."""
        self._row_block_seq = 0
        self._row_blocks_held = False
        self._memory_rows = False
        self._edge_rows = False
        self._row_block_table = table  # known to exist in this database

    def ensure_row_block_table(self) -> None:
        """Create the row block table in a run saved before it existed."""
        if not self._row_block_table:
            SQLModel.metadata.create_all(self.engine, tables=[RowBlockRow.__table__])  # type: ignore[attr-defined]
            self._row_block_table = True

    def ensure_edge_seq(self) -> None:
        """Give the edge table of a run saved before it existed its seq column (each edge's graph
        row); the rows already there keep none and load where they did (`creation_order`)."""
        if self._edge_seq:
            return
        with self.engine.connect() as conn:
            held = {c["name"] for c in sa_inspect(conn).get_columns("edge")}
        if "seq" not in held:
            with self.engine.begin() as conn:
                conn.exec_driver_sql("ALTER TABLE edge ADD COLUMN seq INTEGER")
        self._edge_seq = True

    # --- the writer lock ---------------------------------------------------------------------
    def acquire_writer(self) -> None:
        """Become this database's one writer, or RunStoreError at once naming who is."""
        if self.writer.held:
            return
        try:
            self.writer.acquire()
        except WriterBusy as exc:
            raise RunStoreError(str(exc)) from None
        self._finish_shredding()

    def release_writer(self, *, force: bool = False) -> None:
        self.writer.release(force=force)

    def _finish_shredding(self) -> None:
        """Destroy keys an erasure retired but was killed before destroying (the run says which)."""
        try:
            with Session(self.engine) as s:
                run = s.get(RunRow, 1)
        except (DatabaseError, OperationalError):
            return
        if run is not None:
            self.keys.destroy(run.extra.get("shredded_keys", []))

    def holds_run(self) -> bool:
        try:
            self.run_info()
        except RunStoreError:
            return False
        return True

    # --- sealing at the row boundary (the only place rows are encrypted or decrypted) ------------
    def _players(self, world: World) -> set[str]:
        """The world's players, found again only when the cast changes (a pass over every character
        was a millisecond of each commit of a big town)."""
        cast = world.characters
        key = (id(cast), getattr(cast, "version", None))
        if key[1] is None or self._players_of[0] != key:
            self._players_of = (key, {c.id for c in cast.values() if c.is_player})
        return set(self._players_of[1])

    def _seal(self, body: Any, players: set[str], extra_owners: set[str] | None = None) -> Any:
        """A row body (its JSON text, or a JSON value) sealed under the key of each player it names
        and of `extra_owners`; as it was when it names no one."""
        if isinstance(body, str):
            owners = owners_in_text(body, players)
            if extra_owners:
                owners |= extra_owners
            return self._sealed_text(body, owners)
        owners = owners_in(body, players)
        if extra_owners:
            owners |= extra_owners
        return seal_json(self.keys, owners, body) if owners else body

    def _sealed_text(self, text: str, owners: set[str]) -> str:
        """JSON text sealed under these owners' keys (the text itself when there are none)."""
        sealed = seal_text(self.keys, owners, text) if owners else None
        return text if sealed is None else Encoded(sealed)

    def _memory_owners(self, world: World, item: Any, body: Any, players: set[str]) -> set[str]:
        return owners_of(body, players) | {p for p in players if involves(world, item, p)}

    def _cause_owners(self, world: World, memory: MemoryStore, cause_kind: str, cause_id: str | None,
                      players: set[str]) -> set[str]:
        """Players the cause of a change names (a fact naming them, a memory item involving them);
        remembered for the rest of the commit, since many changes share a cause."""
        if not cause_id:
            return set()
        key = (cause_kind, cause_id)
        known = self._cause_memo.get(key)
        if known is None:
            if cause_kind == "fact" and cause_id in world.facts:
                known = frozenset(owners_in_text(body_json(world.facts.get(cause_id)), players))
            else:
                item = memory.get_or_none(cause_id)
                known = frozenset(() if item is None else (p for p in players if involves(world, item, p)))
            self._cause_memo[key] = known
        return set(known)

    def _log_owners(self, world: World, memory: MemoryStore, body: Any, ids: dict[str, Any] | None,
                    players: set[str]) -> set[str]:
        """Players a timeline entry names, or whose fact or memory it points at (its text quotes them)."""
        owners = owners_of(body, players)
        refs: list[str] = []
        for v in (ids or {}).values():
            refs += [x for x in (v if isinstance(v, list) else [v]) if isinstance(x, str)]
        for ref in refs:
            kind, _, ref_id = ref.rpartition(":")
            owners |= self._cause_owners(world, memory, kind or ("fact" if ref_id in world.facts else ""),
                                         ref_id, players)
        return owners

    def _open(self, data: dict[str, Any]) -> dict[str, Any]:
        try:
            return open_json(self.keys, data)
        except KeyDestroyed as exc:
            raise RunStoreError(f"{self.db}: a player's row cannot be opened: {exc}") from None

    def _seal_extra(self, extra: dict[str, Any], players: set[str]) -> dict[str, Any]:
        """The run's extra record with each scripted beat of the stored scenario that names a player
        sealed under that player's key (the script holds the player's lines word for word)."""
        extra = self._errand_seals.seal(self.keys, extra, players)  # sim/errand_seal.py
        scenario = extra.get("scenario")
        if not players or not isinstance(scenario, dict) or not isinstance(scenario.get("timeline"), list):
            return extra
        # the same script is saved with every commit: seal it once per script and cast of players
        # (sealing draws fresh nonces, so a sealed beat differs every time it is sealed again)
        cast = sorted(players)
        plain = json.dumps([scenario["timeline"], cast, self.keys.current_of(cast)], ensure_ascii=False,
                           sort_keys=True)
        if self._sealed_script is None or self._sealed_script[0] != plain:
            beats = [b if is_sealed(b) or not isinstance(b, dict) else self._seal(b, players)
                     for b in scenario["timeline"]]
            self._sealed_script = (plain, beats)
        return {**extra, "scenario": {**scenario, "timeline": self._sealed_script[1]}}

    def _open_extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        """`_seal_extra` undone; a beat whose key was destroyed (its player erased) is left out."""
        extra = open_errands(self.keys, extra)
        scenario = extra.get("scenario")
        if not isinstance(scenario, dict) or not isinstance(scenario.get("timeline"), list):
            return extra
        beats = []
        for b in scenario["timeline"]:
            try:
                beats.append(open_json(self.keys, b) if is_sealed(b) else b)
            except KeyDestroyed:
                continue
        return {**extra, "scenario": {**scenario, "timeline": beats}}

    # --- writing ---------------------------------------------------------------------------
    @contextmanager
    def _one_transaction(self) -> Iterator[None]:
        """Everything this store writes inside goes to the database in one transaction, DDL included
        (SQLite and PostgreSQL both roll DDL back): readers see the old run or the new, never half."""
        engine = self.engine
        with engine.connect() as conn, conn.begin():
            self.engine = conn  # type: ignore[assignment]  # Session(conn) joins this transaction
            try:
                yield
            finally:
                self.engine = engine

    def create(self, world: World, *, scenario_path: str = "", scenario_sha: str = "") -> None:
        """Start a fresh run in this database (any earlier run in it is replaced, in one transaction;
        `play` refuses to get here on an existing run without --overwrite)."""
        self.acquire_writer()
        self._block_pages(world)
        with self._one_transaction():
            self._create_rows(world, scenario_path=scenario_path, scenario_sha=scenario_sha)

    def _block_pages(self, world: World) -> None:
        """A fresh SQLite file for a town that writes row blocks (no player, a big cast:
        sim/row_blocks.py `wants_blocks`) is made again with BLOCK_PAGE_SIZE pages: its commits are
        megabytes of blocks and a COMMIT writes the log a frame per page (10k rumour town: the
        SQLite part of a commit 0.58 -> 0.40 ms CPU per tick committed every 10 ticks, 1.03 -> 0.85
        every tick; 64 KB pages made bigger files and dearer small commits). Other files keep 4 KB
        pages: a talk turn's save, a few rows, cost ~10% more with 16 KB ones. A file holding
        tables already is left as it is (its page size is fixed by WAL mode and its content)."""
        if self.sqlite_file is None or not wants_blocks(self._players(world), len(world.characters)):
            return
        self.engine.dispose()  # no other connection of this store on the file while it is remade
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            if (conn.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar()
                    or conn.exec_driver_sql("PRAGMA page_size").scalar() == BLOCK_PAGE_SIZE):
                return
            conn.exec_driver_sql("PRAGMA journal_mode=DELETE")  # (WAL mode fixes the page size)
            conn.exec_driver_sql(f"PRAGMA page_size={BLOCK_PAGE_SIZE}")
            conn.exec_driver_sql("VACUUM")
            conn.exec_driver_sql("PRAGMA journal_mode=WAL")
            conn.exec_driver_sql(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT_BYTES // BLOCK_PAGE_SIZE}")

    def _create_rows(self, world: World, *, scenario_path: str, scenario_sha: str) -> None:
        SQLModel.metadata.drop_all(self.engine)
        SQLModel.metadata.create_all(self.engine)
        self._minds_saved, self._minds_tables = MindsSaved(), True
        self._edge_seq = True
        self._reset_row_blocks(table=True)
        with Session(self.engine) as s:
            s.add(RunRow(title=world.title, language=world.language, seed=world.seed,
                         start=world.clock.start.isoformat(), tick_seconds=world.clock.tick_length.total_seconds(),
                         scenario_path=scenario_path, scenario_sha=scenario_sha))
            s.commit()
        write_characters(self.engine, world)

    def add_character(self, character: Character, *, seq: int) -> None:
        """Someone who joined a running world (a player); saved at once, as `create` saves the cast."""
        self.acquire_writer()
        with Session(self.engine) as s:
            s.add(CharacterRow(id=character.id, seq=seq, name=character.name, is_player=character.is_player,
                               data=_dump(character)))
            s.commit()

    def commit_tick(self, world: World, memory: MemoryStore, log: list[LogEntry], *,
                    finished: bool = False, extra: dict[str, Any] | None = None,
                    decisions: list[Any] | None = None) -> None:
        """Write everything that changed since the last commit, and the tick, in one transaction:
        bulk statements of only what changed (sim/bulk_writer.py), rows sealed by `_seal` and friends."""
        write_tick(self, world, memory, log, finished=finished, extra=extra, decisions=decisions)

    def rewrite(self, world: World, memory: MemoryStore, log: list[LogEntry], run: RunRow,
                decisions: list[tuple[int, dict[str, Any]]] | None = None) -> None:
        """Replace the run with this one, atomically, so nothing removed survives anywhere the store
        keeps bytes. A SQLite file is rebuilt beside itself and swapped in with os.replace (a kill at
        any moment leaves the old file or the new, whole); a server database is rewritten in one
        transaction."""
        kept = self.decisions() if decisions is None else decisions
        self.acquire_writer()
        self._sealed_script = None  # sealed again, under the keys the erasure left
        if self.sqlite_file is None:
            with self._one_transaction():
                self._write_afresh(world, memory, log, run, kept)
            return
        self._replace_file(world, memory, log, run, kept)

    def _write_afresh(self, world: World, memory: MemoryStore, log: list[LogEntry], run: RunRow,
                      kept: list[tuple[int, dict[str, Any]]]) -> None:
        SQLModel.metadata.drop_all(self.engine)
        SQLModel.metadata.create_all(self.engine)
        self._history_saved, self._memory_seq, self._next_memory_seq = EdgeSaved(), {}, 0
        self._log_seq = self._fact_seq = 0
        self._minds_saved, self._minds_tables = MindsSaved(), True
        self._edge_seq = True
        self._reset_row_blocks(table=True)
        self._commit_failed = None  # everything is written afresh from memory: no gap is left
        players = self._players(world)
        with Session(self.engine) as s:
            kept_extra = {k: v for k, v in run.extra.items() if k != "minds"}  # the minds go to their tables
            s.add(RunRow(**{**run.model_dump(exclude={"id"}), "extra": self._seal_extra(kept_extra, players)}))
            for seq, (tick, d) in enumerate(kept, start=1):
                s.add(DecisionRow(seq=seq, tick=tick, npc=d["npc"], outcome=d["outcome"], data=self._seal(d, players)))
            self._decision_seq = len(kept)
            s.commit()
        write_characters(self.engine, world)
        world.graph.mark_all_dirty()
        world.facts._unsaved = [f.id for f in world.facts]  # noqa: SLF001
        memory.mark_all_unsaved()
        self.commit_tick(world, memory, log, finished=run.finished, extra=run.extra)

    def _replace_file(self, world: World, memory: MemoryStore, log: list[LogEntry], run: RunRow,
                      kept: list[tuple[int, dict[str, Any]]]) -> None:
        assert self.sqlite_file is not None
        target = self.sqlite_file
        fresh_path = target.with_name(target.name + ".rewrite")
        for leftover in _sqlite_files(fresh_path):  # a rebuild a kill interrupted: start it again
            leftover.unlink(missing_ok=True)
        fresh = RunStore(fresh_path)
        fresh.keys = self.keys  # the same players' keys seal the new file
        fresh.writer = self.writer  # under this store's lock; the new file has no lock of its own
        fresh._write_afresh(world, memory, log, run, kept)  # noqa: SLF001
        fresh.checkpoint()
        _fsync_file(fresh_path)
        # fold the old file's WAL into it and close it, so no -wal or -shm of it can outlive the swap
        self.checkpoint()
        for side in _sqlite_files(target)[1:]:
            side.unlink(missing_ok=True)
        for side in _sqlite_files(fresh_path)[1:]:
            side.unlink(missing_ok=True)
        os.replace(fresh_path, target)
        fsync_dir(target.parent)
        self._history_saved, self._memory_seq = fresh._history_saved, fresh._memory_seq  # noqa: SLF001
        self._next_memory_seq, self._log_seq = fresh._next_memory_seq, fresh._log_seq  # noqa: SLF001
        self._fact_seq, self._decision_seq = fresh._fact_seq, fresh._decision_seq  # noqa: SLF001
        self._minds_saved, self._minds_tables = fresh._minds_saved, True  # noqa: SLF001
        self._row_block_seq, self._row_blocks_held = fresh._row_block_seq, fresh._row_blocks_held  # noqa: SLF001
        self._memory_rows, self._row_block_table = fresh._memory_rows, True  # noqa: SLF001
        self._edge_rows, self._edge_seq = fresh._edge_rows, True  # noqa: SLF001
        self._commit_failed = None  # the file now holds everything in memory

    def checkpoint(self) -> None:
        """Fold the WAL into the file, truncate it and close every connection (SQLite); RunStoreError
        when a reader keeps the WAL busy, before anything is swapped."""
        if not str(self.engine.url).startswith("sqlite"):
            return
        for _attempt in range(50):
            with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                busy, _log, _done = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if not busy:
                break
            time.sleep(0.1)
        else:
            raise RunStoreError(f"{self.db}: readers keep the write-ahead log busy; try again")
        self.engine.dispose()

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
            return [(r.tick, self._open(r.data)) for r in s.exec(q)]

    def _being_made(self) -> str:
        if self.sqlite_file is not None and is_being_written(self.sqlite_file):
            return " yet: it is being created by another process right now; try again in a moment"
        return ""

    def run_info(self) -> RunRow:
        try:
            with Session(self.engine) as s:
                run = s.get(RunRow, 1)
        except (DatabaseError, OperationalError) as exc:
            made = self._being_made()
            if made:
                raise RunStoreError(f"{self.db} holds no run{made}") from None
            raise RunStoreError(f"{self.db} is not a townsfolk run ({getattr(exc, 'orig', exc)})") from None
        if run is None:
            raise RunStoreError(f"{self.db} holds no run{self._being_made()}")
        run.extra = self._open_extra(run.extra or {})
        stored = self._stored_minds()
        if stored is not None:
            run.extra = {**run.extra, "minds": stored}
        return run

    # --- the minds tables (sim/minds_rows.py) ---------------------------------------------------
    def ensure_minds_tables(self) -> None:
        """Create the minds tables in a run saved before they existed (its next commit fills them)."""
        if not self._minds_tables:
            SQLModel.metadata.create_all(self.engine, tables=[MindArrayRow.__table__, MindEntryRow.__table__])  # type: ignore[attr-defined]
            self._minds_tables = True

    def _stored_minds(self) -> dict[str, Any] | None:
        """The minds state from its tables (None: an older run keeps it in the run row); the store
        then holds that as what it last wrote, so its next commit writes only what changed."""
        if not self._minds_tables:
            if not sa_inspect(self.engine).has_table(MindArrayRow.__tablename__):
                return None
            self._minds_tables = True
        with Session(self.engine) as s:
            blocks = s.exec(select(MindArrayRow.name, MindArrayRow.block, MindArrayRow.dtype, MindArrayRow.width,
                                   MindArrayRow.data)).all()
            entries = s.exec(select(MindEntryRow.id, MindEntryRow.part, MindEntryRow.data)).all()
        try:
            found = minds_state(list(blocks), list(entries))
        except ValueError as exc:
            raise RunStoreError(f"{self.db}: {exc}") from None
        if found is None:
            return None
        state, self._minds_saved = found
        return state

    def _json_rows(self, conn: Any, sql: str) -> list[tuple[Any, ...]]:
        """The rows of a query whose last column is a JSON body, that body opened: plain bodies
        parsed by orjson (SQLAlchemy's JSON type ran json.loads and a result processor per row, an
        ORM row an object more: ~25 s of a 10k town's load), sealed ones with their player's key."""
        cur = conn.connection.dbapi_connection.cursor()  # the session's own connection and transaction
        try:
            cur.execute(sql)
            rows = cur.fetchall()
        finally:
            cur.close()
        loads, opener = orjson.loads, self._open

        def body(data: Any) -> Any:
            if isinstance(data, str):
                return opener(json.loads(data)) if data.startswith('{"sealed"') else loads(data)
            return opener(data)  # a server's driver hands JSON parsed already

        return [(*row[:-1], body(row[-1])) for row in rows]

    def _edge_blocks(self, conn: Any) -> dict[str, tuple[str, bytes]]:
        """The stored edge blocks by id (sim/edge_blocks.py); none in a run saved before they existed."""
        if not sa_inspect(conn).has_table(EdgeBlockRow.__tablename__):
            return {}
        return {bid: (dtype, data) for bid, dtype, data in
                conn.exec_driver_sql("SELECT id, dtype, data FROM edge_block").fetchall()}

    def load(self) -> tuple[World, MemoryStore, list[LogEntry]]:
        """Rebuild the world, memory and timeline exactly as last committed (one read snapshot)."""
        self.run_info()  # a clear error for a missing or foreign database
        memory = MemoryStore()
        with Session(self.engine) as s:
            run = s.get(RunRow, 1)  # the first read of this snapshot: all below is of the same commit
            if run is None:
                raise RunStoreError(f"{self.db} holds no run{self._being_made()}")
            clock = SimClock(start=datetime.fromisoformat(run.start),
                             tick_length=timedelta(seconds=run.tick_seconds), tick=max(run.last_tick, 0))
            world = World(clock=clock, seed=run.seed, language=run.language, title=run.title)
            conn = s.connection()  # the same snapshot; rows as the driver gives them, JSON parsed by orjson
            for (data,) in self._json_rows(conn, 'SELECT data FROM "character" ORDER BY seq'):
                c = Character.model_validate(data)
                world.characters[c.id] = c
                world.graph.add_character(c.id)
            held = read_blocks(conn)  # a headless town's per-commit row blocks (sim/row_blocks.py)
            if held.tables.get("edge_change"):
                changes = merged_changes(held, self._json_rows(
                    conn, "SELECT edge_id, seq, data FROM edge_change ORDER BY edge_id, seq"))
            else:
                changes = self._json_rows(conn, "SELECT edge_id, data FROM edge_change ORDER BY edge_id, seq")
            self._edge_seq = "seq" in {c["name"] for c in sa_inspect(conn).get_columns("edge")}
            rows = self._json_rows(conn, f"SELECT id, {'seq' if self._edge_seq else 'NULL'}, data FROM edge ORDER BY id")
            seq_of = {edge_id: seq for edge_id, seq, _data in rows if seq is not None}  # each edge's graph row
            edges = [(edge_id, data) for edge_id, _seq, data in rows]
            del rows
            self._edge_rows = bool(edges)
            if held.tables.get("edge"):  # rows are the newest word on their ids
                edges = merged_edges(held, edges)
                for edge_id, (values, _block, _i) in held.tables["edge"].items():
                    if values["seq"] is not None:
                        seq_of.setdefault(edge_id, values["seq"])
            blocks = self._edge_blocks(conn)
            if blocks:  # a big first commit's edges as column blocks, later rows over them
                load_edge_blocks(world, blocks)
                edges, changes = apply_rows(world, edges, changes)
                load_edges(world, creation_order(edges, seq_of, world.graph.columns.n), changes)
                self._history_saved = EdgeSaved(edges=world.graph.columns.n, changes=world.graph.log.n,
                                                blocks=True)
            else:
                self._history_saved = load_edges(world, creation_order(edges, seq_of, 0), changes)
            del changes, edges, blocks, seq_of
            fact_rows = self._json_rows(conn, "SELECT seq, data FROM fact ORDER BY seq")
            if held.tables.get("fact"):
                fact_rows = sorted(fact_rows + [(v["seq"], body) for v, body in held.rows("fact")], key=_first)
            facts = [Fact.model_validate(data) for _seq, data in fact_rows]
            world.facts.load(facts)
            self._fact_seq = len(facts)
            rows = self._json_rows(conn, "SELECT id, kind, seq, embedding, data FROM memory_item ORDER BY seq")
            self._memory_rows = bool(rows)
            if held.tables.get("memory_item"):  # rows are the newest word on their ids
                in_rows = {r[0] for r in rows}
                rows = sorted(rows + [(v["id"], v["kind"], v["seq"], embedding_of(v), body)
                                      for v, body in held.rows("memory_item", where=lambda v: v["id"] not in in_rows)],
                              key=_third)
            for item_id, kind, seq, embedding, data in rows:
                item = MEMORY_MODELS[kind].model_validate(data)
                memory.load(kind, item)
                if embedding is not None:
                    try:
                        try:
                            raw = open_bytes(self.keys, bytes(embedding))
                        except KeyDestroyed as exc:
                            raise ValueError(str(exc)) from None
                        memory.vectors[item_id] = decode_vector(raw, len(raw) // 4)
                    except ValueError as exc:  # CorruptEmbedding, or too short to hold one value
                        # the vector is dropped and recomputed when next needed; nothing else is touched
                        self.problems.append(f"memory item {item_id}: corrupt embedding ({exc}); it will be recomputed")
                        log_problem.warning("%s: %s", self.db, self.problems[-1])
                self._memory_seq[item_id] = seq
                self._next_memory_seq = max(self._next_memory_seq, seq)
            del rows
            log_rows = self._json_rows(conn, "SELECT seq, data FROM timeline ORDER BY seq")
            if held.tables.get("timeline"):
                log_rows = sorted(log_rows + [(v["seq"], body) for v, body in held.rows("timeline")], key=_first)
            log = [LogEntry.model_validate(data) for _seq, data in log_rows]
            self._row_block_seq, self._row_blocks_held = held.last_id, bool(held.last_id)
            self._row_block_table = self._row_block_table or bool(held.last_id)
            self._log_seq = len(log)
            self._decision_seq = len(s.exec(select(DecisionRow.seq)).all())
        world.counters = dict(run.counters)
        if run.rng_state:
            world.set_rng_state(run.rng_state)
        return world, memory, log


def _first(row: tuple) -> Any:
    return row[0]


def _third(row: tuple) -> Any:
    return row[2]


def merged_edges(held: BlockRows, rows: list[tuple[str, Any]], where: Any = None) -> list[tuple[str, Any]]:
    """Edge rows (id, body) with the blocks' newest edge states (those `where(values)` keeps) for
    ids no row holds, in id order."""
    got = dict(rows)
    got.update((v["id"], body) for v, body in held.rows("edge", where=lambda v: v["id"] not in got
                                                        and (where is None or where(v))))
    return sorted(got.items(), key=_first)


def merged_changes(held: BlockRows, rows: list[tuple[str, int, Any]], where: Any = None) -> list[tuple[str, Any]]:
    """Edge change rows (edge id, seq, body) and the blocks' edge changes (those `where(values)`
    keeps) as one list of (edge id, body) in (edge id, seq) order (each change is in one place or
    the other: the log only grows)."""
    keyed = list(rows) + [(v["edge_id"], v["seq"], body) for v, body in held.rows("edge_change", where=where)]
    keyed.sort(key=lambda k: (k[0], k[1]))
    return [(edge_id, body) for edge_id, _seq, body in keyed]
