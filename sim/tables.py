"""SQLModel table for the run's timeline, so `inspect` can show what happened without replaying."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column, LargeBinary
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


class MindArrayRow(SQLModel, table=True):
    """A block of rows of one of the minds' arrays as its raw bytes (sim/minds_rows.py): a commit
    rewrites only the blocks holding a row that changed. Name `fast+`: one tick's step of the fast
    affect over its last whole copy (sim/fast_steps.py), block = the step's number, dtype "step"."""

    __tablename__ = "mind_array"
    id: str = Field(primary_key=True)  # name:block
    name: str
    block: int
    dtype: str  # numpy dtype string, e.g. "<f8"
    width: int  # values per row (0: a vector)
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class MindEntryRow(SQLModel, table=True):
    """One entry of the minds' keyed state (part:key) or one small whole part (whole:name)."""

    __tablename__ = "mind_entry"
    id: str = Field(primary_key=True)
    part: str
    data: Any = Field(sa_column=Column(JSON))


class RowBlockRow(SQLModel, table=True):
    """One commit's appended rows of one table as a block (sim/row_blocks.py): a headless town's
    per-tick rows as one insert instead of hundreds."""

    __tablename__ = "row_block"
    id: int = Field(primary_key=True)  # commit order
    table: str
    tick: int
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
