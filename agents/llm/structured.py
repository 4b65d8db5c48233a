"""Structured output: ask for JSON, validate it with pydantic, repair once, else give up.

Small models wrap JSON in fences or prose and sometimes miss a field. One repair turn (showing
the model its own answer and the validation error) recovers most of those; past that the caller
is better served by its deterministic heuristic than by more calls, so we return None.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from townsfolk.agents.llm.openai_compat import build_messages
from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse, Message

ModelT = TypeVar("ModelT", bound=BaseModel)

_MAX_ERROR_CHARS = 600


def extract_json(text: str) -> Any:
    """The first JSON object in `text`, tolerating code fences and prose around it.

    Raises ValueError when there is none.
    """
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except ValueError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    raise ValueError("no JSON object found in the answer")


def _describe(exc: Exception) -> str:
    """A compact, model-readable validation error (no pydantic doc URLs)."""
    if isinstance(exc, ValidationError):
        parts = []
        for err in exc.errors(include_url=False):
            where = ".".join(str(p) for p in err["loc"]) or "(root)"
            parts.append(f"{where}: {err['msg']}")
        text = "; ".join(parts)
    else:
        text = str(exc)
    return text[:_MAX_ERROR_CHARS]


def parse_answer(text: str, model_cls: type[ModelT]) -> ModelT:
    """Extract and validate; raises ValueError (ValidationError is one) when the answer is unusable."""
    return model_cls.model_validate(extract_json(text))


def repair_request(request: LLMRequest, bad_answer: str, problem: str) -> LLMRequest:
    """The follow-up turn: the original conversation, the bad answer, and what was wrong with it."""
    messages = [
        *build_messages(request),
        Message(role="assistant", content=bad_answer),
        Message(
            role="user",
            content=(
                f"That answer was not valid: {problem}\n"
                "Reply again with only one JSON object that matches the schema."
            ),
        ),
    ]
    return request.model_copy(
        update={"messages": messages, "meta": {**request.meta, "repair": True}}
    )


def complete_structured(
    provider: LLMProvider, request: LLMRequest, model_cls: type[ModelT]
) -> tuple[ModelT | None, list[LLMResponse]]:
    """Ask for a `model_cls` instance; None means fall back. All responses are returned for accounting.

    A provider failure (timeout, refusal, call limit) is not repaired: the model never answered,
    and retrying is the job of `RetryProvider`.
    """
    if request.json_schema is None:
        request = request.model_copy(update={"json_schema": model_cls.model_json_schema()})
    responses: list[LLMResponse] = []
    first = provider.complete(request)
    responses.append(first)
    if not first.ok:
        return None, responses
    try:
        return parse_answer(first.text, model_cls), responses
    except ValueError as exc:
        problem = _describe(exc)
    if first.finish_reason == "length":
        return None, responses  # cut off at the token limit: a repair with the same budget stops the same way
    second = provider.complete(repair_request(request, first.text, problem))
    responses.append(second)
    if not second.ok:
        return None, responses
    try:
        return parse_answer(second.text, model_cls), responses
    except ValueError:
        return None, responses
