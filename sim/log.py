"""The run's timeline: one entry per thing worth showing, printable as text or as JSON lines."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, Field


class LogEntry(BaseModel):
    """One line of the timeline: when, what kind, who, in words, and the ids behind it."""

    tick: int
    time: str
    kind: str
    who: list[str] = Field(default_factory=list)
    text: str = ""
    ids: dict[str, Any] = Field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(self.model_dump(), ensure_ascii=False, sort_keys=False)
