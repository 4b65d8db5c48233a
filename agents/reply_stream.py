"""A turn's reply relayed to the one who asked as the model produces it, without a private word.

The guards (agents/guards.py) judge a finished reply; streamed pieces leave before it is finished.
So the stream holds back what could still turn into a leak: any run of words (or CJK characters)
at its end that also runs, in that order, through one of the private items the listener may not
hear, and a word still being spelled. A run that grows into a leak (the guard's own measure, a
quotation of `MIN_LEAK_RUN` tokens or a short item whole) stops the relaying for good; a run that
breaks off harmlessly is let through. Engine bookkeeping ("trust level", scores) stops it too.

Once the turn is done, `finish` compares what was relayed with what the NPC actually said (after
the reply check, the guards and any offline fallback): equal, the held-back tail goes out;
different, the caller says so (`replaced` and why) so a game client can correct its bubble.
A turn whose words never came from a model (a rule reply, an errand line, a fallback before the
first piece) is relayed in pieces then, so a listener sees one shape for every turn.

The listener reaches the pipeline through a context variable set around one `Town.say`: the
reply is generated several calls deep (step -> converse -> ask -> dialogue_turn), and the beats
in between have no business carrying a callback. It is scoped to that call and its thread, and
only the turn of that NPC and that asker streams to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from pydantic import BaseModel, Field

# the guards' own units and patterns, joined into one expression per turn (one search per piece)
from townsfolk.agents.guards import (
    _BUILTIN_TERMS,
    _IDENTIFIER,
    _SCORE,
    _STAGE,
    MIN_LEAK_RUN,
    tokens,
)
from townsfolk.agents.guards import _TOKEN as TOKEN_UNITS
from townsfolk.agents.guards import _term_pattern as term_pattern
from townsfolk.agents.llm.streaming import TokenSink, pieces

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff]")
PRIVATE_HALT = "a private item the listener may not hear"
LABEL_REACH = 40  # characters before the new text a label phrase may have begun in ("familiarity score")


class StreamNote(BaseModel):
    """What a streamed turn relayed, and whether the spoken reply replaced it."""

    tokens: int = Field(description="token events sent")
    text: str = Field(description="what the token events added up to")
    replaced: bool = Field(description="the reply the NPC spoke (`text` of the result) is not what was "
                                       "streamed: show the result's text instead")
    reason: str | None = Field(None, description="why it was replaced (the reply check's or a guard's verdict)")


class ReplyStream:
    """The listener of one turn: relays pieces as they come, minus what must be held back."""

    def __init__(self, on_token: TokenSink, *, npc: str, asker: str, language: str) -> None:
        self.on_token = on_token
        self.npc, self.asker, self.language = npc, asker, language
        self.received = ""  # everything the model produced for the turn
        self.sent = 0  # characters of `received` relayed
        self.pieces = 0  # token events sent
        self.halted: str | None = None  # why relaying stopped before the end
        self.claimed = False  # a reply generation is streaming (or streamed) into it
        self.deaf = False  # the listener raised once: nothing more is handed to it
        self._labels = _labels_pattern(frozenset())
        self._snips: list[list[str]] = []
        self._rows: list[list[int]] = []  # per private item: common run ending at each of its tokens
        self._seen = 0  # complete tokens of `received` already compared

    def claim(self, npc: str, asker: str) -> bool:
        """Whether this turn (npc answering asker) is the one to stream; only the first one is."""
        if self.claimed or (npc, asker) != (self.npc, self.asker):
            return False
        self.claimed = True
        return True

    def protect(self, private_items: list[str], labels: frozenset[str] | set[str] = frozenset()) -> None:
        """What must not be relayed: private texts the asker may not hear, and the engine's labels."""
        self._snips = [t for t in (tokens(s) for s in private_items) if t]
        self._rows = [[0] * (len(s) + 1) for s in self._snips]
        self._labels = _labels_pattern(frozenset(labels))

    # --- pieces in -------------------------------------------------------------------------------
    def __call__(self, piece: str) -> None:
        if not piece:
            return
        self.received += piece
        if self.halted is not None:
            return
        found = list(TOKEN_UNITS.finditer(self.received))
        complete = len(found)
        if found and self._snips and found[-1].end() == len(self.received) and not _CJK.match(found[-1].group()):
            complete -= 1  # a word still being spelled may yet become part of a quotation
        for match in found[self._seen:complete]:
            self._compare(match.group().casefold())
            if self.halted is not None:
                return
        self._seen = max(self._seen, complete)
        suffix = max((max(row) for row in self._rows), default=0)  # the run ending at the last token
        boundary = len(self.received)
        if complete < len(found):
            boundary = found[complete].start()
        if suffix:
            boundary = min(boundary, found[self._seen - suffix].start())
        if boundary < len(self.received) and not _CJK.match(self.received[boundary]):
            boundary = _word_start(self.received, boundary)  # "It's" is held whole, not cut after "It'"
        if boundary <= self.sent:
            return
        if self._labels.search(self.received[max(0, self.sent - LABEL_REACH):boundary]):  # what is new
            self.halted = "the engine's bookkeeping in the reply"
            return
        self._send(self.received[self.sent:boundary])
        self.sent = boundary

    def _compare(self, token: str) -> None:
        """Advance every private item's run by one token; halt when one has become a quotation."""
        for i, snip in enumerate(self._snips):
            prev = self._rows[i]
            row = [0] * (len(snip) + 1)
            for j, word in enumerate(snip, start=1):
                if word == token:
                    row[j] = prev[j - 1] + 1
            self._rows[i] = row
            if max(row) >= min(len(snip), MIN_LEAK_RUN):
                self.halted = PRIVATE_HALT
                return

    def _send(self, text: str) -> None:
        if not text or self.deaf:
            return
        try:
            self.on_token(text)
        except Exception:  # the listener's trouble (a closed connection) must not break the turn
            self.deaf = True
            return
        self.pieces += 1

    # --- the turn is done ------------------------------------------------------------------------
    def finish(self, spoken: str, reason: str | None = None) -> StreamNote:
        """Settle the stream against what the NPC said: flush it, relay it whole, or report it replaced."""
        said = spoken.strip()
        if self.sent == 0:  # nothing shown yet: show what was said, in the same pieces
            for piece in pieces(said, self.language):
                self._send(piece)
            self.sent = -1
            return StreamNote(tokens=self.pieces, text=said, replaced=False)
        relayed = self.received[:self.sent]
        if said == self.received.strip():  # the guards passed all of it (so nothing here was a leak)
            self._send(self.received[self.sent:])
            return StreamNote(tokens=self.pieces, text=self.received, replaced=False)
        why = reason or self.halted or "the reply changed after it was streamed"
        if self.halted is not None and reason and self.halted not in reason:
            why = f"{reason}; stopped streaming at {self.halted}"
        return StreamNote(tokens=self.pieces, text=relayed, replaced=True, reason=why)


@lru_cache(maxsize=8)  # the labels are the same every turn
def _labels_pattern(labels: frozenset[str]) -> re.Pattern[str]:
    """Everything `no_internal_labels` looks for (its built-in terms, stage talk, scores,
    identifiers, and these labels) as one expression, each part with its own case rule."""
    parts = [p for _t, p in _BUILTIN_TERMS] + [term_pattern(t) for t in sorted(labels) if t.strip()]
    parts += [_STAGE, _SCORE, _IDENTIFIER]
    return re.compile("|".join(f"(?{'i' if p.flags & re.IGNORECASE else '-i'}:{p.pattern})" for p in parts))


def _word_start(text: str, at: int) -> int:
    """Where the space-delimited word holding position `at` begins."""
    while at > 0 and not text[at - 1].isspace() and not _CJK.match(text[at - 1]):
        at -= 1
    return at


_listening: ContextVar[ReplyStream | None] = ContextVar("townsfolk_reply_stream", default=None)


@contextmanager
def streaming_to(stream: ReplyStream | None) -> Iterator[None]:
    """While inside, the turn `stream` is for relays its reply to it."""
    token = _listening.set(stream)
    try:
        yield
    finally:
        _listening.reset(token)


def stream_for(npc: str, asker: str) -> ReplyStream | None:
    """The listener for this turn, if a caller is streaming it (and no earlier turn took it)."""
    stream = _listening.get()
    return stream if stream is not None and stream.claim(npc, asker) else None
