"""The run's timeline: one entry per thing worth showing, printable as text or as JSON lines."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field

# what BaseModel.__init__ leaves on an instance, set through its own slots (see LogEntry.trusted)
_new = BaseModel.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


class LogEntry(BaseModel):
    """One line of the timeline: when, what kind, who, in words, and the ids behind it."""

    tick: int
    time: str
    kind: str
    who: list[str] = Field(default_factory=list)
    text: str = ""
    ids: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def trusted(cls, tick: int, time: str, kind: str, who: list[str], text: str,
                ids: dict[str, Any] | None = None) -> LogEntry:
        """An entry from fields the engine made itself (already the right types): the same object
        the constructor gives, without validating each field again (`model_construct` costs more
        than validating)."""
        entry = _new(cls)
        _set_dict(entry, {"tick": tick, "time": time, "kind": kind, "who": who, "text": text,
                          "ids": {} if ids is None else ids})
        _set_fields(entry, {"tick", "time", "kind", "who", "text"} if ids is None
                    else {"tick", "time", "kind", "who", "text", "ids"})
        _set_extra(entry, None)
        _set_private(entry, None)
        return entry

    @classmethod
    def many(cls, tick: int, time: str, kind: str, lines: Iterable[tuple[str, str]]) -> list[LogEntry]:
        """One trusted entry per (who, text), all of one tick and kind: a big town's mood shift is
        tens of thousands of lines in one tick, so the loop is kept to the object itself."""
        out: list[LogEntry] = []
        append, new, set_dict, set_fields, set_extra, set_private = (
            out.append, _new, _set_dict, _set_fields, _set_extra, _set_private)
        for who, text in lines:
            entry = new(cls)
            set_dict(entry, {"tick": tick, "time": time, "kind": kind, "who": [who], "text": text, "ids": {}})
            set_fields(entry, {"tick", "time", "kind", "who", "text"})
            set_extra(entry, None)
            set_private(entry, None)
            append(entry)
        return out

    def to_json(self) -> str:
        return json.dumps(self.model_dump(), ensure_ascii=False, sort_keys=False)
