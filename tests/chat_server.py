"""Shared pieces of the loopback chat-completions servers the tests start on 127.0.0.1, and one
whole server (`ChatModel`) that answers `"stream": true` with real server-sent chunks, as OpenAI
and llama.cpp's server do."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

REPLY = "他又迟到了，大家都说他不靠谱。"  # what a healthy answer to a reply request says

STRUCTURED_ANSWERS = {  # by the schema title the JSON instruction names
    "IntentProposal": {"intents": [{"kind": "ask_about", "confidence": 0.8, "quote": ""}]},
    "StageState": {"stage": "warming_up", "closeness": 30, "trust_level": "medium", "stability": "warming",
                   "boundary_mode": "warm", "intimacy_permission": "low", "pacing": "hold",
                   "risk_signals": [], "guidance": "慢慢来。"},
    "DriftJudgement": {"contradicts": False, "reason": "fits"},
    "WrittenText": {"text": "曾有误会，已经说开了。"},
    "Level2Answer": {"speak": False, "to": None, "why": "nothing to add"},
}


def canned_answer(body: dict[str, Any]) -> str:
    """A valid answer for a structured request (found by its schema's title), the reply otherwise."""
    if "response_format" not in body:
        return REPLY
    system = body["messages"][0]["content"]
    for title, answer in STRUCTURED_ANSWERS.items():
        if f'"title": "{title}"' in system:
            return json.dumps(answer, ensure_ascii=False)
    return "{}"


class LoopbackServer:
    """A threaded HTTP server on an ephemeral 127.0.0.1 port; the handler reaches its owner as
    `self.server.owner`. Use as a context manager."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.httpd.handle_error = lambda request, client_address: None  # type: ignore[method-assign]
        self.httpd.owner = self  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.01},
                                       daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self):  # noqa: ANN204 (returns the subclass)
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


# --- a whole server that streams -----------------------------------------------------------------
def chunks_of(text: str) -> list[str]:
    """How the server cuts a reply into stream chunks: a word with its trailing space, or three CJK
    characters (its own cut, unlike the client's, so a test sees real chunk boundaries)."""
    if re.search(r"[\u4e00-\u9fff]", text):
        return [text[i:i + 3] for i in range(0, len(text), 3)]
    return re.findall(r"\S+\s*|\s+", text)


def chunk_event(content: str | None = None, finish: str | None = None, usage: dict | None = None) -> bytes:
    """One `data:` event of a chat-completions stream."""
    chunk: dict[str, Any] = {"id": "cmpl-1", "object": "chat.completion.chunk", "model": "served-model",
                             "choices": [{"index": 0, "delta": {} if content is None else {"content": content},
                                          "finish_reason": finish}]}
    if usage is not None:
        chunk = {**chunk, "choices": [], "usage": usage}
    return b"data: " + json.dumps(chunk, ensure_ascii=False).encode() + b"\n\n"


class ChatModel(LoopbackServer):
    """A healthy chat-completions server: structured requests get `canned_answer`, replies get
    `reply(body)`; with `"stream": true` the reply goes out as chunks `delay` seconds apart (without,
    it comes whole after the same time), and
    (with `hold_last`) the last chunk waits until that event is set or `hold_timeout` passes, so a
    test can prove a client saw the first token before the model finished."""

    def __init__(self, reply: Callable[[dict[str, Any]], str] | str = REPLY, *, delay: float = 0.0,
                 hold_last: threading.Event | None = None, hold_timeout: float = 5.0) -> None:
        super().__init__(_StreamingHandler)
        self.reply = reply if callable(reply) else (lambda _body, text=reply: text)
        self.delay, self.hold_last, self.hold_timeout = delay, hold_last, hold_timeout
        self.bodies: list[dict[str, Any]] = []
        self.streamed = 0  # streamed answers sent
        self.held_released: list[bool] = []  # per streamed answer: was the last chunk released in time
        self.sent_at: list[list[float]] = []  # per streamed answer: monotonic time each chunk was sent


class _StreamingHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # chunked transfer, as real model servers stream

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        model: ChatModel = self.server.owner  # type: ignore[attr-defined]
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        with model.lock:
            model.bodies.append(body)
        content = canned_answer(body) if "response_format" in body else model.reply(body)
        if not body.get("stream"):
            if model.delay and "response_format" not in body:  # a whole reply takes as long to write
                time.sleep(model.delay * (len(chunks_of(content)) - 1))
            payload = json.dumps({"id": "cmpl-1", "object": "chat.completion", "model": "served-model",
                                  "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                               "finish_reason": "stop"}]}, ensure_ascii=False).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        pieces = chunks_of(content)
        times: list[float] = []
        released = True
        for i, piece in enumerate(pieces):
            if i and model.delay:
                time.sleep(model.delay)
            if i == len(pieces) - 1 and model.hold_last is not None:
                released = model.hold_last.wait(model.hold_timeout)
            self._chunk(chunk_event(piece))
            times.append(time.monotonic())
        self._chunk(chunk_event(None, finish="stop"))
        self._chunk(chunk_event(usage={"prompt_tokens": 40, "completion_tokens": len(pieces), "total_tokens": 0}))
        self._chunk(b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()
        with model.lock:
            model.streamed += 1
            model.held_released.append(released)
            model.sent_at.append(times)

    def _chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()
