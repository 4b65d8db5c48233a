"""The one small protocol every language model sits behind.

Code decides, the model only voices: a request carries the task, the language, the grounding
(what the NPC actually remembers) and, when structured output is wanted, a JSON schema. Every
provider (offline, scripted, OpenAI-compatible HTTP, llama.cpp, cassette replay) answers with the
same response shape, so wrappers (retry, call limit, accounting, recording) stack on any of them.
Streaming a reply as it is produced is one optional method more, `stream` (agents/llm/streaming.py).
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

Language = Literal["zh", "en"]


class Message(BaseModel):
    """One chat message in OpenAI chat-completions form."""

    role: Literal["system", "user", "assistant"]
    content: str


class GroundingItem(BaseModel):
    """A memory, belief or impression handed to the model; the offline provider speaks from these."""

    kind: str  # impression | summary | belief | event | persona | fact
    id: str
    text: str
    about: str | None = None
    valence: float = 0.0
    meta: dict[str, Any] = Field(default_factory=dict)


class LLMRequest(BaseModel):
    """Everything a provider needs for one call; hashed by the recorder to key cassettes."""

    task: str  # reply | retell | summary | impression | gate | stage | judge | ...
    language: Language = "zh"
    speaker: str = ""
    listener: str | None = None
    messages: list[Message] = Field(default_factory=list)
    grounding: list[GroundingItem] = Field(default_factory=list)
    json_schema: dict[str, Any] | None = None
    max_tokens: int = 256
    temperature: float = 0.0
    meta: dict[str, Any] = Field(default_factory=dict)


class LLMResponse(BaseModel):
    """A provider's answer; `error` is set (and `text` may be empty) when the call failed."""

    text: str = ""
    model: str = ""
    tokens_in: int = 0
    tokens_out: int = 0
    finish_reason: str = "stop"
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@runtime_checkable
class LLMProvider(Protocol):
    """Anything that turns a request into a response. Never raises for model failures."""

    name: str

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Answer one request; failures come back as a response with `error` set."""

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        """Answer several requests (a tick's fan-out), in the order given."""


def estimate_tokens(text: str) -> int:
    """A cheap, deterministic token estimate for providers that do not report usage."""
    cjk = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    other = len(text) - cjk
    return cjk + (other + 3) // 4
