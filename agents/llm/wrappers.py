"""Providers that wrap providers: retry, a hard call budget, and accounting for the run record.

Each wrapper is itself an `LLMProvider`, so they stack in any order over any backend, e.g.
`AccountingProvider(CallLimitProvider(RetryProvider(http, attempts=3), max_calls=500))`.
Fan-out (`complete_many`) is passed down to the inner provider so HTTP concurrency survives the
stacking, and so is streaming (`stream`, agents/llm/streaming.py), with the same accounting.
Wrappers keep the inner provider's `name`: the run record names the backend, not the plumbing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from pydantic import BaseModel, Field

from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse
from townsfolk.agents.llm.streaming import Relayed, TokenSink, stream_complete

CALL_LIMIT_ERROR = "call limit reached"

# Failures that another attempt cannot fix: the answer would be the same.
_PERMANENT_PREFIXES = ("refusal", CALL_LIMIT_ERROR, "not in cassette", "cassette exhausted")


def is_transient(response: LLMResponse) -> bool:
    """Whether a failed response is worth another attempt (4xx other than 429 is not)."""
    error = response.error
    if error is None:
        return False
    if error.startswith(_PERMANENT_PREFIXES):
        return False
    if error.startswith("http 4") and error != "http 429":
        return False
    return True


def failure_reason(error: str) -> str:
    """The bucket a failure is counted under: the text before any ':' detail."""
    return error.split(":", 1)[0].strip() or "unknown"


class RetryProvider:
    """Re-asks the inner provider while its answer is a transient failure."""

    def __init__(
        self,
        inner: LLMProvider,
        attempts: int = 3,
        backoff_s: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        retry_if: Callable[[LLMResponse], bool] = is_transient,
    ) -> None:
        """`attempts` counts every try, the first included; the wait doubles from `backoff_s`."""
        if attempts < 1:
            raise ValueError("attempts must be at least 1")
        self.inner = inner
        self.name = inner.name
        self.attempts = attempts
        self.backoff_s = backoff_s
        self.sleep = sleep
        self.retry_if = retry_if

    def _wait(self, retry: int) -> None:
        if self.backoff_s > 0:
            self.sleep(self.backoff_s * (2 ** (retry - 1)))

    def complete(self, request: LLMRequest) -> LLMResponse:
        response = self.inner.complete(request)
        for retry in range(1, self.attempts):
            if not self.retry_if(response):
                break
            self._wait(retry)
            response = self.inner.complete(request)
        return response

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """Streamed; re-asked only while nothing was relayed (a listener never hears a start twice)."""
        sink = Relayed(on_token)
        response = stream_complete(self.inner, request, sink)
        for retry in range(1, self.attempts):
            if sink.any or not self.retry_if(response):
                break
            self._wait(retry)
            response = stream_complete(self.inner, request, sink)
        return response

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        responses = self.inner.complete_many(requests)
        for retry in range(1, self.attempts):
            again = [i for i, r in enumerate(responses) if self.retry_if(r)]
            if not again:
                break
            self._wait(retry)
            fresh = self.inner.complete_many([requests[i] for i in again])
            for i, response in zip(again, fresh, strict=True):
                responses[i] = response
        return responses


class CallLimitProvider:
    """A hard budget on calls reaching the inner provider; past it, answers fail without a call."""

    def __init__(self, inner: LLMProvider, max_calls: int) -> None:
        if max_calls < 0:
            raise ValueError("max_calls must be >= 0")
        self.inner = inner
        self.name = inner.name
        self.max_calls = max_calls
        self.calls = 0
        self._lock = threading.Lock()

    @property
    def remaining(self) -> int:
        return max(self.max_calls - self.calls, 0)

    def _take(self, wanted: int) -> int:
        with self._lock:
            granted = min(wanted, self.remaining)
            self.calls += granted
            return granted

    @staticmethod
    def _refused() -> LLMResponse:
        return LLMResponse(text="", model="", finish_reason="error", error=CALL_LIMIT_ERROR)

    def complete(self, request: LLMRequest) -> LLMResponse:
        if not self._take(1):
            return self._refused()
        return self.inner.complete(request)

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        if not self._take(1):
            return self._refused()
        return stream_complete(self.inner, request, on_token)

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        granted = self._take(len(requests))
        answered = self.inner.complete_many(requests[:granted]) if granted else []
        return answered + [self._refused() for _ in requests[granted:]]


class Usage(BaseModel):
    """Totals for the run record."""

    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    failures: int = 0
    failures_by_reason: dict[str, int] = Field(default_factory=dict)


class AccountingProvider:
    """Counts calls, tokens and failures (by reason) so a run can report what the model cost."""

    def __init__(self, inner: LLMProvider) -> None:
        self.inner = inner
        self.name = inner.name
        self.usage = Usage()
        self.failures: list[tuple[str, str]] = []  # (task, error) per failed call, in order
        self._lock = threading.Lock()

    def _count(self, request: LLMRequest, response: LLMResponse) -> None:
        with self._lock:
            usage = self.usage
            usage.calls += 1
            usage.tokens_in += response.tokens_in
            usage.tokens_out += response.tokens_out
            if response.error is not None:
                usage.failures += 1
                reason = failure_reason(response.error)
                usage.failures_by_reason[reason] = usage.failures_by_reason.get(reason, 0) + 1
                self.failures.append((request.task, response.error))

    def complete(self, request: LLMRequest) -> LLMResponse:
        response = self.inner.complete(request)
        self._count(request, response)
        return response

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        response = stream_complete(self.inner, request, on_token)
        self._count(request, response)
        return response

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        responses = self.inner.complete_many(requests)
        for request, response in zip(requests, responses, strict=True):
            self._count(request, response)
        return responses
