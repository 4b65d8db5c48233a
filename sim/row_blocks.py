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

Bodies as one array (header `"bodies": "array"`, written since session 18): a commit's memory items,
facts and timeline entries are handed over as the models themselves and their fields (`__dict__`,
nested models likewise) encoded by ONE orjson call for the whole block, a JSON array of the bodies;
a pydantic serializer call per body was ~10% of a 10k rumour town's tick. Parsed, each element is
the dict the row's JSON text parses to (the same field names and values: a load validates it into
the same model), so every reader works on both kinds of block. Blocks of one body per line (older
runs, bodies given as text) still load.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

import orjson
from pydantic import BaseModel

BLOCK_CAST = 1000  # a world with at least this many characters (and no player) writes blocks
TABLES = {  # the table a block stands for -> the columns its header holds, in row order
    "memory_item": ("id", "kind", "seq", "holder", "about", "tick", "private", "embedding"),
    "timeline": ("seq", "tick", "kind"),
    "fact": ("id", "seq", "tick", "kind"),
    "edge_change": ("edge_id", "seq", "tick", "cause_kind", "cause_id"),
    "edge": ("id", "source", "target", "kind", "strength", "seq"),  # an edge's state, the newest by id
}
# header columns blocks written before them lack: read as None (an edge's seq, its graph row, since session 19)
LATER_COLS = {"edge": ("seq",)}
BLOCK_COLS = ("id", "table", "tick", "data")
# an edge's and an edge change's body values no header column holds: a block of them stores these as
# columns too (header `"bodies": "cols"`), the body rebuilt at reading (`_rebuild`)
BODY_COLS = {
    "edge": ("since", "last_reinforced", "dormant_since"),
    "edge_change": ("time", "before", "after", "reason"),
}


def wants_blocks(players: set[str], n_characters: int) -> bool:
    """Blocks for a headless world big enough for the row overhead to matter; rows otherwise."""
    return not players and n_characters >= BLOCK_CAST


def pack(table: str, rows: list[tuple], gone: list[str] | None = None) -> bytes | None:
    """Rows of `table` (its header columns in `TABLES` order, then the body: JSON text, its UTF-8
    bytes, or the model itself) as block bytes. Models go as one array of their fields (`bodies_array`);
    an edge's or a change's the tuple of its `BODY_COLS` values (columns of the header); text
    bodies one per line, None when one holds a raw newline (not JSON text from the writer: the
    rows then go as rows)."""
    names = TABLES[table]
    width = len(names)
    columns = list(zip(*rows, strict=True)) if rows else [()] * (width + 1)  # (one transpose in C)
    cols: dict[str, Any] = dict(zip(names, columns, strict=False))
    if "embedding" in cols:
        cols["embedding"] = [None if v is None else base64.b64encode(bytes(v)).decode() for v in cols["embedding"]]
    given = columns[width]
    if rows and table in BODY_COLS and type(given[0]) is tuple:  # (sim/edge_rows.py `columns`)
        body = dict(zip(BODY_COLS[table], zip(*given, strict=True), strict=True))
        try:
            return orjson.dumps({"n": len(rows), "cols": cols, "gone": gone or [], "bodies": "cols", "table": table,
                                 "body": body})
        except TypeError:  # a text orjson refuses (a lone surrogate): the rows go as rows, bodies as text
            return None
    if rows and not isinstance(given[0], (bytes, str)):
        head = orjson.dumps({"n": len(rows), "cols": cols, "gone": gone or [], "bodies": "array"})
        return head + b"\n" + bodies_array(given)
    # bodies as bytes (`bulk_writer.body_bytes`) or JSON text; joined, the same bytes either way
    try:
        bodies = b"\n".join(given)
    except TypeError:
        bodies = b"\n".join([b if isinstance(b, bytes) else b.encode() for b in given])
    if bodies.count(b"\n") != max(len(rows) - 1, 0):
        return None
    head = orjson.dumps({"n": len(rows), "cols": cols, "gone": gone or []})
    return head + b"\n" + bodies if rows else head


def pack_cols(table: str, cols: dict[str, list[Any]], body: dict[str, list[Any]], gone: list[str] | None = None
              ) -> bytes | None:
    """`pack` of rows with body columns (an edge's, an edge change's: `BODY_COLS`) given as their
    columns (sim/edge_rows.py `edge_columns`): the bytes `pack` makes of the same rows; None when
    orjson refuses a text (a lone surrogate: the rows then go as rows)."""
    names, body_names = TABLES[table], BODY_COLS[table]
    n = len(cols[names[0]]) if names[0] in cols else -1
    if list(cols) != list(names) or set(body) != set(body_names) or n < 1 or any(
            len(v) != n for v in (*cols.values(), *body.values())):
        raise ValueError(f"columns {list(cols)} and body {sorted(body)} do not make a {table} block")
    try:
        return orjson.dumps({"n": n, "cols": cols, "gone": gone or [], "bodies": "cols", "table": table,
                             "body": {k: body[k] for k in body_names}})
    except TypeError:
        return None


def pack_columns(table: str, cols: dict[str, list[Any]], models: list[Any], gone: list[str] | None = None,
                 bodies: bytes | None = None) -> bytes:
    """`pack` of rows given as their header columns (by name) and their models, the bytes `pack`
    makes of the same rows: a commit's items and entries are not made row tuples to be taken
    apart again (a tuple per row and a transpose were ~3% of a 10k rumour town's tick). `bodies`:
    `bodies_array(models)` made already (its `read` gave the columns)."""
    names = TABLES[table]
    if set(cols) != set(names) or any(len(v) != len(models) for v in cols.values()):
        raise ValueError(f"columns {sorted(cols)} of {len(models)} {table} rows do not match {names}")
    cols = {name: cols[name] for name in names}
    if "embedding" in cols and cols["embedding"].count(None) != len(models):  # (a headless town's: none)
        cols["embedding"] = [None if v is None else base64.b64encode(bytes(v)).decode() for v in cols["embedding"]]
    if not models:
        return orjson.dumps({"n": 0, "cols": cols, "gone": gone or []})
    head = orjson.dumps({"n": len(models), "cols": cols, "gone": gone or [], "bodies": "array"})
    return head + b"\n" + (bodies_array(models) if bodies is None else bodies)


_PLAIN: dict[type, bool] = {}  # model class -> its JSON is its fields' values as they are (`_plain`)


def _plain(cls: type) -> bool:
    """Whether a model's JSON is its `__dict__` as orjson writes it: every field written, none by a
    serializer of its own, no computed fields, no extra fields kept beside `__dict__`. Checked once
    per class; a model that is not plain is written by its own serializer (`bodies_array`)."""
    known = _PLAIN.get(cls)
    if known is None:
        deco = getattr(cls, "__pydantic_decorators__", None)
        fields = getattr(cls, "model_fields", None)
        config = getattr(cls, "model_config", {})
        known = _PLAIN[cls] = bool(
            isinstance(cls, type) and issubclass(cls, BaseModel) and deco is not None and fields is not None
            and not (deco.field_serializers or deco.model_serializers or deco.computed_fields)
            and not any(f.exclude or f.alias or f.serialization_alias for f in fields.values())
            and config.get("extra") != "allow"
            and not any(k.startswith("ser_json") for k in config))
    return known


def _fields(value: Any) -> Any:
    """orjson's `default`: a nested plain model as its fields; anything else is refused (TypeError)."""
    if _PLAIN.get(type(value)) or _plain(type(value)):  # (a known class: one lookup, no call)
        return value.__dict__
    raise TypeError(type(value).__name__)


def _own_json(value: Any) -> orjson.Fragment:
    serializer = getattr(value, "__pydantic_serializer__", None)
    if serializer is None:  # a view that is not itself a model (it says how it dumps)
        return orjson.Fragment(value.model_dump_json())
    return orjson.Fragment(serializer.to_json(value))


BODY_CHUNK = 256  # bodies per orjson call: a chunk's fields (~1 KB an item) stay in cache for its columns


def bodies_array(models: Any, read: Callable[[int, list[dict[str, Any]]], None] | None = None) -> bytes:
    """The JSON array of these models' bodies by orjson over their fields (`_plain`), BODY_CHUNK
    models a call, the arrays joined (the bytes one call makes); when a model is not plain or a
    value is one orjson refuses (a set, a numpy number, an int past 64 bits), the block's models are
    each written by their own pydantic serializer instead.

    `read(start, fields)` is given each chunk's field dicts (`__dict__`) right after orjson walked
    them: a commit reads its block's columns from items still in cache (a late tick of a 10k town
    writes thousands, spread over a heap of gigabytes; a pass for the columns and another for the
    bodies each met them cold)."""
    models = list(models)
    parts: list[bytes] | None = []
    for start in range(0, len(models), BODY_CHUNK):
        chunk = models[start:start + BODY_CHUNK]
        if parts is not None and not all(map(_plain, set(map(type, chunk)))):
            parts = None
        if parts is None and read is None:
            continue
        fields = list(map(_FIELDS, chunk))  # (AttributeError for a view that is no model: `read` needs fields)
        if parts is not None:
            try:
                parts.append(orjson.dumps(fields, default=_fields, option=orjson.OPT_UTC_Z))
            except TypeError:  # orjson.JSONEncodeError is a TypeError
                parts = None
        if read is not None:
            read(start, fields)
    if parts is None:
        return orjson.dumps([_own_json(m) for m in models])
    if len(parts) < 2:
        return parts[0] if parts else b"[]"
    # one copy of the bodies: each chunk's array without its brackets as a view (no chunk is empty:
    # none is "[]"); slices, a join and two concatenations copied a late commit's ~1 MB four times
    pieces: list[Any] = [b"["]
    for p in parts:
        pieces += (memoryview(p)[1:-1], b",")
    pieces[-1] = b"]"
    return b"".join(pieces)


_FIELDS = attrgetter("__dict__")


@dataclass
class Block:
    """One stored block, its header parsed and its bodies kept as bytes until asked for (one per
    line), or parsed already (a block of one array: `parsed`)."""

    n: int
    cols: dict[str, list[Any]]
    gone: list[str]
    bodies: list[bytes]
    parsed: list[Any] | None = None

    def body(self, i: int) -> Any:
        if self.parsed is not None:
            return self.parsed[i]
        return orjson.loads(self.bodies[i])


def unpack(data: bytes) -> Block:
    """A block's bytes back as its header and its bodies; ValueError when damaged."""
    data = bytes(data)
    head, _, rest = data.partition(b"\n")
    try:
        h = orjson.loads(head)
        n, cols, gone = int(h["n"]), dict(h["cols"]), list(h["gone"])
        kind = h.get("bodies")
        parsed = orjson.loads(rest) if kind == "array" else None
        if kind == "cols":
            if h["table"] not in BODY_COLS:
                raise ValueError(f"body columns for a {h['table']!r} block")
            parsed = _rebuild(h["table"], n, cols, dict(h["body"]))
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"a stored row block is damaged ({exc})") from None
    if parsed is not None:
        if not isinstance(parsed, list) or len(parsed) != n or any(len(v) != n for v in cols.values()):
            raise ValueError(f"a stored row block holds {len(parsed) if isinstance(parsed, list) else 'no'} "
                             f"bodies for {n} rows")
        return Block(n, cols, gone, [], parsed)
    bodies = rest.split(b"\n") if n else []
    if len(bodies) != n or any(len(v) != n for v in cols.values()):
        raise ValueError(f"a stored row block holds {len(bodies)} bodies for {n} rows")
    return Block(n, cols, gone, bodies)


def _rebuild(table: str, n: int, cols: dict[str, list[Any]], body: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """The bodies of a block of body columns, each the dict its row's JSON text parses to (the keys
    in the order sim/edge_rows.py writes them)."""
    if set(body) != set(BODY_COLS[table]) or any(len(v) != n for v in (*cols.values(), *body.values())):
        raise ValueError(f"body columns of a {table} block do not match its {n} rows")
    if table == "edge":
        return [{"source": s, "target": t, "kind": k, "strength": st, "since": si, "last_reinforced": fed,
                 "dormant_since": d}
                for s, t, k, st, si, fed, d in zip(cols["source"], cols["target"], cols["kind"], cols["strength"],
                                                   body["since"], body["last_reinforced"], body["dormant_since"],
                                                   strict=True)]
    return [{"tick": tick, "time": when, "before": before, "after": after, "cause": {"kind": ck, "id": cid},
             "reason": reason}
            for tick, when, before, after, ck, cid, reason in zip(
                cols["tick"], body["time"], body["before"], body["after"], cols["cause_kind"], cols["cause_id"],
                body["reason"], strict=True)]


def body_text(table: str, values: tuple, body: Any) -> str:
    """A row's body as the JSON text a row of the table holds: a `BODY_COLS` tuple made a body."""
    if table in BODY_COLS and type(body) is tuple:
        cols = {name: [v] for name, v in zip(TABLES[table], values, strict=False)}
        made = _rebuild(table, 1, cols, {k: [v] for k, v in zip(BODY_COLS[table], body, strict=True)})[0]
        try:
            return orjson.dumps(made).decode()
        except TypeError:
            return json.dumps(made, ensure_ascii=False)
    return body


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
            for name in LATER_COLS.get(table, ()):
                block.cols.setdefault(name, [None] * block.n)
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
