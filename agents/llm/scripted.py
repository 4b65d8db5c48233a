"""A provider that answers from a script, so tests pin exactly what the "model" says.

Running out of script is a bug in the test, not a model failure, so that one case raises.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from townsfolk.agents.llm.errors import ScriptExhausted
from townsfolk.agents.llm.openai_compat import prompt_messages
from townsfolk.agents.llm.protocol import LLMRequest, LLMResponse, estimate_tokens
from townsfolk.agents.llm.streaming import TokenSink, relay

Answer = str | LLMResponse
Script = Sequence[Answer] | Callable[[LLMRequest], Answer]


class ScriptedProvider:
    """Answers in order from a list, or from a function of the request; records every request."""

    def __init__(self, answers: Script, name: str = "scripted", model: str = "scripted") -> None:
        self.name = name
        self.model = model
        self._script: Callable[[LLMRequest], Answer] | None = None
        self._answers: list[Answer] = []
        if callable(answers):
            self._script = answers
        else:
            self._answers = list(answers)
        self._next = 0
        self.requests: list[LLMRequest] = []

    @property
    def remaining(self) -> int:
        """Answers left in a list script (0 for a function script)."""
        return len(self._answers) - self._next

    def _answer_for(self, request: LLMRequest) -> Answer:
        if self._script is not None:
            return self._script(request)
        if self._next >= len(self._answers):
            raise ScriptExhausted(
                f"ScriptedProvider ran out of answers after {len(self._answers)} "
                f"(request #{len(self.requests)}, task={request.task!r}); the test needs more"
            )
        answer = self._answers[self._next]
        self._next += 1
        return answer

    def complete(self, request: LLMRequest) -> LLMResponse:
        self.requests.append(request)
        answer = self._answer_for(request)
        if isinstance(answer, LLMResponse):
            return answer
        prompt = prompt_messages(request)
        return LLMResponse(
            text=answer,
            model=self.model,
            tokens_in=sum(estimate_tokens(m.content) for m in prompt),
            tokens_out=estimate_tokens(answer),
        )

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """The scripted answer, relayed in word (or two-character) pieces (a failed one is not)."""
        response = self.complete(request)
        if response.ok:
            relay(response.text, request.language, on_token)
        return response

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        return [self.complete(r) for r in requests]
