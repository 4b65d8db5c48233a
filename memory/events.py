"""Event memories: one witness's or participant's record of something that happened."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class EventMemory(BaseModel):
    """What one character remembers of one moment, in its own perspective."""

    id: str
    holder: str
    tick: int
    time: datetime
    what: str
    place: str | None = None
    participants: list[str] = Field(default_factory=list)
    about: str | None = None
    importance: float = Field(default=0.3, ge=0.0, le=1.0)
    valence: float = Field(default=0.0, ge=-1.0, le=1.0)
    intensity: float = Field(default=0.0, ge=0.0, le=1.0)
    source: str = "witnessed"  # witnessed | participated | said | heard | told | cleared
    fact_id: str | None = None
    player_involved: bool = False
    private: bool = False
    recalls: int = 0
    status: str = "active"  # active | archived
    meta: dict[str, Any] = Field(default_factory=dict)
