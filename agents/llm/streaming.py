"""Token streaming: a provider hands over a reply piece by piece as the model produces it.

Streaming is an optional method beside `complete`: `stream(request, on_token)` calls `on_token`
with each piece of text as it arrives and returns the same `LLMResponse` `complete` would (the whole
text, usage, errors), so every check that judges a reply still judges all of it. A provider that
cannot stream is streamed *after the fact* by `stream_complete`: its whole answer cut into the
same small pieces, so a listener sees one shape whatever the backend.

Who streams for real: `OpenAICompatProvider` (server-sent chunks over httpx) and `LlamaCppProvider`
(the chunks llama-cpp-python yields with `stream=True`). Offline, scripted
and cassette replay cut their (instant) answer into word or character pieces. The wrappers
(retry, call limit, accounting, breaker, reply check, recorder, round-robin) pass streaming
through with the same accounting as `complete`; a retry happens only while nothing was relayed,
so a listener never hears the start of a reply twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse

TokenSink = Callable[[str], None]
"""Told each piece of a reply as it arrives (called in the thread that asked the model)."""

ZH_PIECE = 2  # characters per piece when a Chinese reply is cut after the fact (a tokenizer's size)
_EN_PIECE = re.compile(r"\s*\S+")  # one word with the space before it
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff]")


@runtime_checkable
class StreamingProvider(Protocol):
    """A provider that can relay its reply as it is produced."""

    name: str

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """Answer like `complete`, calling `on_token` with each piece of text as it arrives."""


def pieces(text: str, language: str = "en") -> list[str]:
    """`text` cut into the pieces a model would stream: words (with their leading space) where
    words are spaced, two characters at a time in Chinese. Joined, they are `text` exactly."""
    if not text:
        return []
    if language == "zh" or len(_CJK.findall(text)) * 2 > len(text.strip()):
        return [text[i:i + ZH_PIECE] for i in range(0, len(text), ZH_PIECE)]
    out = _EN_PIECE.findall(text)
    rest = len(text) - sum(len(p) for p in out)
    if rest:  # trailing whitespace
        out.append(text[-rest:])
    return out


def relay(text: str, language: str, on_token: TokenSink) -> None:
    """Hand `text` to `on_token` piece by piece (for answers that exist whole at once)."""
    for piece in pieces(text, language):
        on_token(piece)


def stream_complete(provider: LLMProvider, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
    """`provider.stream` where it streams; else its whole answer, relayed in pieces after the fact
    (only an answer that did not fail is relayed)."""
    if isinstance(provider, StreamingProvider):
        return provider.stream(request, on_token)
    response = provider.complete(request)
    if response.ok:
        relay(response.text, request.language, on_token)
    return response


class Relayed:
    """Wraps a sink and remembers whether anything went through it (a retry must not repeat a start)."""

    def __init__(self, on_token: TokenSink) -> None:
        self.on_token = on_token
        self.any = False

    def __call__(self, piece: str) -> None:
        if piece:
            self.any = True
            self.on_token(piece)
