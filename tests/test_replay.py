"""Record a teahouse run against a real local chat-completions server, then replay it without one.

The server (started here, on 127.0.0.1) is healthy and deterministic: it answers structured requests
with valid JSON and replies with a fixed sentence that keeps the teahouse's expectations true.
`townsfolk play --record` writes the cassette; `--llm replay --cassette` must then reproduce the
recorded run's `--json` output byte for byte with the server gone, and a different scenario played
against the same cassette must report its misses as failures and still finish.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from tests.chat_server import REPLY, LoopbackServer, canned_answer
from townsfolk.agents.llm.cassette import read_cassette

ROOT = Path(__file__).resolve().parent.parent
TEAHOUSE = ROOT / "scenarios" / "teahouse.yaml"
BAKERY = ROOT / "scenarios" / "bakery.yaml"
TOWNSFOLK = Path(sys.executable).parent / "townsfolk"

class HealthyServer(LoopbackServer):
    """A deterministic chat-completions server that keeps every request body it receives."""

    def __init__(self) -> None:
        super().__init__(_Handler)
        self.bodies: list[dict[str, Any]] = []


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        server: HealthyServer = self.server.owner  # type: ignore[attr-defined]
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        with server.lock:
            server.bodies.append(body)
        content = canned_answer(body)
        payload = json.dumps({
            "id": "cmpl-1", "object": "chat.completion", "model": "served-model",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": sum(len(m["content"]) for m in body["messages"]) // 2,
                      "completion_tokens": len(content) // 2, "total_tokens": 0},
        }, ensure_ascii=False).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOWNSFOLK), *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          timeout=120)


def _lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    cwd = tmp_path_factory.mktemp("replay")
    with HealthyServer() as server:
        run = _cli("play", str(TEAHOUSE), "--db", "recorded.db", "--json", "--llm", "openai", "--llm-url",
                   server.url, "--model", "m", "--record", "cassette.jsonl", cwd=cwd)
        bodies = list(server.bodies)
    # the server is gone from here on
    yield {"cwd": cwd, "run": run, "bodies": bodies}


def test_the_recorded_run_used_the_model_and_passed(recorded) -> None:
    run = recorded["run"]
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    summary = _lines(run.stdout)[-1]
    assert summary["kind"] == "summary"
    assert summary["expectations_failed"] == 0 and summary["expectations_passed"] == 6
    assert summary["model_calls"] > 0 and summary["model_failures"] == 0, summary
    replies = [e["text"] for e in _lines(run.stdout) if e["kind"] == "reply"]
    assert replies and all(REPLY in text for text in replies), replies  # the model's words, not the offline voice
    entries = read_cassette(recorded["cwd"] / "cassette.jsonl")
    assert len(entries) == len(recorded["bodies"]) > 0
    assert {e.request.task for e in entries} >= {"reply", "stage", "intent"}
    assert all(e.response.ok for e in entries)


def test_replay_without_a_server_is_byte_identical(recorded) -> None:
    cwd = recorded["cwd"]
    replay = _cli("play", str(TEAHOUSE), "--db", "replayed.db", "--json", "--llm", "replay", "--cassette",
                  "cassette.jsonl", cwd=cwd)
    assert replay.returncode == 0, replay.stdout[-2000:] + replay.stderr[-2000:]
    assert replay.stdout.encode("utf-8") == recorded["run"].stdout.encode("utf-8")
    assert _lines(replay.stdout)[-1]["model_failures"] == 0


def test_replaying_another_scenario_reports_misses_and_still_completes(recorded) -> None:
    cwd = recorded["cwd"]
    other = _cli("play", str(BAKERY), "--db", "bakery.db", "--json", "--llm", "replay", "--cassette",
                 "cassette.jsonl", cwd=cwd)
    lines = _lines(other.stdout)
    assert lines and lines[-1]["kind"] == "summary", other.stderr[-2000:]
    summary = lines[-1]
    assert summary["ticks"] == 15, summary  # played to the end
    assert summary["model_calls"] > 0 and summary["model_failures"] > 0, summary
    assert summary["expectations_failed"] == 0 and other.returncode == 0, summary
    replies = [e for e in lines if e["kind"] == "reply"]
    assert replies and all(e["text"].strip() for e in replies)  # the offline voice answered instead


def test_the_reply_prompt_sent_to_the_model_carries_the_npcs_memories(recorded) -> None:
    """The reply prompt says "answer only from the memories given": the memories must be in it."""
    replies = [b for b in recorded["bodies"] if "response_format" not in b
               and b["messages"][0]["content"].startswith("你是阿青")]
    assert replies, "the server never got Aqing's reply request"
    prompt = "\n".join(m["content"] for m in replies[0]["messages"])
    assert "只根据给出的记忆回答" in prompt
    assert "晚到" in prompt or "迟到" in prompt, (
        "Aqing's memories (the late delivery, what she told the customer) never reach the model; "
        f"the whole prompt was:\n{prompt}")
