"""SQLModel tables for the world: the run, characters, edges, edge history and facts.

Rows keep the columns queries need (ids, holders, ticks) and the whole record as JSON, so a saved
world reloads to exactly the objects it was saved from.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column, LargeBinary
from sqlmodel import Field, SQLModel


class RunRow(SQLModel, table=True):
    __tablename__ = "run"
    id: int = Field(default=1, primary_key=True)
    title: str
    language: str
    seed: int
    start: str
    tick_seconds: float
    last_tick: int = -1
    finished: bool = False
    scenario_path: str = ""
    scenario_sha: str = ""
    rng_state: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    counters: dict[str, int] = Field(default_factory=dict, sa_column=Column(JSON))
    extra: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))


class CharacterRow(SQLModel, table=True):
    __tablename__ = "character"
    id: str = Field(primary_key=True)
    seq: int = 0  # the order characters were added in: arrays over NPCs follow it
    name: str
    is_player: bool = False
    data: dict[str, Any] = Field(sa_column=Column(JSON))


class EdgeRow(SQLModel, table=True):
    __tablename__ = "edge"
    id: str = Field(primary_key=True)  # source|target|kind
    source: str = Field(index=True)
    target: str = Field(index=True)
    kind: str
    strength: float
    # the edge's graph row (creation order): a load puts it back there; None in rows older code wrote
    # (those fill the rows no seq claims, in id order, as they loaded then)
    seq: int | None = None
    data: dict[str, Any] = Field(sa_column=Column(JSON))  # the edge without its history


class EdgeChangeRow(SQLModel, table=True):
    __tablename__ = "edge_change"
    edge_id: str = Field(primary_key=True)
    seq: int = Field(primary_key=True)
    tick: int = Field(index=True)
    cause_kind: str
    cause_id: str | None = Field(default=None, index=True)
    data: dict[str, Any] = Field(sa_column=Column(JSON))


class EdgeBlockRow(SQLModel, table=True):
    """One array of a big first commit's edge columns or change log, or one table of the codes they
    hold, as its raw bytes (sim/edge_blocks.py); later commits add rows to `edge`/`edge_change`."""

    __tablename__ = "edge_block"
    id: str = Field(primary_key=True)  # edge:<column> | log:<column> | codes:<table>
    dtype: str  # numpy dtype string, e.g. "<i4"; "json" for a code table
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class FactRow(SQLModel, table=True):
    __tablename__ = "fact"
    id: str = Field(primary_key=True)
    seq: int = Field(index=True)
    tick: int = Field(index=True)
    kind: str
    data: dict[str, Any] = Field(sa_column=Column(JSON))
