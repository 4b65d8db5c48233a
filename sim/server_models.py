"""Request and response bodies of the HTTP service (the Town's own results are reused as they are)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool

ID = r"^[A-Za-z0-9_\-]{1,64}$"
MAX_TEXT = 2000


class Body(BaseModel):
    """A request body: unknown fields refused; booleans are strict (JSON true/false only: "yes" or 1
    was read as true, so a typo in `private` made a line private or public unasked)."""

    model_config = ConfigDict(extra="forbid")


class CreateWorld(Body):
    id: str = Field(pattern=ID, description="the world's id, unique within your game")
    scenario: str | dict[str, Any] = Field(description="the scenario as YAML text, or the same as a JSON object")
    seed: int | None = Field(None, ge=0, le=2**32 - 1, description="override the scenario's seed")


class WorldInfo(BaseModel):
    id: str
    title: str
    language: str
    tick: int
    time: str
    npcs: list[str]
    players: list[str]
    timeline_length: int


class JoinPlayer(Body):
    id: str = Field(pattern=ID)
    name: str | None = Field(None, min_length=1, max_length=100)


class Talk(Body):
    player: str = Field(min_length=1, max_length=64)
    npc: str = Field(min_length=1, max_length=64)
    text: str = Field(min_length=1, max_length=MAX_TEXT)
    private: StrictBool | None = Field(None, description="true for a whisper or a direct message: the line never "
                                 "reaches another player, a rumour or another NPC's retelling, and streams "
                                 "show it as \"(said in private)\"; false for a line said aloud; omitted or "
                                 "null lets the engine tell (a request to keep it secret, such as \"keep this "
                                 "between us\" or \"别告诉别人\", or real-world details such as a phone number)")


class GameEvent(Body):
    what: str = Field(min_length=1, max_length=MAX_TEXT, description="what happened, in the world's language")
    actor: str | None = Field(None, max_length=64)
    about: str | None = Field(None, max_length=64)
    witnesses: list[str] = Field(default_factory=list, max_length=200)
    place: str | None = Field(None, max_length=200)
    valence: float = Field(0.0, ge=-1.0, le=1.0)
    private: StrictBool = Field(False, description="a moment only those there may know of (a bribe, a note slipped "
                          "under the door): the witnesses' beliefs are never retold to anyone, and the timeline "
                          "and stream show \"(happened in private)\" instead of `what`")


class Advance(Body):
    ticks: int = Field(1, ge=0, le=1000)


class Problem(BaseModel):
    """What was wrong with a request: the field at fault and why."""

    field: str
    reason: str


class ErrorBody(BaseModel):
    error: Problem


class Health(BaseModel):
    status: str
    worlds: int
