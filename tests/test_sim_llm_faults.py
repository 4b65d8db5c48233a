"""A teahouse run against a chat-completions server that keeps failing in different ways.

The server (started here, on 127.0.0.1) rotates through HTTP 500, answers slower than the client's
timeout, malformed JSON bodies, refusals, and prose where JSON was asked for, and now and then answers
properly. A run must ride all of that out on its offline fallbacks: it finishes, every expectation
passes, and the summary and the saved run say how many calls were made and which ones failed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from tests.chat_server import LoopbackServer, canned_answer
from townsfolk.agents.llm.registry import make_provider
from townsfolk.sim.playback import PlayResult, play
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
TEAHOUSE = ROOT / "scenarios" / "teahouse.yaml"
TOWNSFOLK = Path(sys.executable).parent / "townsfolk"

CLIENT_TIMEOUT = 0.5  # seconds; the slow answer takes longer than this
SLOW_S = 2.5
FAILING = ("http500", "slow", "malformed", "refusal")
# a good answer between faults: three failures in a row would rest the model (the health breaker,
# tested in tests/test_model_breaker.py) and the later faults would never be met
ROTATION = ("http500", "ok", "slow", "garbage", "malformed", "ok", "refusal", "garbage")
FAILURE_REASONS = {"http 500", "timeout", "malformed response", "refusal"}

def completion(content: str, *, refusal: str | None = None, finish: str = "stop") -> bytes:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if refusal is not None:
        message["refusal"] = refusal
    return json.dumps({
        "id": "cmpl-1", "object": "chat.completion", "model": "served-model",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 20, "completion_tokens": 8, "total_tokens": 28},
    }, ensure_ascii=False).encode()


class FaultyServer(LoopbackServer):
    """Chat completions where the n-th request gets the n-th behaviour of the rotation (cycling)."""

    def __init__(self, rotation: Sequence[str]) -> None:
        super().__init__(_Handler)
        self.rotation = tuple(rotation)
        self.served: list[str] = []
        self.stop = threading.Event()

    def next_behaviour(self, body: dict[str, Any]) -> str:
        with self.lock:
            kind = self.rotation[len(self.served) % len(self.rotation)]
            if kind == "garbage" and "response_format" not in body:
                kind = "ok"  # prose is a fine answer to a plain reply request: serve a real one
            self.served.append(kind)
            return kind

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        super().__exit__(*exc)


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, status: int, payload: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_POST(self) -> None:
        server: FaultyServer = self.server.owner  # type: ignore[attr-defined]
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        kind = server.next_behaviour(body)
        try:
            if kind == "http500":
                self._send(500, b'{"error": {"message": "overloaded"}}')
            elif kind == "slow":
                server.stop.wait(SLOW_S)
                self._send(200, completion(canned_answer(body)))
            elif kind == "malformed":
                self._send(200, b'{"choices": [{"message": {"content": "half a bo')
            elif kind == "refusal":
                self._send(200, completion("", refusal="I can't help with that.", finish="content_filter"))
            elif kind == "garbage":
                self._send(200, completion("Sure! Here's what I think: the weather is nice today."))
            else:
                self._send(200, completion(canned_answer(body)))
        except (BrokenPipeError, ConnectionResetError):
            pass


@pytest.fixture
def server() -> Iterator[FaultyServer]:
    with FaultyServer(ROTATION) as s:
        yield s


def _play(server: FaultyServer, db: Path, *, max_retries: int) -> tuple[PlayResult, float]:
    provider = make_provider("openai", url=server.url, model="m", timeout=CLIENT_TIMEOUT, max_retries=max_retries)
    started = time.monotonic()
    result = play(load_scenario(TEAHOUSE), db=db, provider=provider, scenario_path=str(TEAHOUSE))
    return result, time.monotonic() - started


def test_a_run_rides_out_a_failing_server_on_its_fallbacks(server, tmp_path) -> None:
    db = tmp_path / "faulty.db"
    result, elapsed = _play(server, db, max_retries=1)
    assert elapsed < 30, f"the run took {elapsed:.1f}s: a failing server must not stall it"
    assert result.finished
    assert not result.failed, [(r.description, r.found) for r in result.failed]
    served = Counter(server.served)
    assert all(served[k] > 0 for k in (*FAILING, "garbage", "ok")), served  # every fault was met

    summary = result.summary()
    assert summary["model_calls"] > 0 and summary["model_failures"] > 0, summary
    assert summary["expectations_failed"] == 0

    failures = result.usage.failures
    # each failure is recorded as "<task>: <reason>" (which step of the mind hit it, and why)
    assert failures and {f.split(": ", 1)[1] for f in failures} <= FAILURE_REASONS, failures
    assert all(f.split(": ", 1)[0] in {"reply", "intent", "stage", "gate", "judge", "summary", "impression",
                                        "emotion"} for f in failures), failures
    saved = RunStore(db, must_exist=True).run_info()
    assert saved.finished
    assert saved.extra["usage"]["failures"] == failures, "the saved run keeps the failures it rode through"
    # the reply whose model call failed says so, and what the player got is the offline voice
    fell_back = [f for f in result.sim.world.facts if f.kind == "reply" and f.meta.get("fallback")]
    assert fell_back, [f.meta for f in result.sim.world.facts if f.kind == "reply"]
    assert all(f.text.strip() for f in result.sim.world.facts if f.kind == "reply")


def test_the_summary_counts_every_call_the_server_answered(server, tmp_path) -> None:
    """Without retries each provider call is one request: the run's accounting must match the server's."""
    result, _elapsed = _play(server, tmp_path / "count.db", max_retries=0)
    assert not result.failed
    summary = result.summary()
    served = Counter(server.served)
    failed_served = sum(served[k] for k in FAILING)
    assert (summary["model_calls"], summary["model_failures"]) == (len(server.served), failed_served), (
        f"summary says {summary['model_calls']} calls / {summary['model_failures']} failures; the server "
        f"answered {len(server.served)} requests of which {failed_served} failed ({dict(served)})")


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TOWNSFOLK_LLM_KEY", "OPENAI_API_KEY")}
    return subprocess.run([str(TOWNSFOLK), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=120)


def test_the_command_line_play_completes_against_a_failing_server(tmp_path) -> None:
    # no slow answers here: the command line has no option to shorten the client timeout
    with FaultyServer(("http500", "malformed", "refusal", "garbage", "ok")) as s:
        started = time.monotonic()
        done = _cli("play", str(TEAHOUSE), "--db", "cli.db", "--json", "--llm", "openai", "--llm-url", s.url,
                    "--model", "m", cwd=tmp_path)
        elapsed = time.monotonic() - started
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert elapsed < 30
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    summary = lines[-1]
    assert summary["kind"] == "summary"
    assert summary["model_calls"] > 0 and summary["model_failures"] > 0, summary
    assert summary["expectations_failed"] == 0
    expects = [e for e in lines if e.get("kind") == "expect"]
    assert expects and all(e["ids"]["ok"] for e in expects)
    assert Counter(s.served)["http500"] > 0


def test_the_command_line_can_bound_how_long_a_model_call_may_take() -> None:
    """A hung server must not stall a run for minutes: `play` needs a client timeout option."""
    done = subprocess.run([str(TOWNSFOLK), "play", "--help"], capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ, "COLUMNS": "200"}, timeout=60)
    assert done.returncode == 0
    assert "timeout" in done.stdout.lower(), (
        "`townsfolk play` has no option for the model client's timeout; the default is 30 s per attempt "
        "with 2 retries, so a server that hangs costs ~90 s per call")
