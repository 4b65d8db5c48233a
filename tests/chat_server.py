"""Shared pieces of the loopback chat-completions servers the tests start on 127.0.0.1."""

from __future__ import annotations

import json
import threading
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
