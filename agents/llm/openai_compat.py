"""A provider for any OpenAI-compatible chat-completions server (llama.cpp server, vLLM, OpenAI).

A run must never die because a model server misbehaved, so every failure (timeout, refused
connection, 5xx, garbage body, refusal) comes back as an `LLMResponse` with a short `error`
reason and the caller falls back to its heuristic. Transient failures are retried with a
deterministic exponential backoff (no jitter, so runs stay reproducible), and each attempt has a
hard deadline: a server that sends headers and then trickles its body cannot stall a tick.
`stream` asks with `"stream": true` and relays each server-sent chunk's text as it arrives, under
the same deadline, errors and retries (a retry only while nothing was relayed yet).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from townsfolk.agents.llm.protocol import (
    GroundingItem,
    LLMRequest,
    LLMResponse,
    Message,
    estimate_tokens,
)
from townsfolk.agents.llm.streaming import Relayed, TokenSink, relay

API_KEY_ENV_VARS = ("TOWNSFOLK_LLM_KEY", "OPENAI_API_KEY")
"""Environment variables consulted, in order, when no api_key is passed."""

_LANGUAGE_NAMES = {"zh": "Simplified Chinese (简体中文)", "en": "English"}


# --- prompt building: shared with the llama.cpp provider and the structured-output repair ---


def _source(item: GroundingItem, language: str) -> str:
    """Who told the NPC this memory, so the model can say where it heard it (as the offline voice does)."""
    teller = item.meta.get("teller_name") if item.meta.get("source") in ("told", "account") else None
    if not teller:
        return ""
    return f"（{teller}告诉我的）" if language == "zh" else f" (told me by {teller})"


def build_messages(request: LLMRequest) -> list[Message]:
    """The request's own messages, or a system+user pair built from speaker, grounding and task.

    Code decides what the NPC knows; the built prompt confines the model to the grounding so it
    voices memories instead of inventing them.
    """
    if request.messages:
        messages = list(request.messages)
        if request.grounding:
            # the caller wrote the prompt; the memories still travel with it, so the model can ground
            lines = "\n".join(f"- [{g.kind}]{f' (about {g.about})' if g.about else ''}{_source(g, request.language)} "
                              f"{g.text}" for g in request.grounding)
            memo = ("你记得的事：\n" if request.language == "zh" else "What you remember:\n") + lines
            # folded into the first system message: chat templates often keep only one
            if messages[0].role == "system":
                messages[0] = Message(role="system", content=f"{messages[0].content}\n\n{memo}")
            else:
                messages.insert(0, Message(role="system", content=memo))
        return messages
    who = request.speaker or "a townsperson"
    system = [
        f"You are {who}, a person living in a small town. Stay in character.",
        f"Answer in {_LANGUAGE_NAMES.get(request.language, request.language)}.",
    ]
    if request.grounding:
        system.append("Speak only from what you remember:")
        for item in request.grounding:
            about = f" (about {item.about})" if item.about else ""
            system.append(f"- [{item.kind}]{about}{_source(item, request.language)} {item.text}")
    else:
        system.append("You remember nothing relevant; do not invent facts.")
    user = [f"Task: {request.task}."]
    if request.listener:
        user.append(f"You are speaking to {request.listener}.")
    prompt = request.meta.get("prompt")
    if isinstance(prompt, str) and prompt:
        user.append(prompt)
    return [
        Message(role="system", content="\n".join(system)),
        Message(role="user", content="\n".join(user)),
    ]


JSON_MODES = ("json_object", "schema", "json_schema")


def response_format(mode: str, request: LLMRequest) -> dict[str, Any]:
    """How structured output is asked for; servers differ.

    `json_object` (OpenAI's JSON mode; the schema rides in the system message), `schema` (JSON
    mode with the schema attached, as llama.cpp's servers constrain by it), `json_schema` (OpenAI's
    structured outputs, also vLLM and recent llama-server).
    """
    if mode == "schema":
        return {"type": "json_object", "schema": request.json_schema}
    if mode == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": request.task or "answer", "schema": request.json_schema}}
    return {"type": "json_object"}


def json_instruction(schema: dict[str, Any]) -> str:
    """The sentence that asks for one JSON object; servers without schema support still see it."""
    rendered = json.dumps(schema, ensure_ascii=False, sort_keys=True)
    return (
        "Reply with only one JSON object (no prose, no code fences) that matches this JSON "
        f"schema:\n{rendered}"
    )


def with_json_instruction(messages: list[Message], schema: dict[str, Any]) -> list[Message]:
    """Messages with the schema described in the system message (added if there is none)."""
    instruction = json_instruction(schema)
    if messages and messages[0].role == "system":
        first = Message(role="system", content=f"{messages[0].content}\n\n{instruction}")
        return [first, *messages[1:]]
    return [Message(role="system", content=instruction), *messages]


def prompt_messages(request: LLMRequest) -> list[Message]:
    """Exactly the messages a provider sends for this request."""
    messages = build_messages(request)
    if request.json_schema is not None:
        messages = with_json_instruction(messages, request.json_schema)
    return messages


# --- response parsing: the pydantic boundary for what a server sends back ---


class _ChatMessage(BaseModel):
    model_config = ConfigDict(extra="ignore")

    content: str | list[dict[str, Any]] | None = None
    refusal: str | None = None

    def text(self) -> str | None:
        if isinstance(self.content, list):  # content parts, as some servers send
            return "".join(str(part.get("text", "")) for part in self.content)
        return self.content


class _Choice(BaseModel):
    model_config = ConfigDict(extra="ignore")

    message: _ChatMessage
    finish_reason: str | None = None


class _Usage(BaseModel):
    model_config = ConfigDict(extra="ignore")

    prompt_tokens: int | None = None
    completion_tokens: int | None = None


class _ChatCompletion(BaseModel):
    model_config = ConfigDict(extra="ignore")

    model: str | None = None
    choices: list[_Choice] = Field(min_length=1)
    usage: _Usage | None = None


class _Delta(BaseModel):
    model_config = ConfigDict(extra="ignore")

    content: str | None = None
    refusal: str | None = None


class _StreamChoice(BaseModel):
    model_config = ConfigDict(extra="ignore")

    delta: _Delta = Field(default_factory=_Delta)
    finish_reason: str | None = None


class _ChatChunk(BaseModel):
    """One server-sent chunk: `choices[0].delta.content` is the new text; the last may carry usage."""

    model_config = ConfigDict(extra="ignore")

    model: str | None = None
    choices: list[_StreamChoice] = Field(default_factory=list)
    usage: _Usage | None = None
    error: Any = None


class StreamedReply:
    """Reads a chat-completions event stream (`data: {json}` lines, `data: [DONE]` last) as it
    arrives, relaying each chunk's text; `response()` is the whole answer afterwards."""

    def __init__(self, model: str, on_token: TokenSink) -> None:
        self.model = model
        self.on_token = on_token
        self.parts: list[str] = []
        self.finish: str | None = None
        self.refused = False
        self.usage = _Usage()
        self.served_model: str | None = None
        self.error: str | None = None
        self.done = False
        self._data: list[str] = []

    def feed(self, line: str) -> None:
        """One line of the stream (without its newline)."""
        if self.done or self.error:
            return
        if not line.strip():
            self._dispatch()
        elif line.startswith("data:"):
            self._data.append(line[5:].removeprefix(" "))
        # `event:`, `id:`, `retry:` and `:` comments (keep-alives) carry nothing of the reply

    def close(self) -> None:
        """The stream ended: an event not yet ended by a blank line still counts."""
        self._dispatch()

    def _dispatch(self) -> None:
        if not self._data:
            return
        data, self._data = "\n".join(self._data), []
        if data.strip() == "[DONE]":
            self.done = True
            return
        try:
            decoded = json.loads(data)
        except ValueError:
            self.error = "malformed response"
            return
        self.take(decoded)

    def take(self, data: Any) -> None:
        """One decoded chunk (a `data:` event's JSON, or a chunk llama-cpp-python yields)."""
        try:
            chunk = _ChatChunk.model_validate(data)
        except ValidationError:
            self.error = "malformed response"
            return
        if chunk.error is not None:
            self.error = "stream error"
            return
        self.served_model = chunk.model or self.served_model
        if chunk.usage is not None:
            self.usage = chunk.usage
        for choice in chunk.choices[:1]:
            if choice.delta.refusal:
                self.refused = True
            if choice.delta.content:
                self.parts.append(choice.delta.content)
                if not self.refused:
                    self.on_token(choice.delta.content)
            if choice.finish_reason:
                self.finish = choice.finish_reason

    @property
    def ended(self) -> bool:
        """Whether the server said the answer is complete ([DONE] or a finish reason)."""
        return self.done or self.finish is not None

    def response(self, prompt: list[Message]) -> LLMResponse:
        text = "".join(self.parts)
        finish = self.finish or "stop"
        refused = self.refused or finish == "content_filter"
        tokens_in = self.usage.prompt_tokens
        if tokens_in is None:
            tokens_in = sum(estimate_tokens(m.content) for m in prompt)
        tokens_out = self.usage.completion_tokens
        if tokens_out is None:
            tokens_out = estimate_tokens(text)
        return LLMResponse(text="" if refused else text, model=self.served_model or self.model,
                           tokens_in=tokens_in, tokens_out=tokens_out, finish_reason=finish,
                           error="refusal" if refused else None)


def failure(reason: str, model: str) -> LLMResponse:
    """The response every provider returns when a call failed."""
    return LLMResponse(text="", model=model, finish_reason="error", error=reason)


def parse_chat_completion(data: Any, *, prompt: list[Message], model: str) -> LLMResponse:
    """Turn a decoded chat-completions body into a response; bad shapes become errors."""
    try:
        completion = _ChatCompletion.model_validate(data)
    except ValidationError:
        return failure("malformed response", model)
    choice = completion.choices[0]
    text = choice.message.text()
    usage = completion.usage or _Usage()
    tokens_in = usage.prompt_tokens
    if tokens_in is None:
        tokens_in = sum(estimate_tokens(m.content) for m in prompt)
    finish = choice.finish_reason or "stop"
    refused = bool(choice.message.refusal) or finish == "content_filter"
    if text is None and not refused:
        return failure("malformed response", model)
    text = text or ""
    tokens_out = usage.completion_tokens
    if tokens_out is None:
        tokens_out = estimate_tokens(text)
    return LLMResponse(
        text="" if refused else text,
        model=completion.model or model,
        tokens_in=tokens_in,
        tokens_out=tokens_out,
        finish_reason=finish,
        error="refusal" if refused else None,
    )


# --- the provider ---


class OpenAICompatProvider:
    """Chat completions over HTTP with retries, a hard per-attempt deadline and bounded fan-out."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        backoff: float = 0.2,
        concurrency: int = 4,
        transport: httpx.BaseTransport | httpx.AsyncBaseTransport | None = None,
        json_mode: str = "json_object",
    ) -> None:
        if json_mode not in JSON_MODES:
            raise ValueError(f"json_mode must be one of {', '.join(JSON_MODES)}, got {json_mode!r}")
        self.json_mode = json_mode
        url = httpx.URL(base_url)
        if url.scheme not in ("http", "https") or not url.host:
            raise ValueError(
                f"base_url must be an http(s) URL like http://host:port/v1, got {base_url!r}"
            )
        if not model:
            raise ValueError("model must name the served model")
        if timeout <= 0 or max_retries < 0 or backoff < 0 or concurrency < 1:
            raise ValueError("need timeout > 0, max_retries >= 0, backoff >= 0, concurrency >= 1")
        self.name = f"openai:{model}"
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.concurrency = concurrency
        if api_key is None:
            api_key = next((os.environ[v] for v in API_KEY_ENV_VARS if os.environ.get(v)), None)
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._sync_transport = transport if isinstance(transport, httpx.BaseTransport) else None
        self._async_transport = (
            transport if isinstance(transport, httpx.AsyncBaseTransport) else None
        )
        # A sync-only transport cannot serve an AsyncClient: fan out on threads instead.
        self._threads_only = transport is not None and self._async_transport is None
        self._client: httpx.Client | None = None
        self._client_lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"{self.base_url}/chat/completions"

    # request shaping

    def payload(self, request: LLMRequest) -> dict[str, Any]:
        """The JSON body sent for a request."""
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [m.model_dump() for m in prompt_messages(request)],
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
        }
        if request.json_schema is not None:
            body["response_format"] = response_format(self.json_mode, request)
        return body

    def _delay(self, attempt: int) -> float:
        return self.backoff * (2 ** (attempt - 1))

    def _judge(self, status: int, body: bytes, prompt: list[Message]) -> tuple[LLMResponse, bool]:
        """Response for a finished HTTP exchange, and whether the failure is worth retrying."""
        if status == 429 or status >= 500:
            return failure(f"http {status}", self.model), True
        if not 200 <= status < 300:
            return failure(f"http {status}", self.model), False
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            return failure("malformed response", self.model), False
        return parse_chat_completion(data, prompt=prompt, model=self.model), False

    def _transport_failure(self, exc: httpx.HTTPError) -> tuple[LLMResponse, bool]:
        if isinstance(exc, httpx.TimeoutException):
            return failure("timeout", self.model), True
        if isinstance(exc, httpx.DecodingError):
            return failure("malformed response", self.model), False
        if isinstance(exc, httpx.TransportError):
            return failure("connection error", self.model), True
        return failure("http error", self.model), False

    # sync path

    def _sync_client(self) -> httpx.Client:
        with self._client_lock:
            if self._client is None:
                self._client = httpx.Client(
                    transport=self._sync_transport, timeout=httpx.Timeout(self.timeout)
                )
            return self._client

    def _attempt(
        self, client: httpx.Client, body: dict[str, Any], prompt: list[Message]
    ) -> tuple[LLMResponse, bool]:
        deadline = time.monotonic() + self.timeout
        try:
            with client.stream("POST", self.url, json=body, headers=self._headers) as resp:
                chunks = bytearray()
                for chunk in resp.iter_bytes():
                    chunks += chunk
                    if time.monotonic() > deadline:
                        return failure("timeout", self.model), True
                status = resp.status_code
        except httpx.HTTPError as exc:
            return self._transport_failure(exc)
        if time.monotonic() > deadline:
            return failure("timeout", self.model), True
        return self._judge(status, bytes(chunks), prompt)

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Answer one request, retrying transient failures; never raises for server trouble."""
        body = self.payload(request)
        prompt = prompt_messages(request)
        client = self._sync_client()
        response, retryable = self._attempt(client, body, prompt)
        for attempt in range(1, self.max_retries + 1):
            if not retryable:
                break
            time.sleep(self._delay(attempt))
            response, retryable = self._attempt(client, body, prompt)
        return response

    # streaming path (sync: a turn is answered in the world's writer thread)

    def _attempt_stream(
        self, client: httpx.Client, body: dict[str, Any], prompt: list[Message], sink: Relayed,
        language: str,
    ) -> tuple[LLMResponse, bool]:
        """One streamed exchange; the bool says whether a retry may help (never once text went out)."""
        deadline = time.monotonic() + self.timeout
        reader = StreamedReply(self.model, sink)
        try:
            with client.stream("POST", self.url, json=body, headers=self._headers) as resp:
                status = resp.status_code
                if not 200 <= status < 300 or "text/event-stream" not in resp.headers.get("content-type", ""):
                    # an error, or a server that ignores "stream": the whole body, judged as usual
                    chunks = bytearray()
                    for chunk in resp.iter_bytes():
                        chunks += chunk
                        if time.monotonic() > deadline:
                            return failure("timeout", self.model), True
                    response, retryable = self._judge(status, bytes(chunks), prompt)
                    if response.ok:
                        relay(response.text, language, sink)
                    return response, retryable
                for line in resp.iter_lines():
                    reader.feed(line)
                    if reader.error or reader.done:
                        break
                    if time.monotonic() > deadline:
                        return failure("timeout", self.model), not sink.any
                reader.close()
        except httpx.HTTPError as exc:
            response, retryable = self._transport_failure(exc)
            return response, retryable and not sink.any
        if reader.error:
            return failure(reader.error, self.model), False
        if not reader.ended:
            return failure("connection error: the stream ended before the answer did", self.model), not sink.any
        return reader.response(prompt), False

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """Answer like `complete`, asking the server to stream and relaying each chunk's text to
        `on_token` as it arrives; the response holds the whole text for the checks that follow."""
        body = {**self.payload(request), "stream": True, "stream_options": {"include_usage": True}}
        prompt = prompt_messages(request)
        client = self._sync_client()
        sink = Relayed(on_token)
        response, retryable = self._attempt_stream(client, body, prompt, sink, request.language)
        for attempt in range(1, self.max_retries + 1):
            if not retryable or sink.any:
                break
            time.sleep(self._delay(attempt))
            response, retryable = self._attempt_stream(client, body, prompt, sink, request.language)
        return response

    # async path

    def _new_async_client(self) -> httpx.AsyncClient:
        limits = httpx.Limits(max_connections=max(self.concurrency, 1))
        return httpx.AsyncClient(
            transport=self._async_transport, timeout=httpx.Timeout(self.timeout), limits=limits
        )

    async def _attempt_async(
        self, client: httpx.AsyncClient, body: dict[str, Any], prompt: list[Message]
    ) -> tuple[LLMResponse, bool]:
        async def exchange() -> tuple[int, bytes]:
            resp = await client.post(self.url, json=body, headers=self._headers)
            return resp.status_code, resp.content

        try:
            status, content = await asyncio.wait_for(exchange(), timeout=self.timeout)
        except TimeoutError:
            return failure("timeout", self.model), True
        except httpx.HTTPError as exc:
            return self._transport_failure(exc)
        return self._judge(status, content, prompt)

    async def _acomplete_with(self, client: httpx.AsyncClient, request: LLMRequest) -> LLMResponse:
        body = self.payload(request)
        prompt = prompt_messages(request)
        response, retryable = await self._attempt_async(client, body, prompt)
        for attempt in range(1, self.max_retries + 1):
            if not retryable:
                break
            await asyncio.sleep(self._delay(attempt))
            response, retryable = await self._attempt_async(client, body, prompt)
        return response

    async def acomplete(self, request: LLMRequest) -> LLMResponse:
        """Async form of `complete`, for callers already inside an event loop."""
        async with self._new_async_client() as client:
            return await self._acomplete_with(client, request)

    async def acomplete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        """Async form of `complete_many`: at most `concurrency` requests in flight, order kept."""
        gate = asyncio.Semaphore(self.concurrency)
        async with self._new_async_client() as client:

            async def one(request: LLMRequest) -> LLMResponse:
                async with gate:
                    return await self._acomplete_with(client, request)

            return list(await asyncio.gather(*(one(r) for r in requests)))

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        """Answer a tick's fan-out concurrently and return the answers in the order given."""
        if len(requests) <= 1:
            return [self.complete(r) for r in requests]
        if self._threads_only:
            with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
                return list(pool.map(self.complete, requests))
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.acomplete_many(requests))
        # Called synchronously from inside a running loop: run ours on a helper thread.
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, self.acomplete_many(requests)).result()

    def close(self) -> None:
        """Release the pooled sync connection."""
        with self._client_lock:
            if self._client is not None:
                self._client.close()
                self._client = None

    def __enter__(self) -> OpenAICompatProvider:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
