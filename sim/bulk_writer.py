"""The commit path of the store of record: everything that changed since the last commit, written
as a handful of bulk statements in one transaction.

The change journals are the world's and memory's own (unsaved facts, dirty edges and each edge's
history past what was saved, written and deleted memory items, the tick's timeline and decision
snapshots). New rows go in as one executemany INSERT per table; rows saved before (an edge whose
strength moved, a memory item that was touched) as one executemany UPDATE by id. Nothing is read
back, so a commit costs what changed, not what the run holds (Session.merge did a SELECT and a
flush per row). Rows are tuples and bodies JSON text from pydantic's serializer in one call each
(bytes where a headless town's row block joins them: `body_bytes`); `sim/row_writer.py` hands
them to the driver. Rows naming a player are found by a scan of that
text and sealed by the store's own helpers (`RunStore._seal`, `_memory_owners`, `_cause_owners`):
the row boundary stays the store's; only the batching is here.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Engine
from sqlalchemy.schema import CreateIndex, DropIndex

from townsfolk.memory.embeddings import encode_vector
from townsfolk.memory.store import MemoryStore
from townsfolk.memory.tables import MemoryRow
from townsfolk.sim.crypto_shred import seal_bytes
from townsfolk.sim.edge_blocks import BLOCK_COLS, edge_block_rows
from townsfolk.sim.edge_rows import CHANGE_COLS, EDGE_COLS, MOVED_COLS, edge_columns, edge_rows
from townsfolk.sim.log import LogEntry
from townsfolk.sim.minds_rows import minds_rows
from townsfolk.sim.row_blocks import BLOCK_COLS as ROW_BLOCK_COLS
from townsfolk.sim.row_blocks import (
    bodies_array,
    body_text,
    pack,
    pack_cols,
    pack_columns,
    wants_blocks,
)
from townsfolk.sim.row_writer import CHUNK, Encoded, encode, row_writer
from townsfolk.sim.tables import DecisionRow, LogRow, MindArrayRow, MindEntryRow, RowBlockRow
from townsfolk.world.tables import (
    CharacterRow,
    EdgeBlockRow,
    EdgeChangeRow,
    EdgeRow,
    FactRow,
    RunRow,
)
from townsfolk.world.world import World

if TYPE_CHECKING:
    from townsfolk.sim.run_store import RunStore

__all__ = ["CHUNK", "Encoded", "body_bytes", "body_json", "write_tick"]

T_DECISION, T_LOG, T_FACT = DecisionRow.__table__, LogRow.__table__, FactRow.__table__  # type: ignore[attr-defined]
T_EDGE, T_CHANGE = EdgeRow.__table__, EdgeChangeRow.__table__  # type: ignore[attr-defined]
T_MEMORY, T_RUN = MemoryRow.__table__, RunRow.__table__  # type: ignore[attr-defined]
T_CHARACTER, T_EDGE_BLOCK = CharacterRow.__table__, EdgeBlockRow.__table__  # type: ignore[attr-defined]
T_MIND_ARRAY, T_MIND_ENTRY = MindArrayRow.__table__, MindEntryRow.__table__  # type: ignore[attr-defined]
T_ROW_BLOCK = RowBlockRow.__table__  # type: ignore[attr-defined]

DECISION_COLS = ("seq", "tick", "npc", "outcome", "data")
FACT_COLS = ("id", "seq", "tick", "kind", "data")
MEMORY_COLS = ("kind", "seq", "holder", "about", "tick", "private", "data", "embedding")
LOG_COLS = ("seq", "tick", "kind", "data")
CHARACTER_COLS = ("id", "seq", "name", "is_player", "data")
MIND_ARRAY_COLS = ("id", "name", "block", "dtype", "width", "data")
MIND_ENTRY_COLS = ("id", "part", "data")
BULK_ROWS = 20_000  # edge and change rows of a first commit from which indexes are built after the rows
_ID, _HOLDER, _TICK = itemgetter("id"), itemgetter("holder"), itemgetter("tick")


def body_json(model: Any, **kw: Any) -> Encoded:
    """A pydantic model as the JSON text of its row (what model_dump_json gives, minus the wrapper)."""
    serializer = getattr(model, "__pydantic_serializer__", None)
    if serializer is None:  # a view that is not itself a model (it says how it dumps)
        return Encoded(model.model_dump_json(**kw))
    return Encoded(serializer.to_json(model, **kw).decode())


def body_bytes(model: Any) -> bytes:
    """A model's JSON as the UTF-8 bytes a row block joins (sim/row_blocks.py): `body_json` without
    its text and `Encoded` copies, which were 40% of a body's cost in a headless commit."""
    serializer = getattr(model, "__pydantic_serializer__", None)
    if serializer is None:
        return model.model_dump_json().encode()
    return serializer.to_json(model)


def _memory_block(store: RunStore, memory: MemoryStore, written: list[tuple[str, Any]]
                  ) -> tuple[dict[str, list], list[Any], bytes]:
    """The written memory items as a row block's columns (sim/row_blocks.py `TABLES`), models and
    bodies (`bodies_array`), each item given its seq (a new one for an item not saved before), as
    the row loop gives it. One pass over the items: the columns are read from each chunk's field
    dicts as orjson leaves them (a late tick of a 10k town writes thousands of items spread over a
    heap of gigabytes: a pass for the columns and one for the bodies met each item cold twice)."""
    kinds, items = (list(c) for c in zip(*written, strict=True)) if written else ([], [])
    beliefs = [i for i, kind in enumerate(kinds) if kind == "belief"]  # their `about` is their claim's
    ids: list[str] = []
    holders: list[str] = []
    ticks: list[int] = []
    private: list[bool] = []
    about: list[str | None] = []

    def read(start: int, fields: list[dict[str, Any]]) -> None:
        # each column one C-level map over the chunk's field dicts (a tuple per item, taken apart
        # again, was a third of a 10k town's memory block)
        ids.extend(map(_ID, fields))
        holders.extend(map(_HOLDER, fields))
        ticks.extend(map(_TICK, fields))
        private.extend(map(dict.get, fields, repeat("private"), repeat(False)))
        about.extend(map(dict.get, fields, repeat("about")))
        for i in beliefs[bisect_left(beliefs, start):bisect_left(beliefs, start + len(fields))]:
            about[i] = fields[i - start]["claim"].about

    try:
        bodies = bodies_array(items, read)
    except (AttributeError, KeyError):  # an item that is no model of the four kinds: read as attributes
        ids, holders, ticks = [i.id for i in items], [i.holder for i in items], [i.tick for i in items]
        private = [getattr(i, "private", False) for i in items]
        about = [i.claim.about if k == "belief" else getattr(i, "about", None) for k, i in written]
        bodies = bodies_array(items)
    memory_seq = store._memory_seq  # noqa: SLF001
    seqs = list(map(memory_seq.get, ids))
    fresh = seqs.count(None)
    if fresh:  # items not saved before: the next seqs, in the order written
        seq = store._next_memory_seq  # noqa: SLF001
        if fresh == len(seqs):  # (a tick's usual: all new, one range; an id twice keeps its last, as below)
            seqs = list(range(seq + 1, seq + 1 + fresh))
            memory_seq.update(zip(ids, seqs, strict=True))
            seq += fresh
        else:
            for i, known in enumerate(seqs):
                if known is None:
                    seq += 1
                    seqs[i] = memory_seq[ids[i]] = seq
        store._next_memory_seq = seq  # noqa: SLF001
    vectors = memory.vectors
    cols = {"id": ids, "kind": kinds, "seq": seqs, "holder": holders, "about": about, "tick": ticks,
            "private": private,
            "embedding": [None if v is None else encode_vector(v) for v in map(vectors.get, ids)] if vectors
            else [None] * len(ids)}
    return cols, items, bodies


def _model_block(models: list[Any], names: tuple[str, ...]) -> tuple[dict[str, list], bytes]:
    """The named fields of these models as columns, and their bodies (`bodies_array`), read in one
    pass (as `_memory_block` reads its items)."""
    cols: dict[str, list] = {name: [] for name in names}
    getters = [(cols[name].extend, itemgetter(name)) for name in names]

    def read(_start: int, fields: list[dict[str, Any]]) -> None:
        # each column one C-level map over the chunk's field dicts (a tuple per model taken apart
        # again by a transpose was half of this block's cost past the bodies)
        for extend, get in getters:
            extend(map(get, fields))

    try:
        return cols, bodies_array(models, read)
    except (AttributeError, KeyError):  # a model whose fields are not its __dict__: read as attributes
        got = attrgetter(*names)
        return ({name: list(c) for name, c in zip(names, zip(*map(got, models), strict=True), strict=True)}
                if models else {name: [] for name in names}), bodies_array(models)


def _as_text(rows: list[tuple], at: int) -> list[tuple]:
    """Rows whose body (at `at`) is a model or block bytes, with JSON text bodies instead: rows for the table."""
    return [(*r[:at], _text(r[at]), *r[at + 1:]) for r in rows]


def _edge_text(table: str, rows: list[tuple]) -> list[tuple]:
    """Edge or change rows whose body is its block columns (sim/edge_rows.py `columns`), with the JSON
    text of the body instead: rows for the table (a block that could not be made)."""
    return [(*r[:-1], Encoded(body_text(table, r[:-1], r[-1]))) for r in rows]


def _text(body: Any) -> Any:
    if isinstance(body, bytes):
        return Encoded(body.decode())
    return body if isinstance(body, str) else body_json(body)


def write_characters(target: Any, world: World) -> None:
    """The cast as one executemany of tuples (an ORM row per character was 9 s of a 10k town's
    create); `target` is the store's engine or the connection of its open transaction."""
    rows = [(c.id, seq, c.name, c.is_player, body_json(c)) for seq, c in enumerate(world.characters.values())]
    if rows:
        with row_writer(target) as w:
            w.insert(T_CHARACTER, CHARACTER_COLS, rows)


def write_tick(store: RunStore, world: World, memory: MemoryStore, log: list[LogEntry], *,
               finished: bool = False, extra: dict[str, Any] | None = None,
               decisions: list[Any] | None = None) -> None:
    """Write everything that changed since the last commit, and the tick, in one transaction.

    A commit that fails (disk full, I/O error) is rolled back whole, like a crash: the file ends at
    the last committed tick. The journals it took are gone, so this store refuses further commits
    (RunStoreError) instead of writing later ticks over a gap; reopen the run to go on from what is
    on disk, or `rewrite` it from memory."""
    from townsfolk.sim.run_store import RunStoreError  # the store imports this module

    if store._commit_failed:  # noqa: SLF001
        raise RunStoreError(f"{store.db}: an earlier commit failed ({store._commit_failed}); the run on disk "  # noqa: SLF001
                            "ends at its last committed tick: open it again to continue from there")
    try:
        _write_tick(store, world, memory, log, finished=finished, extra=extra, decisions=decisions)
    except RunStoreError:
        raise
    except Exception as exc:
        store._commit_failed = f"{type(exc).__name__}: {exc}"  # noqa: SLF001
        raise RunStoreError(f"{store.db}: the commit of tick {world.tick} failed ({store._commit_failed}); "  # noqa: SLF001
                            "nothing of it was written: open the run again to continue from its last "
                            "committed tick") from exc


def _write_tick(store: RunStore, world: World, memory: MemoryStore, log: list[LogEntry], *,
                finished: bool, extra: dict[str, Any] | None, decisions: list[Any] | None) -> None:
    store.acquire_writer()
    store.ensure_edge_seq()  # (a run saved before edges kept their graph row)
    # the minds go to their own tables as changes (sim/minds_rows.py), not into the run row's JSON;
    # extra["minds"] is the live Minds (cheapest) or the dict its state() made. First: the affect
    # arrays the tick just settled are still in cache (after the memory block they were not, and
    # the step's pass over them cost half as much again)
    mind = None
    if extra is not None and "minds" in extra:
        # one tick's length: a commit after one tick saves the fast affect as that tick's step
        mind = minds_rows(store._minds_saved, extra["minds"], world.clock.tick_length.total_seconds())  # noqa: SLF001
        extra = {k: v for k, v in extra.items() if k != "minds"}
        store.ensure_minds_tables()
    store._cause_memo = {}  # noqa: SLF001  # what a fact or memory item names, for this commit
    players = store._players(world)  # noqa: SLF001
    if players:
        def seal(body: Any, owners: set[str] | None = None) -> Any:
            return store._seal(body, players, owners)  # noqa: SLF001
    else:  # no player, nothing to seal: skip the scan of every body
        def seal(body: Any, owners: set[str] | None = None) -> Any:
            return body

    # a headless town's rows go in blocks: their header values as columns and the models themselves,
    # a block's bodies encoded in one call (sim/row_blocks.py `pack_columns`); no row tuples
    as_blocks = wants_blocks(players, len(world.characters))
    body_of = body_json

    decision_rows = []
    clock = world.clock
    seq = store._decision_seq  # noqa: SLF001
    for d in decisions or []:
        seq += 1
        # the tick the decision was taken at (a batched commit carries several ticks' decisions)
        tick = int((d.at - clock.start) // clock.tick_length) if getattr(d, "at", None) else world.tick
        decision_rows.append((seq, tick, d.npc, d.outcome, seal(body_json(d))))  # (rows, never a block)
    store._decision_seq = seq  # noqa: SLF001
    fact_rows = []
    fact_block: tuple[dict[str, list], list, bytes] | None = None
    seq = store._fact_seq  # noqa: SLF001
    if as_blocks:
        facts = world.facts.take_unsaved()
        f_cols, f_bodies = _model_block(facts, ("id", "tick", "kind"))
        fact_block = ({"id": f_cols["id"], "seq": list(range(seq + 1, seq + 1 + len(facts))), "tick": f_cols["tick"],
                       "kind": f_cols["kind"]}, facts, f_bodies)
        seq += len(facts)
    else:
        for fact in world.facts.take_unsaved():
            seq += 1
            fact_rows.append((fact.id, seq, fact.tick, fact.kind, seal(body_of(fact))))
    store._fact_seq = seq  # noqa: SLF001
    saved = store._history_saved  # noqa: SLF001
    first_edges = saved.edges == saved.changes == 0
    block_rows = []
    cols = world.graph.columns
    if first_edges and not players and cols.n + world.graph.log.n >= BULK_ROWS:
        # a whole town with no player in it: its edges and changes as column blocks (sim/edge_blocks.py)
        block_rows = edge_block_rows(world)
        cols.dirty[:cols.n] = False
        saved.edges, saved.changes, saved.blocks = cols.n, world.graph.log.n, True
    edge_cols = None  # a headless town's edges as a row block's columns (sim/edge_rows.py `edge_columns`)
    if as_blocks:
        edge_cols = edge_columns(store, world)
        new_edges, moved_edges, change_rows = [], [], []
        n_edge_rows = len(edge_cols.edges["id"]) + len(edge_cols.changes["edge_id"])
    else:
        new_edges, moved_edges, change_rows = edge_rows(store, world, memory, players, seal, body_of,
                                                        full_rows=store._row_blocks_held)  # noqa: SLF001
        n_edge_rows = len(new_edges) + len(change_rows)
    # a whole town's edges into empty tables: their secondary indexes are built once after the rows
    # (each row kept in them as it goes was ~20% of a 10k town's first commit)
    bulk = first_edges and n_edge_rows >= BULK_ROWS
    written, deleted = memory.take_changes()
    new_items, touched_items = [], []
    memory_seq = store._memory_seq  # noqa: SLF001
    vectors = memory.vectors
    memory_block = _memory_block(store, memory, written) if as_blocks else None
    for kind, item in () if as_blocks else written:
        item_id = item.id  # type: ignore[attr-defined]
        seq = memory_seq.get(item_id)
        fresh = seq is None
        if fresh:
            store._next_memory_seq += 1  # noqa: SLF001
            seq = memory_seq[item_id] = store._next_memory_seq  # noqa: SLF001
        about = item.claim.about if kind == "belief" else getattr(item, "about", None)  # type: ignore[attr-defined]
        vec = vectors.get(item_id)
        body = body_of(item)
        owners = store._memory_owners(world, item, body, players) if players else None  # noqa: SLF001
        row = (kind, seq, item.holder, about, item.tick, getattr(item, "private", False),  # type: ignore[attr-defined]
               store._sealed_text(body, owners) if owners else body,  # noqa: SLF001
               None if vec is None else seal_bytes(store.keys, owners or (), encode_vector(vec)))
        if fresh:
            new_items.append((item_id, *row))
        else:
            touched_items.append((*row, item_id))
    gone = [item_id for _kind, item_id in deleted]
    for item_id in gone:
        memory_seq.pop(item_id, None)
    log_rows = []
    seq = store._log_seq  # noqa: SLF001
    log_block = None
    if as_blocks:
        l_cols, l_bodies = _model_block(log, ("tick", "kind"))
        log_block = ({"seq": list(range(seq + 1, seq + 1 + len(log))), "tick": l_cols["tick"], "kind": l_cols["kind"]},
                     log, l_bodies)
        seq += len(log)
    for entry in () if as_blocks else log:
        seq += 1
        body = body_of(entry)
        if players:
            body = store._sealed_text(body, store._log_owners(world, memory, body, entry.ids, players))  # noqa: SLF001
        log_rows.append((seq, entry.tick, entry.kind, body))
    store._log_seq = seq  # noqa: SLF001
    # a headless town's appended rows as one block per table (sim/row_blocks.py)
    row_blocks: list[tuple] = []
    memory_row_gone: list[str] = []  # rows whose id this commit writes or deletes in a block
    edge_row_gone: list[str] = []  # edge rows a block's newer state supersedes
    if as_blocks:
        store.ensure_row_block_table()

        def add_block(table: str, rows: list[tuple] | None, gone_ids: list[str] | None = None,
                      packed: bytes | None = None) -> bool:
            data = pack(table, rows, gone_ids) if rows is not None else packed
            if data is None:
                return False
            store._row_block_seq += 1  # noqa: SLF001
            row_blocks.append((store._row_block_seq, table, world.tick, data))  # noqa: SLF001
            return True

        def add_columns(table: str, cols: dict[str, list], models: list, bodies: bytes,
                        gone_ids: list[str] | None = None) -> None:
            store._row_block_seq += 1  # noqa: SLF001
            row_blocks.append((store._row_block_seq, table, world.tick,  # noqa: SLF001
                               pack_columns(table, cols, models, gone_ids, bodies)))

        if fact_block is not None and fact_block[1]:
            add_columns("fact", *fact_block)
        assert edge_cols is not None
        if edge_cols.changes["edge_id"] and not add_block(
                "edge_change", None, packed=pack_cols("edge_change", edge_cols.changes, edge_cols.change_body)):
            change_rows = _edge_text("edge_change", edge_cols.change_rows())  # (as rows: text)
        if log_block is not None and log_block[1]:
            add_columns("timeline", *log_block)
        ties = edge_cols.edges["id"]  # new and moved edges, as EDGE_COLS
        if ties and not bulk and add_block("edge", None, packed=pack_cols("edge", edge_cols.edges, edge_cols.edge_body)):
            if store._edge_rows:  # noqa: SLF001
                edge_row_gone = list(ties)
        elif ties:
            new_edges, moved_edges = (_edge_text("edge", r) for r in edge_cols.edge_rows())
        if memory_block is not None and (memory_block[1] or gone):
            add_columns("memory_item", *memory_block, gone)
            if store._memory_rows:  # noqa: SLF001
                memory_row_gone = memory_block[0]["id"] + gone
            gone = []
        store._row_blocks_held = store._row_blocks_held or bool(row_blocks)  # noqa: SLF001
    elif store._row_blocks_held and gone:  # noqa: SLF001
        # rows again (a player joined): a deleted item may live in a block, so the block is told too
        store.ensure_row_block_table()
        store._row_block_seq += 1  # noqa: SLF001
        row_blocks.append((store._row_block_seq, "memory_item", world.tick, pack("memory_item", [], gone)))  # noqa: SLF001
    if new_items or touched_items:
        store._memory_rows = True  # noqa: SLF001
    if new_edges or moved_edges:
        store._edge_rows = True  # noqa: SLF001
    run_values: dict[str, Any] = {"last_tick": world.tick, "finished": finished,
                                  "rng_state": encode(world.rng_state()), "counters": encode(dict(world.counters))}
    if extra is not None:
        run_values["extra"] = encode(store._seal_extra(extra, players))  # noqa: SLF001

    with row_writer(store.engine) as w:
        for table, cols, rows in ((T_DECISION, DECISION_COLS, decision_rows), (T_FACT, FACT_COLS, fact_rows),
                                  (T_MEMORY, ("id", *MEMORY_COLS), new_items), (T_LOG, LOG_COLS, log_rows)):
            if rows:
                w.insert(table, cols, rows)
        indexes = [i for t in (T_EDGE, T_CHANGE) for i in sorted(t.indexes, key=lambda i: i.name)] if bulk else []
        for index in indexes:
            w.ddl(DropIndex(index))
        for table, cols, rows in ((T_EDGE, EDGE_COLS, new_edges), (T_CHANGE, CHANGE_COLS, change_rows)):
            if rows:
                w.insert(table, cols, rows, encoded=True)
        for index in indexes:
            w.ddl(CreateIndex(index))
        if block_rows:
            w.delete_ids(T_EDGE_BLOCK, [r[0] for r in block_rows])
            w.insert(T_EDGE_BLOCK, BLOCK_COLS, block_rows)
        if edge_row_gone:
            w.delete_ids(T_EDGE, edge_row_gone)
        if moved_edges and (saved.blocks or store._row_blocks_held):  # noqa: SLF001  # full rows (edge_rows)
            w.upsert(T_EDGE, EDGE_COLS, moved_edges, set_cols=MOVED_COLS, encoded=True)
        elif moved_edges:
            w.update(T_EDGE, MOVED_COLS, moved_edges, encoded=True)
        if touched_items and store._row_blocks_held:  # noqa: SLF001  # the item may be in a block only
            w.upsert(T_MEMORY, ("id", *MEMORY_COLS), [(r[-1], *r[:-1]) for r in touched_items])
        elif touched_items:
            w.update(T_MEMORY, MEMORY_COLS, touched_items)
        if gone or memory_row_gone:
            w.delete_ids(T_MEMORY, gone + memory_row_gone)
        if row_blocks:
            w.insert(T_ROW_BLOCK, ROW_BLOCK_COLS, row_blocks)
        if mind is not None:
            for table, cols, ids, rows in ((T_MIND_ARRAY, MIND_ARRAY_COLS, mind.gone_blocks, mind.blocks),
                                           (T_MIND_ENTRY, MIND_ENTRY_COLS, mind.gone_entries, mind.entries)):
                rewritten = {r[0] for r in rows}
                gone_ids = [i for i in ids if i not in rewritten]  # blocks past a shrunk array's end
                if gone_ids:
                    w.delete_ids(table, gone_ids)
                if rows:
                    w.upsert(table, cols, rows)
        if w.update_run(T_RUN, run_values) == 0:
            from townsfolk.sim.run_store import RunStoreError  # the store imports this module

            raise RunStoreError(f"{store.db} holds no run")
    if bulk or block_rows:
        _fold_log(store.engine)


def _fold_log(target: Any) -> None:
    """Fold a big first commit's write-ahead log into the SQLite file and cut the log to nothing,
    as part of that commit: left to the autocheckpoint, the next tick's commit copied its ~200 MB
    and truncated the file (40 ms of a 10k town's first tick). A reader still on an older snapshot
    is waited for a moment only; then the log stays as it is, folded later as before."""
    if isinstance(target, Engine) and target.dialect.name == "sqlite":
        with target.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("PRAGMA busy_timeout=200")
            try:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            finally:
                conn.exec_driver_sql("PRAGMA busy_timeout=5000")
