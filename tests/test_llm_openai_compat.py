"""OpenAICompatProvider against a real local chat-completions server with scripted misbehaviour."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

from townsfolk.agents.llm.openai_compat import OpenAICompatProvider
from townsfolk.agents.llm.protocol import GroundingItem, LLMProvider, LLMRequest, Message

Behaviour = Callable[["_Handler", dict[str, Any]], None]


class ChatServer:
    """A chat-completions server whose n-th request gets the n-th behaviour (the last repeats)."""

    def __init__(self) -> None:
        self.plan: list[Behaviour] = [echo()]
        self.bodies: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.handle_error = lambda request, client_address: None  # type: ignore[method-assign]
        self.httpd.chat = self  # type: ignore[attr-defined]
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def hits(self) -> int:
        return len(self.bodies)

    def provider(self, **kwargs: Any) -> OpenAICompatProvider:
        options: dict[str, Any] = {"timeout": 0.3, "max_retries": 2, "backoff": 0.01}
        options.update(kwargs)
        return OpenAICompatProvider(self.url, "test-model", **options)


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        chat: ChatServer = self.server.chat  # type: ignore[attr-defined]
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length))
        with chat.lock:
            index = len(chat.bodies)
            chat.bodies.append(body)
            chat.headers.append(dict(self.headers))
            chat.in_flight += 1
            chat.max_in_flight = max(chat.max_in_flight, chat.in_flight)
        try:
            assert self.path == "/v1/chat/completions"
            chat.plan[min(index, len(chat.plan) - 1)](self, body)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            with chat.lock:
                chat.in_flight -= 1

    def send(self, status: int, payload: bytes, content_type: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def completion(
    content: str | None,
    *,
    usage: bool = True,
    finish: str = "stop",
    refusal: str | None = None,
) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if refusal is not None:
        message["refusal"] = refusal
    data: dict[str, Any] = {
        "id": "cmpl-1",
        "object": "chat.completion",
        "model": "served-model",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
    }
    if usage:
        data["usage"] = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    return data


def answer(data: dict[str, Any], delay: float = 0.0) -> Behaviour:
    def run(handler: _Handler, body: dict[str, Any]) -> None:
        if delay:
            handler.server.chat.stop.wait(delay)  # type: ignore[attr-defined]
        handler.send(200, json.dumps(data).encode())

    return run


def echo(delay: float = 0.0) -> Behaviour:
    """Answers with the last user message, so order can be checked."""

    def run(handler: _Handler, body: dict[str, Any]) -> None:
        if delay:
            handler.server.chat.stop.wait(delay)  # type: ignore[attr-defined]
        last = [m["content"] for m in body["messages"] if m["role"] == "user"][-1]
        handler.send(200, json.dumps(completion(f"echo: {last}")).encode())

    return run


def status(code: int) -> Behaviour:
    def run(handler: _Handler, body: dict[str, Any]) -> None:
        handler.send(code, b'{"error": {"message": "nope"}}')

    return run


def raw(payload: bytes) -> Behaviour:
    def run(handler: _Handler, body: dict[str, Any]) -> None:
        handler.send(200, payload)

    return run


def trickle(interval: float = 0.05) -> Behaviour:
    """Headers at once, then the body one byte at a time: each read is fast, the whole is not."""

    def run(handler: _Handler, body: dict[str, Any]) -> None:
        payload = json.dumps(completion("slow " * 20)).encode()
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(payload)))
        handler.end_headers()
        handler.wfile.flush()
        stop = handler.server.chat.stop  # type: ignore[attr-defined]
        for i in range(len(payload)):
            if stop.wait(interval):
                return
            handler.wfile.write(payload[i : i + 1])
            handler.wfile.flush()

    return run


@pytest.fixture
def server() -> Iterator[ChatServer]:
    chat = ChatServer()
    chat.thread.start()
    try:
        yield chat
    finally:
        chat.stop.set()
        chat.httpd.shutdown()
        chat.httpd.server_close()


def ask(text: str = "hello", **kwargs: Any) -> LLMRequest:
    return LLMRequest(task="reply", messages=[Message(role="user", content=text)], **kwargs)


# --- the happy paths ---


def test_normal_answer_reads_text_usage_and_finish(server: ChatServer) -> None:
    server.plan = [answer(completion("你好，旅人。"))]
    provider = server.provider(api_key="sekret")
    assert isinstance(provider, LLMProvider)
    response = provider.complete(ask(max_tokens=64, temperature=0.5))
    assert response.ok
    assert response.text == "你好，旅人。"
    assert (response.tokens_in, response.tokens_out) == (11, 7)
    assert response.finish_reason == "stop"
    assert response.model == "served-model"
    sent = server.bodies[0]
    assert sent["model"] == "test-model"
    assert sent["max_tokens"] == 64 and sent["temperature"] == 0.5
    assert sent["messages"] == [{"role": "user", "content": "hello"}]
    assert "response_format" not in sent
    assert server.headers[0]["Authorization"] == "Bearer sekret"


def test_messages_built_from_speaker_grounding_and_task(server: ChatServer) -> None:
    server.plan = [answer(completion("ok"))]
    request = LLMRequest(
        task="retell",
        language="en",
        speaker="Mara",
        listener="Tom",
        grounding=[
            GroundingItem(kind="event", id="e1", text="The mill burned down.", about="mill")
        ],
        meta={"prompt": "What happened at the mill?"},
    )
    assert server.provider().complete(request).ok
    system, user = server.bodies[0]["messages"]
    assert system["role"] == "system" and "Mara" in system["content"]
    assert "The mill burned down." in system["content"] and "English" in system["content"]
    assert user["role"] == "user"
    assert "retell" in user["content"] and "Tom" in user["content"]
    assert "What happened at the mill?" in user["content"]


def test_usage_missing_is_estimated(server: ChatServer) -> None:
    server.plan = [answer(completion("abcdefgh", usage=False))]
    response = server.provider().complete(ask("abcd"))
    assert response.ok
    assert response.tokens_out == 2 and response.tokens_in >= 1


def test_json_request_asks_for_json_and_describes_schema(server: ChatServer) -> None:
    server.plan = [answer(completion('{"mood": "calm"}'))]
    schema = {"type": "object", "properties": {"mood": {"type": "string"}}, "required": ["mood"]}
    response = server.provider().complete(ask("how do you feel?", json_schema=schema))
    assert json.loads(response.text) == {"mood": "calm"}
    sent = server.bodies[0]
    assert sent["response_format"] == {"type": "json_object"}
    assert sent["messages"][0]["role"] == "system"
    assert '"mood"' in sent["messages"][0]["content"]
    assert sent["messages"][-1] == {"role": "user", "content": "how do you feel?"}


def test_env_key_is_used_when_none_given(
    server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("TOWNSFOLK_LLM_KEY", "from-env")
    server.plan = [answer(completion("ok"))]
    assert server.provider().complete(ask()).ok
    assert server.headers[0]["Authorization"] == "Bearer from-env"


# --- failures: never raised, retried only when it can help ---


def test_500_then_success_is_retried(server: ChatServer) -> None:
    server.plan = [status(500), answer(completion("second time lucky"))]
    response = server.provider().complete(ask())
    assert response.ok and response.text == "second time lucky"
    assert server.hits == 2


def test_429_is_retried(server: ChatServer) -> None:
    server.plan = [status(429), answer(completion("ok"))]
    assert server.provider().complete(ask()).ok
    assert server.hits == 2


def test_persistent_500_returns_error_after_all_retries(server: ChatServer) -> None:
    server.plan = [status(500)]
    response = server.provider(max_retries=2).complete(ask())
    assert response.error == "http 500" and response.text == ""
    assert server.hits == 3


def test_401_is_not_retried(server: ChatServer) -> None:
    server.plan = [status(401)]
    response = server.provider(max_retries=3).complete(ask())
    assert response.error == "http 401"
    assert server.hits == 1


def test_timeout_is_bounded_and_retried(server: ChatServer) -> None:
    server.plan = [answer(completion("too late"), delay=3.0)]
    start = time.monotonic()
    response = server.provider(timeout=0.3, max_retries=1).complete(ask())
    elapsed = time.monotonic() - start
    assert response.error == "timeout"
    assert server.hits == 2
    assert elapsed < 2.9  # one late answer takes 3 s: both tries ended at their deadline


def test_trickling_body_is_bounded_by_timeout(server: ChatServer) -> None:
    server.plan = [trickle()]
    start = time.monotonic()
    response = server.provider(timeout=0.3, max_retries=0).complete(ask())
    elapsed = time.monotonic() - start
    assert response.error == "timeout"
    assert elapsed < 5.0  # the whole body would take over 10 s: the deadline, not the server, ended it
    assert server.hits == 1


@pytest.mark.parametrize(
    "payload",
    [b"this is not json {", b'{"choices": []}', b'{"choices": [{"message": {}}]}', b"[1, 2]"],
)
def test_malformed_body_is_an_error_not_retried(server: ChatServer, payload: bytes) -> None:
    server.plan = [raw(payload)]
    response = server.provider().complete(ask())
    assert response.error == "malformed response"
    assert server.hits == 1


def test_refusal_field_is_an_error(server: ChatServer) -> None:
    server.plan = [answer(completion(None, refusal="I can't help with that."))]
    response = server.provider().complete(ask())
    assert response.error == "refusal" and response.text == ""
    assert server.hits == 1


def test_content_filter_is_a_refusal(server: ChatServer) -> None:
    server.plan = [answer(completion("", finish="content_filter"))]
    response = server.provider().complete(ask())
    assert response.error == "refusal"
    assert response.finish_reason == "content_filter"


def test_connection_refused_is_an_error() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    provider = OpenAICompatProvider(
        f"http://127.0.0.1:{port}/v1", "m", timeout=0.3, max_retries=1, backoff=0.01
    )
    assert provider.complete(ask()).error == "connection error"
    assert provider.complete_many([ask("a"), ask("b")])[1].error == "connection error"


def test_bad_base_url_is_a_configuration_error() -> None:
    with pytest.raises(ValueError, match="base_url"):
        OpenAICompatProvider("localhost:8080", "m")


# --- fan-out ---


def test_complete_many_runs_concurrently_and_keeps_order(server: ChatServer) -> None:
    server.plan = [echo(delay=0.15)]
    requests = [ask(f"q{i}") for i in range(6)]
    responses = server.provider(concurrency=3, timeout=2.0).complete_many(requests)
    assert [r.text for r in responses] == [f"echo: q{i}" for i in range(6)]
    assert server.hits == 6
    assert 1 < server.max_in_flight <= 3  # they overlapped (no wall-time bound: the machine may be loaded)


def test_complete_many_failures_stay_in_their_slot(server: ChatServer) -> None:
    def by_prompt(handler: _Handler, body: dict[str, Any]) -> None:
        if body["messages"][-1]["content"] == "bad":
            handler.send(401, b"{}")
        else:
            echo()(handler, body)

    server.plan = [by_prompt]
    responses = server.provider().complete_many([ask("a"), ask("bad"), ask("c")])
    assert [r.error for r in responses] == [None, "http 401", None]
    assert responses[2].text == "echo: c"


def test_complete_many_retries_and_times_out_per_request(server: ChatServer) -> None:
    server.plan = [status(503), answer(completion("late"), delay=3.0)]
    start = time.monotonic()
    responses = server.provider(max_retries=1, timeout=0.3).complete_many([ask("x"), ask("y")])
    assert all(r.error in {"timeout", "http 503"} for r in responses)
    assert time.monotonic() - start < 2.9  # the late answer takes 3 s: the per-request deadline ended it


def test_complete_many_trickle_is_bounded(server: ChatServer) -> None:
    server.plan = [trickle()]
    start = time.monotonic()
    responses = server.provider(max_retries=0).complete_many([ask("x"), ask("y")])
    assert [r.error for r in responses] == ["timeout", "timeout"]
    assert time.monotonic() - start < 5.0  # each body would take over 10 s


def test_complete_many_works_inside_a_running_loop(server: ChatServer) -> None:
    provider = server.provider()

    async def main() -> list[str]:
        sync_answers = provider.complete_many([ask("a"), ask("b")])
        async_answers = await provider.acomplete_many([ask("c"), ask("d")])
        return [r.text for r in sync_answers + async_answers]

    assert asyncio.run(main()) == ["echo: a", "echo: b", "echo: c", "echo: d"]


def test_sync_only_transport_fans_out_on_threads(server: ChatServer) -> None:
    provider = server.provider(transport=httpx.HTTPTransport(), concurrency=2)
    responses = provider.complete_many([ask("a"), ask("b"), ask("c")])
    assert [r.text for r in responses] == ["echo: a", "echo: b", "echo: c"]
    provider.close()
