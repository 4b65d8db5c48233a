"""SQLModel table for the run's timeline, so `inspect` can show what happened without replaying."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel


class LogRow(SQLModel, table=True):
    __tablename__ = "timeline"
    seq: int = Field(primary_key=True)
    tick: int = Field(index=True)
    kind: str
    data: dict[str, Any] = Field(sa_column=Column(JSON))


class DecisionRow(SQLModel, table=True):
    """One gate decision snapshot: why an NPC spoke or stayed quiet."""

    __tablename__ = "decision"
    seq: int = Field(primary_key=True)
    tick: int = Field(index=True)
    npc: str = Field(index=True)
    outcome: str
    data: dict[str, Any] = Field(sa_column=Column(JSON))
