"""The rows of one commit, as tuples, straight to the database driver.

On SQLite a commit is one `BEGIN IMMEDIATE ... COMMIT` on a pooled driver connection and one
`executemany` per table of prepared statements (sqlite3 keeps them by SQL text), JSON columns
already encoded as text: SQLAlchemy's per-statement events, compilation and per-value processing
were most of a small commit's time (a talk turn, a tick of a thousand NPCs). Other databases
(PostgreSQL) take SQLAlchemy Core with the same tuples, the JSON text cast to the column's type
by the server, so both paths store the same values.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any, Protocol

import orjson
from sqlalchemy import JSON, Text, bindparam, cast, delete, insert, update
from sqlalchemy.dialects.sqlite import dialect as sqlite_dialect
from sqlalchemy.engine import Connection, Engine

CHUNK = 500  # ids per IN (...) list: well under every database's bound-parameter limit


class Encoded(str):
    """A JSON value already encoded as text: stored as it is."""


def encode(value: Any) -> Encoded:
    """JSON text of a value, UTF-8 kept (not escaped), as the engine's serializer writes it. orjson
    first: a big town's minds state is most of a tick's commit and it encodes it ~10x faster;
    what it refuses (an int past 64 bits, as in the rng state; a key that is not a string) goes
    through json."""
    if isinstance(value, Encoded):
        return value
    try:
        return Encoded(orjson.dumps(value).decode())
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return Encoded(json.dumps(value, ensure_ascii=False))


@cache
def json_columns(table: Any) -> frozenset[str]:
    return frozenset(c.name for c in table.columns if isinstance(c.type, JSON))


class RowWriter(Protocol):
    def insert(self, table: Any, cols: Sequence[str], rows: list[tuple], *, encoded: bool = False) -> None:
        """One executemany INSERT; JSON columns hold `Encoded` text (or plain values to encode);
        `encoded`: every JSON value is JSON text already (`Encoded` or str: no pass to check them)."""

    def update(self, table: Any, cols: Sequence[str], rows: list[tuple], *, encoded: bool = False) -> None:
        """One executemany UPDATE by id: each tuple is the `cols` values, then the row's id."""

    def delete_ids(self, table: Any, ids: list[str]) -> None: ...

    def upsert(self, table: Any, cols: Sequence[str], rows: list[tuple], *, set_cols: Sequence[str] | None = None,
               encoded: bool = False) -> None:
        """Rows by id (the first of `cols`): inserted, or the row of that id given their `set_cols`
        (default: all the others)."""

    def update_run(self, table: Any, values: dict[str, Any]) -> int:
        """Update the run row (id 1); returns how many rows it touched (0: there is no run)."""

    def ddl(self, statement: Any) -> None:
        """A schema statement (CreateIndex, DropIndex) inside the commit's transaction."""


def _quoted(cols: Sequence[str]) -> str:
    return ", ".join(f'"{c}"' for c in cols)


class SqliteRows:
    """The driver connection of a SQLite commit (the transaction is the caller's)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self._sql: dict[tuple[str, str, tuple[str, ...]], str] = {}

    def _encode_json(self, table: Any, cols: Sequence[str], rows: list[tuple]) -> list[tuple]:
        json_cols = json_columns(table)
        js = [i for i, c in enumerate(cols) if c in json_cols]
        if not any(type(r[i]) is not Encoded for i in js for r in rows):
            return rows  # the writer's own rows: encoded when built
        return [tuple(encode(v) if i in js else v for i, v in enumerate(r)) for r in rows]

    def insert(self, table: Any, cols: Sequence[str], rows: list[tuple], *, encoded: bool = False) -> None:
        key = ("i", table.name, tuple(cols))
        sql = self._sql.get(key)
        if sql is None:
            sql = self._sql[key] = (f'INSERT INTO "{table.name}" ({_quoted(cols)}) '
                                    f'VALUES ({", ".join("?" for _ in cols)})')
        self.db.executemany(sql, rows if encoded else self._encode_json(table, cols, rows))

    def update(self, table: Any, cols: Sequence[str], rows: list[tuple], *, encoded: bool = False) -> None:
        key = ("u", table.name, tuple(cols))
        sql = self._sql.get(key)
        if sql is None:
            sets = ", ".join(f'"{c}" = ?' for c in cols)
            sql = self._sql[key] = f'UPDATE "{table.name}" SET {sets} WHERE "id" = ?'
        self.db.executemany(sql, rows if encoded else self._encode_json(table, [*cols, "id"], rows))

    def delete_ids(self, table: Any, ids: list[str]) -> None:
        self.db.executemany(f'DELETE FROM "{table.name}" WHERE "id" = ?', [(i,) for i in ids])

    def upsert(self, table: Any, cols: Sequence[str], rows: list[tuple], *, set_cols: Sequence[str] | None = None,
               encoded: bool = False) -> None:
        """An UPDATE in place where the id is stored: a blob of the same size is overwritten where
        its bytes differ (a minds block deleted and inserted again freed, zeroed (secure_delete)
        and wrote anew every overflow page of it, ~80 pages of each 10k-town commit)."""
        setting = tuple(cols[1:] if set_cols is None else set_cols)
        key = ("s", table.name, tuple(cols), setting)
        sql = self._sql.get(key)
        if sql is None:
            sets = ", ".join(f'"{c}" = excluded."{c}"' for c in setting)
            sql = self._sql[key] = (f'INSERT INTO "{table.name}" ({_quoted(cols)}) VALUES ({", ".join("?" for _ in cols)}) '
                                    f'ON CONFLICT ("{cols[0]}") DO UPDATE SET {sets}')
        self.db.executemany(sql, rows if encoded else self._encode_json(table, cols, rows))

    def update_run(self, table: Any, values: dict[str, Any]) -> int:
        js = json_columns(table)
        cols = list(values)
        cur = self.db.execute(f'UPDATE "{table.name}" SET {", ".join(f"{chr(34)}{c}{chr(34)} = ?" for c in cols)} '
                              f'WHERE "id" = 1', [encode(values[c]) if c in js else values[c] for c in cols])
        return cur.rowcount


    def ddl(self, statement: Any) -> None:
        self.db.execute(str(statement.compile(dialect=sqlite_dialect())))


class ServerRows:
    """SQLAlchemy Core on a server database; JSON text goes in as text cast to the column's type."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    @staticmethod
    def _param(table: Any, col: str) -> Any:
        if col in json_columns(table):
            return cast(bindparam(f"p_{col}", type_=Text()), table.c[col].type)
        return bindparam(f"p_{col}", type_=table.c[col].type)

    @staticmethod
    def _dicts(table: Any, cols: Sequence[str], rows: list[tuple], encoded: bool = False) -> list[dict[str, Any]]:
        js = frozenset() if encoded else json_columns(table)  # encoded: JSON values are JSON text already
        return [{f"p_{c}": (encode(v) if c in js else v) for c, v in zip(cols, r, strict=True)}
                for r in rows]

    def insert(self, table: Any, cols: Sequence[str], rows: list[tuple], *, encoded: bool = False) -> None:
        stmt = insert(table).values({c: self._param(table, c) for c in cols})
        self.conn.execute(stmt, self._dicts(table, cols, rows, encoded))

    def update(self, table: Any, cols: Sequence[str], rows: list[tuple], *, encoded: bool = False) -> None:
        stmt = (update(table).where(table.c.id == bindparam("p_row_id"))
                .values({c: self._param(table, c) for c in cols}))
        self.conn.execute(stmt, self._dicts(table, [*cols, "row_id"], rows, encoded))

    def delete_ids(self, table: Any, ids: list[str]) -> None:
        for i in range(0, len(ids), CHUNK):
            self.conn.execute(delete(table).where(table.c.id.in_(ids[i:i + CHUNK])))

    def upsert(self, table: Any, cols: Sequence[str], rows: list[tuple], *, set_cols: Sequence[str] | None = None,
               encoded: bool = False) -> None:
        """Delete and insert: portable across server databases (the rows are few)."""
        self.delete_ids(table, [r[0] for r in rows])
        self.insert(table, cols, rows, encoded=encoded)

    def update_run(self, table: Any, values: dict[str, Any]) -> int:
        stmt = update(table).where(table.c.id == 1).values({c: self._param(table, c) for c in values})
        return self.conn.execute(stmt, self._dicts(table, list(values), [tuple(values.values())])[0]).rowcount


    def ddl(self, statement: Any) -> None:
        self.conn.execute(statement)


@contextmanager
def row_writer(target: Engine | Connection) -> Iterator[RowWriter]:
    """A writer inside one transaction: the engine's own (committed on a clean exit, rolled back on
    an error), or, given a Connection already in a transaction, that one (its owner commits)."""
    joined = isinstance(target, Connection)
    if target.dialect.name != "sqlite":
        if joined:
            yield ServerRows(target)
            return
        with target.begin() as conn:
            yield ServerRows(conn)
        return
    if joined:
        yield SqliteRows(target.connection.driver_connection)  # type: ignore[arg-type]
        return
    raw = target.raw_connection()
    db: sqlite3.Connection = raw.driver_connection  # type: ignore[assignment]
    try:
        db.execute("BEGIN IMMEDIATE")  # the write lock at once: no reader-to-writer upgrade to fail midway
        try:
            yield SqliteRows(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    finally:
        raw.close()  # back to the pool
