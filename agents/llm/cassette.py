"""Record every model call to a JSON-lines cassette and replay it byte for byte.

A run against a real model is slow and non-reproducible; a cassette turns it into a fixture. The
key is the sha256 of the request's canonical JSON, so any change to what code asks for (a prompt,
a grounding item, a schema) shows up as a miss instead of a silently stale answer.
A streamed call is recorded as its whole answer (the same entry `complete` writes); replay relays
a recorded answer in word (or two-character) pieces, not with the recorded chunk boundaries.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import deque
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse
from townsfolk.agents.llm.streaming import TokenSink, relay, stream_complete

CASSETTE_MISS = "not in cassette"
CASSETTE_EXHAUSTED = "cassette exhausted"
KEY_PREFIX_LEN = 12


def canonical_json(request: LLMRequest) -> str:
    """The one text form of a request that keys are computed from."""
    return json.dumps(
        request.model_dump(mode="json"), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )


def request_key(request: LLMRequest) -> str:
    """sha256 hex of the request's canonical JSON."""
    return hashlib.sha256(canonical_json(request).encode("utf-8")).hexdigest()


class CassetteEntry(BaseModel):
    """One line of a cassette."""

    key: str
    request: LLMRequest
    response: LLMResponse


def read_cassette(path: str | Path) -> list[CassetteEntry]:
    """All entries of a cassette, in recorded order; a corrupt line raises with its number."""
    entries = []
    with Path(path).open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                entries.append(CassetteEntry.model_validate_json(line))
            except ValueError as exc:
                raise ValueError(f"{path}:{number}: not a cassette entry ({exc})") from exc
    return entries


class RecordingProvider:
    """Passes calls to `inner` and appends each (key, request, response) to the cassette."""

    def __init__(self, inner: LLMProvider, path: str | Path) -> None:
        self.inner = inner
        self.name = inner.name
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def _append(self, pairs: list[tuple[LLMRequest, LLMResponse]]) -> None:
        lines = []
        for request, response in pairs:
            entry: dict[str, Any] = {
                "key": request_key(request),
                "request": request.model_dump(mode="json"),
                "response": response.model_dump(mode="json"),
            }
            lines.append(json.dumps(entry, sort_keys=True, ensure_ascii=False) + "\n")
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.writelines(lines)

    def complete(self, request: LLMRequest) -> LLMResponse:
        response = self.inner.complete(request)
        self._append([(request, response)])
        return response

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        response = stream_complete(self.inner, request, on_token)
        self._append([(request, response)])
        return response

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        responses = self.inner.complete_many(requests)
        self._append(list(zip(requests, responses, strict=True)))
        return responses


class ReplayProvider:
    """Answers from a cassette by request key; identical requests get their answers in recorded order.

    strict (the default): a request the cassette lacks, or asks more often than recorded, is a
    failed response (`not in cassette: <key prefix>` / `cassette exhausted: <key prefix>`).
    Not strict: a miss goes to `fallback` if given, and a key asked too often repeats its last
    recorded answer.
    """

    def __init__(
        self, path: str | Path, strict: bool = True, fallback: LLMProvider | None = None
    ) -> None:
        self.path = Path(path)
        self.name = f"replay:{self.path.name}"
        self.strict = strict
        self.fallback = fallback
        self._queues: dict[str, deque[LLMResponse]] = {}
        self._last: dict[str, LLMResponse] = {}
        for entry in read_cassette(self.path):
            self._queues.setdefault(entry.key, deque()).append(entry.response)
        self.misses: list[str] = []  # full keys of requests the cassette could not answer
        self._lock = threading.Lock()

    def _miss(self, key: str, reason: str) -> LLMResponse:
        self.misses.append(key)
        return LLMResponse(
            text="", model="", finish_reason="error", error=f"{reason}: {key[:KEY_PREFIX_LEN]}"
        )

    def complete(self, request: LLMRequest) -> LLMResponse:
        key = request_key(request)
        with self._lock:
            queue = self._queues.get(key)
            if queue:
                response = queue.popleft()
                self._last[key] = response
                return response.model_copy(deep=True)
            if queue is not None:  # recorded, but asked more often than recorded
                if not self.strict:
                    return self._last[key].model_copy(deep=True)
                return self._miss(key, CASSETTE_EXHAUSTED)
            if self.strict or self.fallback is None:
                return self._miss(key, CASSETTE_MISS)
        return self.fallback.complete(request)

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """The recorded answer, relayed in pieces (a miss goes to the fallback, streamed if it can)."""
        key = request_key(request)
        with self._lock:
            recorded = bool(self._queues.get(key)) or key in self._last or self.strict or self.fallback is None
        if not recorded:
            assert self.fallback is not None
            return stream_complete(self.fallback, request, on_token)
        response = self.complete(request)
        if response.ok:
            relay(response.text, request.language, on_token)
        return response

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        return [self.complete(r) for r in requests]
