"""The commit path of the store of record: everything that changed since the last commit, written
as a handful of bulk statements in one transaction.

The change journals are the world's and memory's own (unsaved facts, dirty edges and each edge's
history past what was saved, written and deleted memory items, the tick's timeline and decision
snapshots). New rows go in as one executemany INSERT per table; rows saved before (an edge whose
strength moved, a memory item that was touched) as one executemany UPDATE by id. Nothing is read
back, so a commit costs what changed, not what the run holds (Session.merge did a SELECT and a
flush per row). Rows naming a player are sealed by the store's own helpers (`RunStore._seal`,
`_memory_owners`, `_cause_owners`): the row boundary stays the store's; only the batching is here.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, bindparam, delete, update
from sqlalchemy.engine import Connection

from townsfolk.memory.embeddings import encode_vector
from townsfolk.memory.store import MemoryStore
from townsfolk.memory.tables import MemoryRow
from townsfolk.sim.crypto_shred import seal_bytes, seal_json
from townsfolk.sim.log import LogEntry
from townsfolk.sim.tables import DecisionRow, LogRow
from townsfolk.world.tables import EdgeChangeRow, EdgeRow, FactRow, RunRow
from townsfolk.world.world import World

if TYPE_CHECKING:
    from collections.abc import Iterator

    from townsfolk.sim.run_store import RunStore

CHUNK = 500  # ids per IN (...) list: well under every database's bound-parameter limit

T_DECISION, T_LOG, T_FACT = DecisionRow.__table__, LogRow.__table__, FactRow.__table__  # type: ignore[attr-defined]
T_EDGE, T_CHANGE = EdgeRow.__table__, EdgeChangeRow.__table__  # type: ignore[attr-defined]
T_MEMORY, T_RUN = MemoryRow.__table__, RunRow.__table__  # type: ignore[attr-defined]


def _json_columns(table: Any) -> set[str]:
    return {c.name for c in table.columns if isinstance(c.type, JSON)}


def _cell(value: Any, is_json: bool) -> Any:
    return json.dumps(value, ensure_ascii=False) if is_json and not isinstance(value, Encoded) else value


def _update(conn: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """One executemany UPDATE by id (`b_id` in each row); on SQLite straight to the driver, as `_insert`."""
    if conn.dialect.name != "sqlite":
        conn.execute(update(table).where(table.c.id == bindparam("b_id")), rows)
        return
    cols = [c for c in rows[0] if c != "b_id"]
    js = _json_columns(table)
    sql = f'UPDATE "{table.name}" SET {", ".join(f"{chr(34)}{c}{chr(34)} = ?" for c in cols)} WHERE "id" = ?'
    conn.exec_driver_sql(sql, [(*(_cell(r[c], c in js) for c in cols), r["b_id"]) for r in rows])


def _insert(conn: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """One executemany INSERT. On SQLite the rows go to the driver as tuples with the JSON already
    encoded (as the engine's serializer would: UTF-8, not escaped), skipping SQLAlchemy's per-value
    processing, which was most of a first commit's time; other databases take SQLAlchemy's path."""
    if conn.dialect.name != "sqlite":
        conn.execute(table.insert(), rows)
        return
    cols = list(rows[0])
    js = _json_columns(table)
    enc = [c in js for c in cols]
    sql = (f'INSERT INTO "{table.name}" ({", ".join(f"{chr(34)}{c}{chr(34)}" for c in cols)}) '
           f'VALUES ({", ".join("?" for _ in cols)})')
    conn.exec_driver_sql(sql, [tuple(json.dumps(r[c], ensure_ascii=False) if e and not isinstance(r[c], Encoded)
                                     else r[c]
                                     for c, e in zip(cols, enc, strict=True)) for r in rows])


class Encoded(str):
    """A row body already encoded as JSON (by pydantic, in one call): inserted as it is."""


@contextmanager
def _transaction(store: RunStore) -> Iterator[Connection]:
    """The store's connection inside a transaction: its own, or the one a rewrite already holds."""
    if isinstance(store.engine, Connection):  # inside RunStore._one_transaction: join it
        yield store.engine
        return
    with store.engine.begin() as conn:
        yield conn


def write_tick(store: RunStore, world: World, memory: MemoryStore, log: list[LogEntry], *,
               finished: bool = False, extra: dict[str, Any] | None = None,
               decisions: list[Any] | None = None) -> None:
    """Write everything that changed since the last commit, and the tick, in one transaction."""
    store.acquire_writer()
    players = store._players(world)  # noqa: SLF001
    if players:
        def seal(body: dict[str, Any], owners: set[str] | None = None) -> dict[str, Any]:
            return store._seal(body, players, owners)  # noqa: SLF001
    else:  # no player, nothing to seal: skip the walk over every body
        def seal(body: dict[str, Any], owners: set[str] | None = None) -> dict[str, Any]:
            return body
    # nothing to seal and a SQLite file: bodies go straight from pydantic to JSON text in one call
    fast = not players and store.engine.dialect.name == "sqlite"

    def body_of(model: Any, **kw: Any) -> Any:
        return Encoded(model.model_dump_json(**kw)) if fast else model.model_dump(mode="json", **kw)

    decision_rows = []
    clock = world.clock
    for d in decisions or []:
        store._decision_seq += 1  # noqa: SLF001
        # the tick the decision was taken at (a batched commit carries several ticks' decisions)
        tick = int((d.at - clock.start) // clock.tick_length) if getattr(d, "at", None) else world.tick
        decision_rows.append({"seq": store._decision_seq, "tick": tick, "npc": d.npc,  # noqa: SLF001
                              "outcome": d.outcome, "data": seal(body_of(d))})
    fact_rows = []
    for fact in world.facts.take_unsaved():
        store._fact_seq += 1  # noqa: SLF001
        fact_rows.append({"id": fact.id, "seq": store._fact_seq, "tick": fact.tick, "kind": fact.kind,  # noqa: SLF001
                          "data": seal(body_of(fact))})
    new_edges, moved_edges, change_rows = [], [], []
    saved_history = store._history_saved  # noqa: SLF001
    for edge in world.graph.take_dirty():
        edge_id = "|".join(edge.key)
        body = body_of(edge, exclude={"history"})
        saved = saved_history.get(edge_id)
        row = {"source": edge.source, "target": edge.target, "kind": edge.kind, "strength": edge.strength,
               "data": seal(body)}
        if saved is None:
            new_edges.append({"id": edge_id, **row})
            saved = 0
        else:
            moved_edges.append({"b_id": edge_id, **row})
        for seq, change in enumerate(edge.history[saved:], start=saved):
            owners = None
            if players:
                owners = store._cause_owners(world, memory, change.cause.kind, change.cause.id, players)  # noqa: SLF001
                owners |= {p for p in (edge.source, edge.target) if p in players}
            change_rows.append({"edge_id": edge_id, "seq": seq, "tick": change.tick, "cause_kind": change.cause.kind,
                                "cause_id": change.cause.id, "data": seal(body_of(change), owners)})
        saved_history[edge_id] = len(edge.history)
    written, deleted = memory.take_changes()
    new_items, touched_items = [], []
    for kind, item in written:
        seq = store._memory_seq.get(item.id)  # type: ignore[attr-defined]  # noqa: SLF001
        fresh = seq is None
        if fresh:
            store._next_memory_seq += 1  # noqa: SLF001
            seq = store._memory_seq[item.id] = store._next_memory_seq  # type: ignore[attr-defined]  # noqa: SLF001
        about = item.claim.about if kind == "belief" else getattr(item, "about", None)  # type: ignore[attr-defined]
        vec = memory.vectors.get(item.id)  # type: ignore[attr-defined]
        body = body_of(item)
        owners = store._memory_owners(world, item, body, players) if players else set()  # noqa: SLF001
        row = {"kind": kind, "seq": seq, "holder": item.holder, "about": about, "tick": item.tick,  # type: ignore[attr-defined]
               "private": getattr(item, "private", False),
               "data": seal_json(store.keys, owners, body) if owners else body,
               "embedding": None if vec is None else seal_bytes(store.keys, owners, encode_vector(vec))}
        if fresh:
            new_items.append({"id": item.id, **row})  # type: ignore[attr-defined]
        else:
            touched_items.append({"b_id": item.id, **row})  # type: ignore[attr-defined]
    gone = [item_id for _kind, item_id in deleted]
    for item_id in gone:
        store._memory_seq.pop(item_id, None)  # noqa: SLF001
    log_rows = []
    for entry in log:
        store._log_seq += 1  # noqa: SLF001
        body = body_of(entry)
        log_rows.append({"seq": store._log_seq, "tick": entry.tick, "kind": entry.kind,  # noqa: SLF001
                         "data": seal(body, store._log_owners(world, memory, body, players) if players else None)})  # noqa: SLF001
    run_values: dict[str, Any] = {"last_tick": world.tick, "finished": finished, "rng_state": world.rng_state(),
                                  "counters": dict(world.counters)}
    if extra is not None:
        run_values["extra"] = store._seal_extra(extra, players)  # noqa: SLF001

    with _transaction(store) as conn:
        for table, rows in ((T_DECISION, decision_rows), (T_FACT, fact_rows), (T_EDGE, new_edges),
                            (T_CHANGE, change_rows), (T_MEMORY, new_items), (T_LOG, log_rows)):
            if rows:
                _insert(conn, table, rows)
        for table, rows in ((T_EDGE, moved_edges), (T_MEMORY, touched_items)):
            if rows:
                _update(conn, table, rows)
        for i in range(0, len(gone), CHUNK):
            conn.execute(delete(T_MEMORY).where(T_MEMORY.c.id.in_(gone[i:i + CHUNK])))
        done = conn.execute(update(T_RUN).where(T_RUN.c.id == 1).values(**run_values))
        if done.rowcount == 0:
            from townsfolk.sim.run_store import RunStoreError  # the store imports this module

            raise RunStoreError(f"{store.db} holds no run")
