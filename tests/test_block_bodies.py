"""Row blocks whose bodies are one array (sim/row_blocks.py `bodies_array`): a run written so loads
back as the row-written run of the same seed, every value of the same type; a model orjson cannot
write whole goes by its own serializer; and a run the start tree of session 18 wrote (909769e, one
body per line) still loads as it did and goes on in the new blocks.

The fixture tests/data/blocks_909769e.db.gz is that tree's `tests/test_row_blocks._run` of a
12-NPC `small_town` for 3 ticks (row blocks on, compacted); blocks_909769e.json.gz is what that
tree's own load made of it (model_dump(mode="json") of every edge, memory item, fact, timeline
entry, with the vectors, rng state and counters).
"""

from __future__ import annotations

import gzip
import json
import sqlite3
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import orjson
import pytest

from tests.test_row_blocks import _run
from tests.test_scale_engine import small_town
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.sim import row_blocks
from townsfolk.sim.edge_rows import EdgeSaved, edge_rows
from townsfolk.sim.engine import Simulation
from townsfolk.sim.gossip_round import GossipRound
from townsfolk.sim.log import LogEntry
from townsfolk.sim.row_blocks import bodies_array, body_text, pack, pack_columns, unpack
from townsfolk.sim.run_store import RunStore
from townsfolk.world.facts import Fact

DATA = Path(__file__).resolve().parent / "data"


def typed(value: Any) -> Any:
    """A value with the type of every part beside it: 1 and 1.0, a tuple and a list, differ."""
    if isinstance(value, dict):
        return ("dict", {k: typed(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return (type(value).__name__, [typed(v) for v in value])
    if hasattr(value, "model_dump"):
        return (type(value).__name__, {k: typed(v) for k, v in value.__dict__.items()})
    return (type(value).__name__, value)


def _state(store: RunStore) -> dict[str, Any]:
    world, memory, log = store.load()
    return {"edges": typed(sorted(((e.key, e.record()) for e in world.graph.edges()), key=lambda p: p[0])),
            "memory": typed(list(memory.all_items())), "facts": typed(list(world.facts)), "log": typed(log),
            "vectors": {k: np.asarray(v).tolist() for k, v in sorted(memory.vectors.items())}}


def test_bodies_in_one_array_load_back_as_the_rows_did_types_and_all(tmp_path, monkeypatch):
    _run(tmp_path / "blocks.db", 5, blocks=True, monkeypatch=monkeypatch)
    _run(tmp_path / "rows.db", 5, blocks=False, monkeypatch=monkeypatch)
    with sqlite3.connect(tmp_path / "blocks.db") as con:
        kinds = {(t, orjson.loads(bytes(d).partition(b"\n")[0]).get("bodies"))
                 for t, d in con.execute('SELECT "table", data FROM row_block WHERE tick > 0')}
    assert {("memory_item", "array"), ("fact", "array"), ("timeline", "array"), ("edge", "cols"),
            ("edge_change", "cols")} <= kinds
    blocks, rows = _state(RunStore(tmp_path / "blocks.db", must_exist=True)), _state(RunStore(tmp_path / "rows.db", must_exist=True))
    assert blocks["memory"][1] and blocks["facts"][1] and blocks["log"][1] and blocks["vectors"]
    for key in rows:
        assert blocks[key] == rows[key], key


def _models() -> list[Any]:
    """One of each body a commit writes, with values that test a writer: non-ASCII and line
    separators, microseconds and time zones, floats without a short form, nested models."""
    when = datetime(2026, 3, 2, 9, 0, 0, 100)
    text = '王婆说："网破了"\u2028 \\ \U0001f600'
    claim = Claim(about="n1", predicate="dishonest", severity=0.1 + 0.2, said_by="n2", quote=text, tone=-1e-7)
    return [
        Fact(id="f1", tick=3, time=when.replace(tzinfo=UTC), kind="happen", text=text, actor="n1", to=("n2",),
             valence=-0.0, meta={"basis": "b1", "n": [1, 2.5, None], "deep": {"x": True}}),
        EventMemory(id="e1", holder="n1", tick=3, time=when.replace(tzinfo=timezone(timedelta(hours=8))),
                    what=text, participants=["n1", "n2"], importance=1 / 3, meta={"absorbed_by": "s1"}),
        Belief(id="b1", holder="n2", claim=claim, text=text, source="told", told_by="n1", hops=2,
               credibility=0.48900000000000005, tick=3, time=when),
        Summary(id="s1", holder="n1", text=text, covers=["e1"], told_by=["n2"], importance=0.7083333333333334,
                tick=3, time=when),
        Impression(id="i1", holder="n1", about="n2", text="hard to say", valence=-0.2930416666666667, tick=3,
                   time=when, sources=["s1"]),
        LogEntry(tick=3, time="09:00", kind="gossip", who=["n1", "n2"], text=text, ids={"fact": "f1", "k": [1, "b"]}),
    ]


def test_an_array_body_is_what_the_models_own_json_parses_to():
    models = _models()
    got = orjson.loads(bodies_array(models))
    for model, body in zip(models, got, strict=True):
        own = orjson.loads(model.__pydantic_serializer__.to_json(model))
        assert typed(type(model).model_validate(body)) == typed(type(model).model_validate(own)) == typed(model)
        assert body.keys() == own.keys()


def test_a_model_orjson_cannot_write_whole_goes_by_its_own_serializer():
    odd = [Fact(id="f1", tick=1, time=datetime(2026, 3, 2), kind="happen", meta={"tags": {"a"}}),
           Fact(id="f2", tick=1, time=datetime(2026, 3, 2), kind="happen", meta={"big": 2**70})]
    for fact in odd:
        with pytest.raises(TypeError):
            orjson.dumps(fact.__dict__)
    got = orjson.loads(bodies_array([*_models()[:1], *odd]))
    assert got[1:] == [orjson.loads(f.model_dump_json()) for f in odd]  # as a row's text is read back
    rows = [(f.id, i, f.tick, f.kind, f) for i, f in enumerate(odd)]
    block = unpack(pack("fact", rows))
    assert [block.body(i) for i in range(2)] == [orjson.loads(f.model_dump_json()) for f in odd]
    assert block.body(0)["meta"] == {"tags": ["a"]}


def test_a_block_packed_from_columns_is_the_bytes_packed_from_rows():
    models = [m for m in _models() if hasattr(m, "holder")]
    rows = [(m.id, "event", i, m.holder, getattr(m, "about", None), m.tick, False, b"\x00\x01" if i else None, m)
            for i, m in enumerate(models)]
    names = ("id", "kind", "seq", "holder", "about", "tick", "private", "embedding")
    cols = {name: [r[i] for r in rows] for i, name in enumerate(names)}
    assert pack_columns("memory_item", dict(reversed(cols.items())), models, ["m9"]) == pack("memory_item", rows, ["m9"])
    assert pack_columns("memory_item", {n: [] for n in names}, [], ["m9"]) == pack("memory_item", [], ["m9"])
    with pytest.raises(ValueError, match="do not match"):
        pack_columns("memory_item", {**cols, "seq": [1]}, models)


def test_a_damaged_array_block_is_refused_with_a_reason():
    packed = pack("timeline", [(1, 3, "gossip", _models()[-1])])
    assert unpack(packed).body(0)["who"] == ["n1", "n2"]
    head = packed.partition(b"\n")[0]
    for rest in (b"[{}, {}]", b"{}", b"[{"):
        with pytest.raises(ValueError, match="row block"):
            unpack(head + b"\n" + rest)


def test_edge_body_columns_are_the_bodies_the_text_rows_hold():
    sim, rumour = small_town(40, seed=5)
    for tick in (1, 2):
        sim.world.clock.tick = tick
        rumour.step()
        sim.run_tick(tick, [])
    some = next(iter(sim.world.graph.edges()))
    sim.world.graph.set_edge(some.source, some.target, some.kind, 0.25, tick=2, time=sim.world.now)  # a dormant-free move
    made = {}
    for columns in (False, True):
        sim.world.graph.mark_all_dirty()
        store = SimpleNamespace(_history_saved=EdgeSaved())
        made[columns] = edge_rows(store, sim.world, sim.memory, set(), lambda b, *_a: b, None, full_rows=True,
                                  columns=columns)
    (text_edges, _, text_changes), (col_edges, _, col_changes) = made[False], made[True]
    assert len(text_edges) == len(col_edges) > 100 and len(text_changes) == len(col_changes) > 100
    for table, text_rows, col_rows in (("edge", text_edges, col_edges), ("edge_change", text_changes, col_changes)):
        assert [r[:-1] for r in text_rows] == [r[:-1] for r in col_rows]
        want = [orjson.loads(r[-1]) for r in text_rows]
        block = unpack(pack(table, col_rows))
        assert [block.body(i) for i in range(block.n)] == want
        assert typed([block.body(i) for i in range(block.n)]) == typed(want)
        assert [orjson.loads(body_text(table, r[:-1], r[-1])) for r in col_rows] == want  # as rows, when no block


def _fixture(tmp_path: Path) -> Path:
    db = tmp_path / "old.db"
    db.write_bytes(gzip.decompress((DATA / "blocks_909769e.db.gz").read_bytes()))
    return db


def _as_json(world: Any, memory: Any, log: list[Any]) -> dict[str, Any]:
    return {"edges": sorted([e.key, e.record().model_dump(mode="json")] for e in world.graph.edges()),
            "memory": [[k, i.model_dump(mode="json")] for k, i in memory.all_items()],
            "facts": [f.model_dump(mode="json") for f in world.facts],
            "log": [e.model_dump(mode="json") for e in log],
            "vectors": {k: np.asarray(v).tolist() for k, v in sorted(memory.vectors.items())}}


def _same_as_stored(got: Any, want: Any, where: str = "") -> None:
    """Every value the start tree's load gave is given again (a field added since may be beside it)."""
    if isinstance(want, dict):
        assert isinstance(got, dict), where
        for k, v in want.items():
            assert k in got, f"{where}.{k}"
            _same_as_stored(got[k], v, f"{where}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            _same_as_stored(g, w, f"{where}[{i}]")
    else:
        assert got == want and type(got) is type(want), f"{where}: {got!r} != {want!r}"


def test_a_run_the_start_tree_wrote_loads_as_it_did_and_goes_on_in_array_blocks(tmp_path, monkeypatch):
    db = _fixture(tmp_path)
    want = json.loads(gzip.decompress((DATA / "blocks_909769e.json.gz").read_bytes()))
    with sqlite3.connect(db) as con:
        heads = [orjson.loads(bytes(d).partition(b"\n")[0]) for (d,) in con.execute("SELECT data FROM row_block")]
    assert heads and not any("bodies" in h for h in heads)  # one body per line, as that tree wrote them
    store = RunStore(db, must_exist=True)
    world, memory, log = store.load()
    run = store.run_info()
    _same_as_stored(json.loads(json.dumps(_as_json(world, memory, log))), {k: want[k] for k in ("edges", "memory", "facts", "log", "vectors")})
    assert (run.last_tick, run.rng_state, run.counters) == (want["tick"], want["rng"], want["counters"])
    assert all(isinstance(item.time, datetime) for _k, item in memory.all_items())

    # it goes on: a tick more in this tree's blocks, over that tree's
    monkeypatch.setattr(row_blocks, "BLOCK_CAST", 1)
    sim = Simulation(world, memory, embedder=LexicalEmbedder())
    rumour = GossipRound(world, memory, p=0.9)
    world.clock.tick = 4
    entries = rumour.step() + sim.run_tick(4, [])
    first = next(item for _kind, item in memory.all_items())
    memory.touch(first)  # an item the old blocks hold, written again in a new one
    store.commit_tick(world, memory, entries)
    store.release_writer()
    live = typed({"memory": list(memory.all_items()), "facts": list(world.facts), "log": log + entries})
    again = RunStore(db, must_exist=True)
    w2, m2, l2 = again.load()
    assert typed({"memory": list(m2.all_items()), "facts": list(w2.facts), "log": l2}) == live
    with sqlite3.connect(db) as con:
        newest = con.execute("SELECT data FROM row_block ORDER BY id DESC LIMIT 1").fetchone()[0]
    assert orjson.loads(bytes(newest).partition(b"\n")[0]).get("bodies") == "array"
