"""One writer per database: an OS lock held for the writer's whole life.

A second `play`, `resume` or `forget` on a database another process is writing must be refused at
once, naming the other process, instead of interleaving two runs in one file. For a SQLite file the
lock is `fcntl.flock` on a sidecar `<db>.lock` (the kernel drops it when the process dies, so a
`kill -9` never leaves a stale lock); the file also records who holds it, for the message. For a
server URL it is a session-level PostgreSQL advisory lock on a connection kept open for as long.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

# One advisory-lock key for "the townsfolk writer" of a PostgreSQL database (locks are per database).
PG_LOCK_KEY = 0x70776E73666B  # "townsfk"-ish; any fixed 63-bit number


class WriterBusy(Exception):
    """Another process is writing this database; nothing was touched."""


def _command() -> str:
    argv = [Path(sys.argv[0]).name, *sys.argv[1:]] if sys.argv else ["python"]
    return " ".join(argv)[:200]


def lock_path(db_file: Path) -> Path:
    return db_file.with_name(db_file.name + ".lock")


def holder_of(db_file: Path) -> str:
    """Who the lock file says is writing (best effort; the lock itself is the truth)."""
    try:
        info = json.loads(lock_path(db_file).read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return "another process"
    if not info:
        return "another process"
    return f"pid {info.get('pid')} ({info.get('command', '?')}, since {info.get('since', '?')})"


def hold_folder(folder: Path, what: str) -> int:
    """Hold `folder/<what>.lock` for the process's life (the fd returned is the lock; the kernel drops
    it when the process dies). A second `townsfolk serve` on the same data folder is refused here, naming
    the first, instead of starting with every world "could not be reopened" and answering 404."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{what}.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise WriterBusy(f"{folder} is already served by {holder_of(folder / what)}; one server per data "
                         "folder (stop it, or give another --data)") from None
    info = {"pid": os.getpid(), "command": _command(), "since": datetime.now(UTC).isoformat(timespec="seconds")}
    os.ftruncate(fd, 0)
    os.pwrite(fd, json.dumps(info, ensure_ascii=False).encode("utf-8"), 0)
    return fd


def is_being_written(db_file: Path) -> bool:
    """Whether some process is writing this file right now, for a reader's message ("being created
    ... try again"); best effort, and it takes no lock.

    It used to probe with a shared flock: a probe in the moment a writer starts made that writer's
    exclusive, non-blocking flock fail, and the play was refused as "being written by another
    process" (tests/test_write_lock.py, readers during a fresh play). A reader must never make a
    writer fail, so it reads who the lock file names instead: a writer writes its pid there once it
    holds the lock and empties it on release; a writer killed with -9 leaves a pid that is gone."""
    try:
        info = json.loads(lock_path(db_file).read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return False
    pid = info.get("pid") if isinstance(info, dict) else None
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)  # signal 0: is there such a process (nothing is sent)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


# Locks this process holds, by database: several stores of one process (a Town and the erasure it
# runs) share one OS lock; only other processes are refused.
_HELD: dict[str, list[Any]] = {}  # key -> [WriterLock that owns the OS lock, count of holders]


class WriterLock:
    """Held from `acquire` to `release` (or process exit); refuses another process at once."""

    def __init__(self, db: str, db_file: Path | None, engine: Engine) -> None:
        self.db = db
        self.db_file = db_file
        self.engine = engine
        self.key = str(db_file.resolve()) if db_file is not None else db
        self._fd: int | None = None
        self._conn: Connection | None = None
        self._holding = False  # this instance counts as one holder (the OS lock may belong to another)

    @property
    def held(self) -> bool:
        return self._holding and self.key in _HELD

    def acquire(self) -> None:
        if self.held:
            return
        owner = _HELD.get(self.key)
        if owner is not None:
            owner[1] += 1
            self._holding = True
            return
        if self.db_file is not None:
            self._acquire_file(self.db_file)
        elif self.engine.dialect.name == "postgresql":
            self._acquire_pg()
        else:
            return  # other servers: no lock primitive we rely on; one writer is the operator's duty
        _HELD[self.key] = [self, 1]
        self._holding = True

    def _acquire_file(self, db_file: Path) -> None:
        db_file.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path(db_file), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise WriterBusy(f"{self.db} is being written by {holder_of(db_file)}; one writer at a time "
                             f"(wait for it to finish, or use another --db)") from None
        info = {"pid": os.getpid(), "command": _command(), "since": datetime.now(UTC).isoformat(timespec="seconds")}
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps(info, ensure_ascii=False).encode("utf-8"), 0)
        self._fd = fd

    def _acquire_pg(self) -> None:
        conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        name = f"townsfolk pid {os.getpid()}: {_command()}"[:63]
        conn.execute(text("SELECT set_config('application_name', :n, false)"), {"n": name})
        got = conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": PG_LOCK_KEY}).scalar()
        if not got:
            who = conn.execute(text(
                "SELECT a.pid, a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                "WHERE l.locktype = 'advisory' AND l.granted AND l.database = "
                "(SELECT oid FROM pg_database WHERE datname = current_database()) "
                "AND ((l.classid::bigint << 32) | l.objid::bigint) = :k"), {"k": PG_LOCK_KEY}).first()
            conn.close()
            other = f"server pid {who[0]} ({who[1] or 'no application name'})" if who else "another session"
            raise WriterBusy(f"{self.db} is being written by {other}; one writer at a time "
                             f"(wait for it to finish, or use another database)")
        self._conn = conn

    def release(self, *, force: bool = False) -> None:
        """Count this holder out; the OS lock goes with the last one (or at once with `force`: the
        end of a `play`, whose town may linger in memory but writes no more)."""
        if not self.held:
            self._holding = False
            return
        self._holding = False
        owner = _HELD.get(self.key)
        if owner is not None:
            owner[1] -= 1
            if owner[1] <= 0 or force:
                del _HELD[self.key]
                owner[0]._release_os()

    def _release_os(self) -> None:
        if self._fd is not None:
            os.ftruncate(self._fd, 0)
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
        if self._conn is not None:
            try:
                self._conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": PG_LOCK_KEY})
                self._conn.close()
            except Exception:  # noqa: BLE001  (the server went away: the lock went with the session)
                pass
            self._conn = None

    def __enter__(self) -> WriterLock:
        self.acquire()
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.release()
