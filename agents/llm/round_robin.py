"""Several model servers behind one provider: calls go round-robin, each server keeps its own
concurrency limit (as OASIS spreads an agent society over several vLLM servers).

`complete_many` (a tick's level-2 fan-out) splits the batch across the servers and waits for
all of them in parallel, so k servers carry a tick's calls about k times faster; answers come
back in the order asked. Which server answered a request never changes what it says.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse
from townsfolk.agents.llm.streaming import TokenSink, stream_complete


class RoundRobinProvider:
    """One provider over many; `sent[i]` counts what went to server i."""

    def __init__(self, providers: list[LLMProvider]) -> None:
        if not providers:
            raise ValueError("round-robin needs at least one provider")
        self.providers = providers
        self.name = providers[0].name
        self.sent = [0] * len(providers)
        self._next = 0
        self._lock = threading.Lock()

    def _take(self, n: int) -> int:
        with self._lock:
            start = self._next
            self._next = (self._next + n) % len(self.providers)
            return start

    def complete(self, request: LLMRequest) -> LLMResponse:
        i = self._take(1)
        with self._lock:
            self.sent[i] += 1
        return self.providers[i].complete(request)

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """Streamed by the next server in turn."""
        i = self._take(1)
        with self._lock:
            self.sent[i] += 1
        return stream_complete(self.providers[i], request, on_token)

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        if not requests:
            return []
        k = len(self.providers)
        start = self._take(len(requests))
        shares: list[list[int]] = [[] for _ in range(k)]
        for j in range(len(requests)):
            shares[(start + j) % k].append(j)
        out: list[LLMResponse | None] = [None] * len(requests)

        def run(i: int) -> None:
            if not shares[i]:
                return
            with self._lock:
                self.sent[i] += len(shares[i])
            answers = self.providers[i].complete_many([requests[j] for j in shares[i]])
            for j, answer in zip(shares[i], answers, strict=True):
                out[j] = answer

        with ThreadPoolExecutor(max_workers=k) as pool:
            list(pool.map(run, range(k)))
        return [a for a in out if a is not None]

    def close(self) -> None:
        for p in self.providers:
            close = getattr(p, "close", None)
            if close:
                close()


def make_fanout_provider(kind: str, *, urls: list[str], model: str | None = None, timeout: float = 30.0,
                         max_retries: int = 2, concurrency: int = 4, **options: object) -> LLMProvider:
    """A provider for `kind`; with several URLs (openai), one per server behind a round-robin."""
    from townsfolk.agents.llm.registry import make_provider

    if len(urls) <= 1:
        return make_provider(kind, url=urls[0] if urls else None, model=model, timeout=timeout,
                             max_retries=max_retries, concurrency=concurrency, **options)  # type: ignore[arg-type]
    if kind.strip().lower() != "openai":
        raise ValueError(f"several --llm-url need --llm openai, not {kind!r}")
    return RoundRobinProvider([make_provider("openai", url=u, model=model, timeout=timeout, max_retries=max_retries,
                                             concurrency=concurrency, **options)  # type: ignore[arg-type]
                               for u in urls])
