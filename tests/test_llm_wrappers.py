"""Retry, call limit and accounting wrappers, plus assembling providers by kind."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from townsfolk.agents.llm.cassette import RecordingProvider, ReplayProvider
from townsfolk.agents.llm.errors import ProviderUnavailable, ScriptExhausted
from townsfolk.agents.llm.llama_cpp import LlamaCppProvider, bundled_gguf_path
from townsfolk.agents.llm.openai_compat import OpenAICompatProvider
from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse
from townsfolk.agents.llm.registry import make_provider
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.agents.llm.wrappers import (
    AccountingProvider,
    CallLimitProvider,
    RetryProvider,
    Usage,
)


def req(task: str = "reply") -> LLMRequest:
    return LLMRequest(task=task)


def err(reason: str) -> LLMResponse:
    return LLMResponse(error=reason, finish_reason="error")


def ok(text: str = "ok", tokens_in: int = 3, tokens_out: int = 2) -> LLMResponse:
    return LLMResponse(text=text, tokens_in=tokens_in, tokens_out=tokens_out)


# --- retry ---


def test_retry_until_success_with_doubling_backoff() -> None:
    inner = ScriptedProvider([err("http 500"), err("timeout"), ok("third")])
    sleeps: list[float] = []
    provider = RetryProvider(inner, attempts=3, backoff_s=0.1, sleep=sleeps.append)
    assert isinstance(provider, LLMProvider)
    assert provider.complete(req()).text == "third"
    assert len(inner.requests) == 3
    assert sleeps == pytest.approx([0.1, 0.2])


def test_retry_gives_up_after_attempts() -> None:
    inner = ScriptedProvider([err("http 500")] * 5)
    provider = RetryProvider(inner, attempts=2, sleep=lambda s: None)
    assert provider.complete(req()).error == "http 500"
    assert len(inner.requests) == 2


@pytest.mark.parametrize("reason", ["http 401", "refusal", "call limit reached"])
def test_permanent_failures_are_not_retried(reason: str) -> None:
    inner = ScriptedProvider([err(reason), ok()])
    assert RetryProvider(inner, attempts=3).complete(req()).error == reason
    assert len(inner.requests) == 1


def test_retry_many_re_asks_only_the_failures() -> None:
    seen: dict[str, int] = {}

    def flaky(request: LLMRequest) -> LLMResponse:
        seen[request.task] = seen.get(request.task, 0) + 1
        if request.task == "b" and seen["b"] < 3:
            return err("http 503")
        return ok(request.task)

    provider = RetryProvider(ScriptedProvider(flaky), attempts=3)
    responses = provider.complete_many([req("a"), req("b"), req("c")])
    assert [r.text for r in responses] == ["a", "b", "c"]
    assert seen == {"a": 1, "b": 3, "c": 1}


# --- call limit ---


def test_call_limit_stops_calling_inner() -> None:
    inner = ScriptedProvider(["one", "two", "three"])
    provider = CallLimitProvider(inner, max_calls=2)
    answers = [provider.complete(req()) for _ in range(3)]
    assert [a.text for a in answers[:2]] == ["one", "two"]
    assert answers[2].error == "call limit reached"
    assert len(inner.requests) == 2 and provider.remaining == 0


def test_call_limit_many_answers_what_the_budget_allows() -> None:
    inner = ScriptedProvider(["one", "two", "three"])
    provider = CallLimitProvider(inner, max_calls=2)
    responses = provider.complete_many([req(), req(), req()])
    assert [r.error for r in responses] == [None, None, "call limit reached"]
    assert len(inner.requests) == 2


# --- accounting ---


def test_accounting_totals_and_failures_by_reason() -> None:
    inner = ScriptedProvider(
        [ok(tokens_in=10, tokens_out=4), err("timeout"), ok(tokens_in=5, tokens_out=1)]
        + [err("http 500"), err("timeout"), err("not in cassette: abc123")]
    )
    provider = AccountingProvider(inner)
    provider.complete(req("reply"))
    provider.complete(req("gate"))
    provider.complete_many([req("reply"), req("summary"), req("judge"), req("retell")])
    assert provider.usage == Usage(
        calls=6,
        tokens_in=15,
        tokens_out=5,
        failures=4,
        failures_by_reason={"timeout": 2, "http 500": 1, "not in cassette": 1},
    )
    assert provider.failures == [
        ("gate", "timeout"),
        ("summary", "http 500"),
        ("judge", "timeout"),
        ("retell", "not in cassette: abc123"),
    ]


def test_stacked_wrappers() -> None:
    inner = ScriptedProvider([err("http 500"), ok("a"), ok("b")])
    stack = AccountingProvider(
        CallLimitProvider(RetryProvider(inner, attempts=2, sleep=lambda s: None), max_calls=2)
    )
    assert [stack.complete(req()).text for _ in range(2)] == ["a", "b"]
    assert stack.complete(req()).error == "call limit reached"
    assert stack.usage.calls == 3 and stack.usage.failures_by_reason == {"call limit reached": 1}
    assert stack.name == "scripted"


def test_scripted_runs_out_loudly() -> None:
    provider = ScriptedProvider(["only"])
    provider.complete(req())
    with pytest.raises(ScriptExhausted, match="ran out"):
        provider.complete(req())


# --- assembling providers by kind ---


def test_registry_builds_and_rejects(tmp_path: Path) -> None:
    assert isinstance(make_provider("offline"), LLMProvider)
    provider = make_provider("openai", url="http://127.0.0.1:9/v1", model="m")
    assert isinstance(provider, OpenAICompatProvider)
    with pytest.raises(ValueError, match="url"):
        make_provider("openai", model="m")
    with pytest.raises(ValueError, match="unknown provider kind"):
        make_provider("gpt5")
    with pytest.raises(ValueError, match="cassette"):
        make_provider("replay")
    cassette = tmp_path / "c.jsonl"
    cassette.write_text("", encoding="utf-8")
    assert isinstance(make_provider("replay", cassette=cassette), ReplayProvider)
    recorded = make_provider("replay", cassette=cassette, record=tmp_path / "r.jsonl")
    assert isinstance(recorded, RecordingProvider)


def test_llama_missing_dependency_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "llama_cpp", None)
    with pytest.raises(ProviderUnavailable, match="pip install llama-cpp-python"):
        LlamaCppProvider("model.gguf")
    with pytest.raises(ImportError):
        make_provider("llama", model="model.gguf")


def test_llama_provider_passes_schema_to_llama(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[dict[str, Any]] = []

    class FakeLlama:
        def __init__(self, **kwargs: Any) -> None:
            self.kwargs = kwargs

        def create_chat_completion(self, **kwargs: Any) -> dict[str, Any]:
            calls.append(kwargs)
            if kwargs["max_tokens"] == 1:
                raise ValueError("Requested tokens exceed context window")
            message = {"role": "assistant", "content": '{"mood": "calm"}'}
            return {"model": "x", "choices": [{"message": message, "finish_reason": "stop"}]}

    fake = type(sys)("llama_cpp")
    fake.Llama = FakeLlama  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "llama_cpp", fake)
    gguf = tmp_path / "tiny.gguf"
    gguf.write_bytes(b"GGUF")
    provider = LlamaCppProvider(gguf, seed=7)
    schema = {"type": "object"}
    response = provider.complete(LLMRequest(task="gate", json_schema=schema))
    assert response.ok and response.text == '{"mood": "calm"}'
    assert calls[0]["response_format"] == {"type": "json_object", "schema": schema}
    assert calls[0]["seed"] == 7
    failed = provider.complete(LLMRequest(task="gate", max_tokens=1))
    assert failed.error == "llama error: ValueError"


def test_bundled_gguf_absent_is_none(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    def missing(name: str) -> Any:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", missing)
    assert bundled_gguf_path() is None
