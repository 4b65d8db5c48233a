"""Impressions and summaries: the compact layers a character brings to every moment."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class Impression(BaseModel):
    """A holder's stable judgement of someone ("reliable, but complains")."""

    id: str
    holder: str
    about: str
    text: str
    valence: float = Field(default=0.0, ge=-1.0, le=1.0)
    confidence: float = Field(default=0.6, ge=0.0, le=1.0)
    tick: int
    time: datetime
    sources: list[str] = Field(default_factory=list)
    private: bool = False


class Summary(BaseModel):
    """A sentence or two folding several events and beliefs together, keeping causes."""

    id: str
    holder: str
    about: str | None = None
    text: str
    covers: list[str] = Field(default_factory=list)
    told_by: list[str] = Field(default_factory=list)  # who told the holder what it folds (who-told-whom survives)
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    valence: float = Field(default=0.0, ge=-1.0, le=1.0)
    tick: int
    time: datetime
    uses: int = 0
    status: str = "active"  # active | superseded
    superseded_by: str | None = None
    private: bool = False
