"""SQLModel tables for memory: events, beliefs, summaries and impressions, one row per item."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column, LargeBinary
from sqlmodel import Field, SQLModel


class MemoryRow(SQLModel, table=True):
    """Every memory item, whatever its layer; `kind` says which model `data` holds."""

    __tablename__ = "memory_item"
    id: str = Field(primary_key=True)
    kind: str = Field(index=True)  # event | belief | summary | impression
    seq: int = Field(index=True)
    holder: str = Field(index=True)
    about: str | None = Field(default=None, index=True)
    tick: int
    private: bool = False
    data: dict[str, Any] = Field(sa_column=Column(JSON))
    embedding: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
