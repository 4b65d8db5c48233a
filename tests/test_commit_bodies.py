"""A headless commit's bodies as bytes (sim/bulk_writer.body_bytes), its blocks packed by one
transpose and its names and texts written by orjson: the very bytes the store wrote before, and
what a block cannot hold goes as rows of text."""

from __future__ import annotations

import json
from datetime import datetime

import orjson

from townsfolk.sim.bulk_writer import Encoded, _as_text, body_bytes, body_json
from townsfolk.sim.edge_rows import json_text
from townsfolk.sim.log import LogEntry
from townsfolk.sim.row_blocks import pack, unpack
from townsfolk.world.facts import Fact


def _fact(i: int, text: str = "Dot saw Agnes mend the net") -> Fact:
    return Fact(id=f"f{i}", tick=3, time=datetime(2026, 3, 2, 9, 0), kind="happen", text=text, actor="dot")


def test_a_body_as_bytes_is_its_json_text_encoded_and_a_block_of_them_is_the_same_bytes():
    facts = [_fact(i, "王婆说：“网破了”") for i in range(3)]
    entry = LogEntry(tick=3, time="09:00", kind="gossip", text="Dot told Rufus")
    for model in (*facts, entry):
        assert body_bytes(model) == body_json(model).encode()
    as_text = [(f.id, i, f.tick, f.kind, body_json(f)) for i, f in enumerate(facts)]
    as_bytes = [(f.id, i, f.tick, f.kind, body_bytes(f)) for i, f in enumerate(facts)]
    assert pack("fact", as_bytes) == pack("fact", as_text)
    assert unpack(pack("fact", as_bytes)).body(2)["text"] == "王婆说：“网破了”"


def test_bodies_a_block_cannot_hold_go_back_to_rows_of_json_text():
    rows = [("f1", 1, 3, "happen", b'{"text":\n"x"}'), ("f2", 2, 3, "happen", Encoded('{"a":1}'))]
    assert pack("fact", rows) is None  # a raw newline: not a body the writer made
    text = _as_text(rows, 4)
    assert [type(r[4]) for r in text] == [Encoded, Encoded] and text[0][4] == '{"text":\n"x"}'
    assert text[1] is not rows[1] and text[1][:4] == rows[1][:4]


def test_a_block_of_rows_is_the_bytes_the_per_column_packing_wrote():
    rows = [(f"m{i}", "event", i, "dot", None if i % 2 else "agnes", 3, False, b"\x00\x01" if i else None,
             body_json(_fact(i))) for i in range(4)]
    names = ("id", "kind", "seq", "holder", "about", "tick", "private", "embedding")
    cols = {name: [r[i] for r in rows] for i, name in enumerate(names)}
    cols["embedding"] = [None, "AAE=", "AAE=", "AAE="]
    want = orjson.dumps({"n": 4, "cols": cols, "gone": ["m9"]}) + b"\n" + "\n".join(r[8] for r in rows).encode()
    assert pack("memory_item", rows, ["m9"]) == want
    assert pack("memory_item", [], ["m9"]) == orjson.dumps({"n": 0, "cols": {n: [] for n in names}, "gone": ["m9"]})


def test_names_and_texts_are_written_as_the_standard_library_writes_them():
    texts = ["plain", "王婆", 'quote " and \\ back', "\u2028\u2029", "emoji \U0001f600", "\ud800 lone",
             *(f"c{chr(c)}" for c in range(0x20)), "\x7f\x80\x9f"]
    for value in (*texts, None, 3):
        assert json_text(value) == json.dumps(value, ensure_ascii=False)
