"""What the `Town` facade hands back: plain, typed records a game server can store or send as JSON.

Rendering is left to the caller; every record carries ids so it can be traced back with `why`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from townsfolk.agents.reply_stream import StreamNote
from townsfolk.sim.log import LogEntry


class TimelineEntry(BaseModel):
    """One timeline entry as a record: `seq` is its position in the world's timeline (1-based),
    usable as a resume point (`Last-Event-ID` on the HTTP stream)."""

    seq: int
    tick: int
    time: str
    kind: str
    who: list[str] = Field(default_factory=list)
    text: str = ""
    ids: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def of(cls, seq: int, entry: LogEntry) -> TimelineEntry:
        return cls(seq=seq, **entry.model_dump())


class Emotion(BaseModel):
    """Valence, arousal and dominance in [-1, 1], and a word for it."""

    valence: float
    arousal: float
    dominance: float
    label: str


class TurnResult(BaseModel):
    """An NPC's answer to one player line, and the decisions behind it."""

    npc: str
    player: str
    answered: bool = Field(description="false when the NPC held its tongue (rate limit); `held` says why")
    text: str = Field("", description="what the NPC says (empty when not answered)")
    held: str | None = None
    emotion: Emotion = Field(description="the NPC's own feeling after the turn (its affect)")
    heard: Emotion = Field(description="the emotion the NPC read in the player's line")
    intent: str = Field("", description="the strongest intent read in the player's line")
    intents: list[str] = Field(default_factory=list)
    route: str = ""
    memory_ids: list[str] = Field(default_factory=list, description="the memories the reply drew on")
    wants_reply: bool = Field(False, description="the NPC asked something and waits for an answer")
    private: bool = Field(False, description="the line was kept private (the game said so, the player asked "
                                             "that it go no further, or it holds real-world details): it "
                                             "never reaches another player or a rumour")
    reply_private: bool = Field(False, description="the answer was kept private: the line was, or the answer "
                                                   "drew on something private (a whisper's words come back in "
                                                   "it), so it is shown to no one else")
    fallback: str | None = Field(None, description="why the model's words were replaced, if they were")
    stream: StreamNote | None = Field(None, description="streamed turns only: what the token events carried "
                                                        "and whether `text` replaced it")
    tick: int
    time: str
    question_fact: str | None = None
    reply_fact: str | None = None
    entries: list[TimelineEntry] = Field(default_factory=list)
    read_only: bool = Field(False, description="the town was opened read_only: this took effect in this "
                                               "process only and nothing of it was saved")


class EventResult(BaseModel):
    """A game event as the world took it: the fact it became and what followed (beliefs, edges, gossip)."""

    fact: str
    tick: int
    entries: list[TimelineEntry] = Field(default_factory=list)
    beliefs: list[str] = Field(default_factory=list, description="ids of the beliefs it gave rise to")
    read_only: bool = Field(False, description="the town was opened read_only: this took effect in this "
                                               "process only and nothing of it was saved")


class AdvanceResult(BaseModel):
    """Ticks that passed and every timeline entry they produced (NPC messages to players included)."""

    tick: int
    time: str
    entries: list[TimelineEntry] = Field(default_factory=list)
    read_only: bool = Field(False, description="the town was opened read_only: this took effect in this "
                                               "process only and nothing of it was saved")


class PlayerInfo(BaseModel):
    id: str
    name: str


class CharacterInfo(BaseModel):
    id: str
    name: str
    role: str = ""
    is_player: bool = False


class TownInfo(BaseModel):
    """A world at a glance."""

    title: str
    language: str
    tick: int
    time: str
    characters: list[CharacterInfo]
    timeline_length: int


class ForgetResult(BaseModel):
    """What a player's erasure removed."""

    player: str
    npc: str | None = None
    memory: str | None = Field(None, description="the one memory erased (with what derives from it), when asked")
    removed: dict[str, list[str]] = Field(default_factory=dict)
    redacted_facts: list[str] = Field(default_factory=list)
    reverted_edge_changes: int = 0
