"""A row block's bodies made a chunk at a time (sim/row_blocks.py `bodies_array`, BODY_CHUNK models
an orjson call) are the bytes one call over all the models made, and the columns a commit reads
from each chunk's fields (sim/bulk_writer.py `_memory_block`, `_model_block`) are the values the
attribute reads gave: the block on disk is the same, only the passes over the items are fewer."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import orjson
import pytest

from tests.test_block_bodies import _models
from townsfolk.sim import bulk_writer, row_blocks
from townsfolk.sim.row_blocks import bodies_array
from townsfolk.world.facts import Fact


def _many(n: int) -> list[Any]:
    """n memory items of the four kinds, fact and log entry (tests/test_block_bodies `_models`), ids apart."""
    base = _models()
    return [m.model_copy(update={"id": f"{m.id}-{i}"} if hasattr(m, "id") else {"tick": i})
            for i in range(n) for m in base][:n]


def _one_call(models: list[Any]) -> bytes:
    """What bodies_array made before chunks: one orjson call over every model's fields."""
    return orjson.dumps([m.__dict__ for m in models], default=row_blocks._fields, option=orjson.OPT_UTC_Z)  # noqa: SLF001


@pytest.mark.parametrize("n", [0, 1, 4, 5, 13])
def test_chunked_bodies_are_the_bytes_of_one_call_and_each_chunk_is_read_once(monkeypatch, n):
    monkeypatch.setattr(row_blocks, "BODY_CHUNK", 4)
    models = _many(n)
    seen: list[tuple[int, list[dict[str, Any]]]] = []
    got = bodies_array(models, lambda start, fields: seen.append((start, fields)))
    assert got == _one_call(models) == bodies_array(models)
    assert [start for start, _ in seen] == list(range(0, n, 4))
    assert [f for _, fields in seen for f in fields] == [m.__dict__ for m in models]
    assert all(f is m.__dict__ for (_, fields), chunk in zip(seen, [models[i:i + 4] for i in range(0, n, 4)], strict=True)
               for f, m in zip(fields, chunk, strict=True))


def test_a_model_orjson_cannot_write_in_a_later_chunk_sends_the_whole_block_to_own_serializers(monkeypatch):
    monkeypatch.setattr(row_blocks, "BODY_CHUNK", 4)
    odd = Fact(id="f-odd", tick=1, time=_models()[0].time, kind="happen", meta={"tags": {"a"}})  # a set
    models = [*_many(9), odd, *_many(3)]
    seen: list[dict[str, Any]] = []
    got = bodies_array(models, lambda _start, fields: seen.extend(fields))
    assert orjson.loads(got) == [orjson.loads(m.__pydantic_serializer__.to_json(m)) for m in models]
    assert seen == [m.__dict__ for m in models]


def test_a_commits_memory_columns_are_the_attribute_reads_and_its_seqs_run_on(monkeypatch):
    monkeypatch.setattr(row_blocks, "BODY_CHUNK", 3)
    kind_of = {"EventMemory": "event", "Belief": "belief", "Summary": "summary", "Impression": "impression"}
    items = [m for m in _many(40) if type(m).__name__ in kind_of]
    written = [(kind_of[type(m).__name__], m) for m in items]
    store = SimpleNamespace(_memory_seq={items[2].id: 7, items[9].id: 3}, _next_memory_seq=11)
    cols, models, bodies = bulk_writer._memory_block(store, SimpleNamespace(vectors={}), written)  # noqa: SLF001
    assert models == items and bodies == _one_call(items)
    assert cols["id"] == [m.id for m in items] and cols["kind"] == [k for k, _ in written]
    assert cols["holder"] == [m.holder for m in items] and cols["tick"] == [m.tick for m in items]
    assert cols["private"] == [m.private for m in items]
    assert cols["about"] == [m.claim.about if k == "belief" else getattr(m, "about", None) for k, m in written]
    fresh = iter(range(12, 12 + len(items) - 2))
    want = [7 if i == 2 else 3 if i == 9 else next(fresh) for i in range(len(items))]
    assert cols["seq"] == want and store._next_memory_seq == 11 + len(items) - 2  # noqa: SLF001
    assert store._memory_seq == dict(zip(cols["id"], want, strict=True))  # noqa: SLF001
    assert cols["embedding"] == [None] * len(items)


def test_a_commits_fact_and_timeline_columns_are_their_fields(monkeypatch):
    monkeypatch.setattr(row_blocks, "BODY_CHUNK", 2)
    models = [m for m in _many(30) if type(m).__name__ in ("Fact", "LogEntry")]
    facts = [m for m in models if isinstance(m, Fact)]
    cols, bodies = bulk_writer._model_block(facts, ("id", "tick", "kind"))  # noqa: SLF001
    assert cols == {"id": [f.id for f in facts], "tick": [f.tick for f in facts], "kind": [f.kind for f in facts]}
    assert bodies == _one_call(facts)
    log = [m for m in models if not isinstance(m, Fact)]
    cols, bodies = bulk_writer._model_block(log, ("tick", "kind"))  # noqa: SLF001
    assert cols == {"tick": [e.tick for e in log], "kind": [e.kind for e in log]} and bodies == _one_call(log)
    assert bulk_writer._model_block([], ("tick", "kind")) == ({"tick": [], "kind": []}, b"[]")  # noqa: SLF001
