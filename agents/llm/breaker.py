"""A per-run health breaker: a model that keeps failing is rested, so a dead server costs a few timeouts.

Without it a server whose every request hangs cost timeout x attempts on every call of the run
(566 s for the village instead of 3.5 s). After `trip_after` failures in a row the breaker opens:
the next `cooldown` calls are not sent (the caller gets a failed response and uses its offline
path); then one call is let through as a probe. A good answer closes it; a failed probe opens it
again for twice as long. Cool-downs are counted in calls, never in wall time, so a run stays
deterministic, and the number of calls a dead server can fail is about trip_after + log2(calls).
"""

from __future__ import annotations

import threading

from pydantic import BaseModel

from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse
from townsfolk.agents.llm.streaming import TokenSink, stream_complete

BREAKER_ERROR = "model resting"  # the error of a call the breaker did not send


class BreakerState(BaseModel):
    """What the breaker did, for the run's summary."""

    trips: int = 0  # times it opened
    skipped: int = 0  # calls answered offline because it was open
    consecutive_failures: int = 0
    cooldown_left: int = 0  # calls still to skip
    cooldown: int = 0  # length of the last cool-down


class HealthBreaker:
    """Wraps a provider; opens after `trip_after` consecutive failed responses (any `error`)."""

    def __init__(self, inner: LLMProvider, *, trip_after: int = 3, cooldown_calls: int = 20,
                 max_cooldown_calls: int = 5_000) -> None:
        if trip_after < 1 or cooldown_calls < 1 or max_cooldown_calls < cooldown_calls:
            raise ValueError("need trip_after >= 1 and 1 <= cooldown_calls <= max_cooldown_calls")
        self.inner = inner
        self.name = inner.name
        self.trip_after = trip_after
        self.cooldown_calls = cooldown_calls
        self.max_cooldown_calls = max_cooldown_calls
        self.state = BreakerState()
        self._lock = threading.Lock()

    @property
    def is_open(self) -> bool:
        return self.state.cooldown_left > 0

    def _take_skips(self, wanted: int) -> int:
        """How many of the next `wanted` calls are skipped."""
        with self._lock:
            n = min(wanted, self.state.cooldown_left)
            self.state.cooldown_left -= n
            self.state.skipped += n
            return n

    def _observe(self, response: LLMResponse) -> None:
        with self._lock:
            s = self.state
            if response.ok:
                s.consecutive_failures = 0
                s.cooldown = 0  # healthy again: the next trip starts from the base cool-down
                return
            s.consecutive_failures += 1
            if s.consecutive_failures >= self.trip_after:
                s.cooldown = min(self.max_cooldown_calls, s.cooldown * 2 if s.cooldown else self.cooldown_calls)
                s.cooldown_left = s.cooldown
                s.trips += 1
                # the probe after the cool-down alone decides: one more failure re-opens at once
                s.consecutive_failures = self.trip_after - 1

    @staticmethod
    def _skipped() -> LLMResponse:
        return LLMResponse(finish_reason="error", error=f"{BREAKER_ERROR}: too many failures in a row")

    def complete(self, request: LLMRequest) -> LLMResponse:
        if self._take_skips(1):
            return self._skipped()
        response = self.inner.complete(request)
        self._observe(response)
        return response

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """Streamed through, counted like `complete`: while resting nothing is sent (or relayed)."""
        if self._take_skips(1):
            return self._skipped()
        response = stream_complete(self.inner, request, on_token)
        self._observe(response)
        return response

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        skipped = self._take_skips(len(requests))
        sent = self.inner.complete_many(requests[skipped:]) if skipped < len(requests) else []
        for response in sent:
            self._observe(response)
        return [self._skipped() for _ in range(skipped)] + sent
