"""A commit's appended rows as one block per table: the per-tick rows of a big headless town.

A tick of a 10k rumour town appends ~230 rows (memory items, timeline entries, facts, edge changes,
moved edges); as rows they were ~1.5 ms of SQLite inserts (five indexes on `memory_item` alone) and ~1 ms more of
pages to log at COMMIT. Here the same rows of one commit are one `row_block` row per table
(sim/tables.py `RowBlockRow`): a JSON header holding the rows' columns (ids, holders, ticks...: what
readers filter on) and the ids the commit deleted, then each row's body, the JSON text a row would
hold, one per line (JSON text never holds a raw newline), so a reader of a few rows parses only
theirs. Blocks are written in the commit's own transaction: a crash loses the tick in flight, no more.

Loading (`BlockRows`): the blocks in commit order, each entry setting its id and each deleted id
removing it, then the table's rows over them (a row is always the newest word on its id: a commit
that writes a block deletes the rows of the ids it writes or deletes). Used only for a world with no
player (`wants_blocks`): rows naming a player are sealed under that player's key
(sim/crypto_shred.py), which a block of everyone's rows cannot be; a world a player joins goes on
in rows, and an erasure rewrites the run afresh (in rows). Decisions and the minds stay rows.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

import orjson

BLOCK_CAST = 1000  # a world with at least this many characters (and no player) writes blocks
TABLES = {  # the table a block stands for -> the columns its header holds, in row order
    "memory_item": ("id", "kind", "seq", "holder", "about", "tick", "private", "embedding"),
    "timeline": ("seq", "tick", "kind"),
    "fact": ("id", "seq", "tick", "kind"),
    "edge_change": ("edge_id", "seq", "tick", "cause_kind", "cause_id"),
    "edge": ("id", "source", "target", "kind", "strength"),  # an edge's state, the newest by id
}
BLOCK_COLS = ("id", "table", "tick", "data")


def wants_blocks(players: set[str], n_characters: int) -> bool:
    """Blocks for a headless world big enough for the row overhead to matter; rows otherwise."""
    return not players and n_characters >= BLOCK_CAST


def pack(table: str, rows: list[tuple], gone: list[str] | None = None) -> bytes | None:
    """Rows of `table` (its header columns in `TABLES` order, then the JSON body, text or UTF-8 bytes) as block bytes;
    None when a body holds a raw newline (not JSON text from the writer: the rows then go as rows)."""
    names = TABLES[table]
    width = len(names)
    columns = list(zip(*rows, strict=True)) if rows else [()] * (width + 1)  # (one transpose in C)
    cols: dict[str, Any] = dict(zip(names, columns, strict=False))
    if "embedding" in cols:
        cols["embedding"] = [None if v is None else base64.b64encode(bytes(v)).decode() for v in cols["embedding"]]
    # bodies as bytes (`bulk_writer.body_bytes`) or JSON text; joined, the same bytes either way
    try:
        bodies = b"\n".join(columns[width])
    except TypeError:
        bodies = b"\n".join([b if isinstance(b, bytes) else b.encode() for b in columns[width]])
    if bodies.count(b"\n") != max(len(rows) - 1, 0):
        return None
    head = orjson.dumps({"n": len(rows), "cols": cols, "gone": gone or []})
    return head + b"\n" + bodies if rows else head


@dataclass
class Block:
    """One stored block, its header parsed and its bodies kept as bytes until asked for."""

    n: int
    cols: dict[str, list[Any]]
    gone: list[str]
    bodies: list[bytes]

    def body(self, i: int) -> Any:
        return orjson.loads(self.bodies[i])


def unpack(data: bytes) -> Block:
    """A block's bytes back as its header and its (still encoded) bodies; ValueError when damaged."""
    data = bytes(data)
    head, _, rest = data.partition(b"\n")
    try:
        h = orjson.loads(head)
        n, cols, gone = int(h["n"]), dict(h["cols"]), list(h["gone"])
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"a stored row block is damaged ({exc})") from None
    bodies = rest.split(b"\n") if n else []
    if len(bodies) != n or any(len(v) != n for v in cols.values()):
        raise ValueError(f"a stored row block holds {len(bodies)} bodies for {n} rows")
    return Block(n, cols, gone, bodies)


@dataclass
class BlockRows:
    """The rows blocks hold, per table, as a load sees them: id -> the row's header values and where
    its body is (timeline rows are keyed by seq, edge changes by (edge id, seq))."""

    last_id: int = 0
    tables: dict[str, dict[Any, tuple[dict[str, Any], Block, int]]] = field(default_factory=dict)

    @classmethod
    def read(cls, stored: list[tuple[int, str, bytes]]) -> BlockRows:
        """From `row_block` rows (id, table, data) in id (commit) order."""
        out = cls()
        for bid, table, data in stored:
            if table not in TABLES:
                raise ValueError(f"row block {bid} is of an unknown table {table!r}")
            block = unpack(data)
            held = out.tables.setdefault(table, {})
            names = TABLES[table]
            for i in range(block.n):
                values = {name: block.cols[name][i] for name in names}
                held[_key(table, values)] = (values, block, i)
            for gone in block.gone:
                held.pop(gone, None)
            out.last_id = max(out.last_id, int(bid))
        return out

    def rows(self, table: str, *, where: Any = None) -> list[tuple[dict[str, Any], Any]]:
        """(header values, parsed body) of the table's block rows, those `where(values)` keeps."""
        held = self.tables.get(table, {})
        return [(values, block.body(i)) for values, block, i in held.values() if where is None or where(values)]

    def ids(self, table: str) -> set[Any]:
        return set(self.tables.get(table, {}))


def _key(table: str, values: dict[str, Any]) -> Any:
    if table == "timeline":
        return values["seq"]
    if table == "edge_change":
        return (values["edge_id"], values["seq"])
    return values["id"]


def embedding_of(values: dict[str, Any]) -> bytes | None:
    text = values.get("embedding")
    return None if text is None else base64.b64decode(text)


def read_blocks(conn: Any) -> BlockRows:
    """The stored row blocks of this connection's snapshot (none in a run saved before they existed)."""
    from sqlalchemy import inspect as sa_inspect

    if not sa_inspect(conn).has_table("row_block"):
        return BlockRows()
    stored = conn.exec_driver_sql('SELECT id, "table", data FROM row_block ORDER BY id').fetchall()
    return BlockRows.read(list(stored))
