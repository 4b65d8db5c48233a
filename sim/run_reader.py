"""Answers about a few characters of a saved run, read by indexed queries instead of a full load.

`why`, `inspect CHARACTER` and `memories` need the cast, the edges between or around one or two
characters and one holder's memory; loading a 2,000-NPC day run (98k edges, 100k edge changes)
for that took 5 s of CPU, and an unknown name waited for all of it before it was refused. A
`RunSlice` is a `World` and a `MemoryStore` holding only those rows, built by the same loaders
the full load uses (`load_edges`, `MemoryStore.load`), so `explain`, `memories_about` and
`print_inspection` answer from it exactly as from the whole run (tests/test_run_reader.py).
Rows are opened by `RunStore._open`, so a player's sealed rows read as in a full load.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import orjson

from townsfolk.memory.store import MemoryStore
from townsfolk.sim.edge_blocks import block_slice
from townsfolk.sim.edge_rows import load_edges
from townsfolk.sim.row_blocks import BlockRows, read_blocks
from townsfolk.sim.run_store import (
    MEMORY_MODELS,
    RunStore,
    RunStoreError,
    merged_changes,
    merged_edges,
)
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.facts import Fact
from townsfolk.world.relation_kinds import RelationKind, kinds_for
from townsfolk.world.world import World

_CHUNK = 500  # ids per IN (...) list: well under SQLite's bound on parameters


@dataclass
class RunSlice:
    """The part of a saved run one answer needs, as the objects a full load would make."""

    world: World
    memory: MemoryStore


class RunReader:
    """Reads parts of one saved run; each `slice_*` is one read snapshot of the database."""

    def __init__(self, db: str) -> None:
        """RunStoreError at once for a missing, foreign or empty database (as a full load gives)."""
        self.store = RunStore(db, must_exist=True)
        self.db = db
        self.extra = self.store.run_info().extra
        self._held: tuple[Any, BlockRows] | None = None  # the row blocks of the open snapshot

    def _blocks(self, conn: Any) -> BlockRows:
        """The run's row blocks (sim/row_blocks.py) as this snapshot holds them, read once per slice."""
        if self._held is None or self._held[0] is not conn:
            self._held = (conn, read_blocks(conn))
        return self._held[1]

    def _memory_rows(self, conn: Any, rows: list[tuple[Any, ...]], keep: Any) -> list[tuple[Any, ...]]:
        """Memory rows (id, kind, seq, data) a query found, with the block items `keep(values)` keeps
        (a row is the newest word on its id)."""
        held = self._blocks(conn)
        if not held.tables.get("memory_item"):
            return rows
        got = {r[0] for r in rows}
        return rows + [(v["id"], v["kind"], v["seq"], body) for v, body in
                       held.rows("memory_item", where=lambda v: v["id"] not in got and keep(v))]

    # --- rows --------------------------------------------------------------------------------
    def _rows(self, conn: Any, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of a query whose last column is a JSON body, that body opened (sealed or plain)."""
        cur = conn.connection.dbapi_connection.cursor()
        try:
            cur.execute(sql, tuple(params))
            rows = cur.fetchall()
        finally:
            cur.close()
        opener = self.store._open  # noqa: SLF001  # the store's one place rows are opened

        def body(data: Any) -> Any:
            if isinstance(data, str):
                return opener(json.loads(data)) if data.startswith('{"sealed"') else orjson.loads(data)
            return opener(data)

        return [(*row[:-1], body(row[-1])) for row in rows]

    def _by_ids(self, conn: Any, sql: str, ids: Iterable[str]) -> list[tuple[Any, ...]]:
        """`sql` with one `{ids}` placeholder for an IN list, run over `ids` in chunks."""
        wanted = list(dict.fromkeys(ids))
        out: list[tuple[Any, ...]] = []
        for i in range(0, len(wanted), _CHUNK):
            part = wanted[i:i + _CHUNK]
            out += self._rows(conn, sql.format(ids=",".join("?" * len(part))), part)
        return out

    def names(self) -> dict[str, str]:
        """id -> name of the whole cast, in the order characters were added (no JSON read)."""
        with self.store.engine.connect() as conn:
            return dict(conn.exec_driver_sql('SELECT id, name FROM "character" ORDER BY seq').fetchall())

    # --- slices ------------------------------------------------------------------------------
    def _shell(self, conn: Any) -> World:
        """The world with its cast and kinds of tie and nothing else (no edges, facts or memory)."""
        found = conn.exec_driver_sql(
            "SELECT title, language, seed, start, tick_seconds, last_tick FROM run WHERE id = 1").fetchone()
        if found is None:
            raise RunStoreError(f"{self.db} holds no run")
        title, language, seed, start, tick_seconds, last_tick = found
        clock = SimClock(start=datetime.fromisoformat(start), tick_length=timedelta(seconds=tick_seconds),
                         tick=max(last_tick, 0))
        world = World(clock=clock, seed=seed, language=language, title=title)
        for (data,) in self._rows(conn, 'SELECT data FROM "character" ORDER BY seq'):
            c = Character.model_validate(data)
            world.characters[c.id] = c
            world.graph.add_character(c.id)
        extra = self.extra
        made_from = extra.get("scenario") or (extra.get("headless") or {}).get("spec") or {}
        declared = made_from.get("relationship_kinds") or []
        world.relation_kinds = kinds_for([RelationKind.model_validate(k) for k in declared])
        return world

    def _edges(self, conn: Any, world: World, where: str, params: list[str], **ends: str) -> None:
        """The edges matching `where` (on the edge table) and all their changes, loaded into world;
        in a run whose first commit stored its edges as blocks, those matching `ends` too (C's
        sim/edge_blocks.block_slice: source=, target= or either= a character)."""
        edges = self._rows(conn, f"SELECT id, data FROM edge WHERE {where} ORDER BY id", params)
        held = self._blocks(conn)
        if held.tables.get("edge"):
            source, target, either = ends.get("source"), ends.get("target"), ends.get("either")
            edges = merged_edges(held, edges, where=lambda v: (source is None or v["source"] == source)
                                 and (target is None or v["target"] == target)
                                 and (either is None or either in (v["source"], v["target"])))

        def fetch(ids: list[str]) -> list[tuple[Any, ...]]:
            held = self._blocks(conn)
            if not held.tables.get("edge_change"):
                return self._by_ids(conn, "SELECT edge_id, data FROM edge_change WHERE edge_id IN ({ids}) "
                                    "ORDER BY edge_id, seq", ids)
            wanted = set(ids)
            found = self._by_ids(conn, "SELECT edge_id, seq, data FROM edge_change WHERE edge_id IN ({ids}) "
                                 "ORDER BY edge_id, seq", ids)
            return merged_changes(held, found, where=lambda v: v["edge_id"] in wanted)

        blocks = self.store._edge_blocks(conn)  # noqa: SLF001
        edges, changes = block_slice(blocks, edges, fetch, **ends) if blocks else (edges, fetch([e for e, _ in edges]))
        load_edges(world, edges, changes)

    @staticmethod
    def _memory(memory: MemoryStore, rows: list[tuple[Any, ...]]) -> None:
        """Memory rows (id, kind, seq, data) not loaded yet, put into `memory` in saved order (the
        order a full load puts them in, which `beliefs_of` and friends list them by)."""
        for item_id, kind, _seq, data in sorted(rows, key=lambda r: r[2]):
            if memory.get_or_none(item_id) is None:
                memory.load(kind, MEMORY_MODELS[kind].model_validate(data))

    def _with_ancestors(self, conn: Any, memory: MemoryStore, ids: Iterable[str]) -> None:
        """Memory items by id, then the beliefs they came from, back to first-hand (chain_of's walk)."""
        wanted = [i for i in ids if i and memory.get_or_none(i) is None]
        while wanted:
            asked = set(wanted)
            rows = self._memory_rows(conn, self._by_ids(conn, "SELECT id, kind, seq, data FROM memory_item "
                                                        "WHERE id IN ({ids})", wanted), lambda v, asked=asked: v["id"] in asked)
            self._memory(memory, rows)
            parents = [getattr(memory.get_or_none(r[0]), "parent_id", None) for r in rows]
            wanted = [p for p in dict.fromkeys(parents) if p and memory.get_or_none(p) is None]

    def _facts(self, conn: Any, world: World, ids: Iterable[str | None] | None) -> None:
        """Facts by id (all of them when ids is None), in their saved order."""
        held = self._blocks(conn)
        if ids is None:
            rows = self._rows(conn, "SELECT seq, data FROM fact ORDER BY seq")
            rows += [(v["seq"], body) for v, body in held.rows("fact")]
        else:
            asked = [i for i in ids if i]
            wanted = set(asked)
            rows = self._by_ids(conn, "SELECT seq, data FROM fact WHERE id IN ({ids})", asked)
            rows += [(v["seq"], body) for v, body in held.rows("fact", where=lambda v: v["id"] in wanted)]
        rows = sorted(rows, key=lambda r: r[0])
        world.facts.load([Fact.model_validate(data) for _seq, data in rows])

    def _held_by(self, conn: Any, memory: MemoryStore, holder: str) -> None:
        rows = self._memory_rows(conn, self._rows(conn, "SELECT id, kind, seq, data FROM memory_item WHERE holder = ? "
                                                  "ORDER BY seq", [holder]), lambda v: v["holder"] == holder)
        self._memory(memory, rows)

    def _linked_facts(self, memory: MemoryStore) -> list[str]:
        """Facts the loaded memory points at: a belief's origin, an event's fact."""
        out = [b.origin_fact_id for b in memory.beliefs.values()]
        out += [e.fact_id for e in memory.events.values()]
        return [f for f in out if f]

    def _snapshot(self):  # noqa: ANN202
        """One read transaction: every query of a slice sees the same commit."""
        conn = self.store.engine.connect()
        conn.begin()
        return conn

    def slice_why(self, holder: str, target: str) -> RunSlice:
        """What `explain(world, memory, holder, target)` reads: the edges holder -> target with
        their changes, the holder's memory, the beliefs and events those changes name with their
        chains of tellers, and the facts all of them came from."""
        with self._snapshot() as conn:
            world, memory = self._shell(conn), MemoryStore()
            self._edges(conn, world, "source = ? AND target = ?", [holder, target], source=holder, target=target)
            self._held_by(conn, memory, holder)
            causes = [ch.cause.id for e in world.graph.edges_between(holder, target) for ch in e.history
                      if ch.cause.kind in ("belief", "event") and ch.cause.id]
            self._with_ancestors(conn, memory, [*causes, *(b.parent_id for b in memory.beliefs.values())])
            moments = [ch.cause.id for e in world.graph.edges_between(holder, target) for ch in e.history
                       if ch.cause.kind == "fact" and ch.cause.id]  # an interaction's fact (why shows it)
            self._facts(conn, world, dict.fromkeys([*self._linked_facts(memory), *moments]))
        return RunSlice(world, memory)

    def slice_memories(self, npc: str) -> RunSlice:
        """What `memories_about(world, memory, npc, player)` reads: the NPC's memory and its facts."""
        with self._snapshot() as conn:
            world, memory = self._shell(conn), MemoryStore()
            self._held_by(conn, memory, npc)
            self._facts(conn, world, self._linked_facts(memory))
        return RunSlice(world, memory)

    def slice_inspect(self, who: str) -> RunSlice:
        """What `print_inspection(..., who)` reads: the edges from or to who, every belief (which
        of them concern who is a question of the claim, not of an indexed column; beliefs are a
        small share of the rows), and the facts (it lists those who took part in)."""
        with self._snapshot() as conn:
            world, memory = self._shell(conn), MemoryStore()
            self._edges(conn, world, "source = ? OR target = ?", [who, who], either=who)
            rows = self._memory_rows(conn, self._rows(conn, "SELECT id, kind, seq, data FROM memory_item "
                                                      "WHERE kind = 'belief' ORDER BY seq"), lambda v: v["kind"] == "belief")
            self._memory(memory, rows)
            self._facts(conn, world, None)
        return RunSlice(world, memory)


