"""A model that answers garbage, or never answers (issue 7 §4), against a real loopback server.

Garbage: well-formed JSON whose reply is `ⵚ࿁⩫Ȕ⟶ᧀ ᑢᯂ` was spoken to the player with 0 failures
counted. Now it is refused with a reason, counted, and the offline voice speaks. Hanging: every call
used to cost timeout x attempts; the health breaker rests the model after a few failures in a row,
so the run makes a bounded number of requests and says so in its summary.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from tests.chat_server import LoopbackServer, canned_answer
from townsfolk.agents.llm.breaker import BREAKER_ERROR, HealthBreaker
from townsfolk.agents.llm.protocol import LLMRequest, LLMResponse, Message
from townsfolk.agents.llm.registry import make_provider
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.agents.reply_check import reply_problem
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "scenarios" / "lighthouse.yaml"
TOWNSFOLK = Path(sys.executable).parent / "townsfolk"
SOUP = "ⵚ࿁⩫Ȕ⟶ᧀ ᑢᯂ"


def _req(language: str = "en", user: str = "What happened to the light?") -> LLMRequest:
    return LLMRequest(task="reply", language=language,  # type: ignore[arg-type]
                      messages=[Message(role="system", content="You are Tobin (harbour master). Keeps the log."),
                                Message(role="user", content=user)], meta={"max_sentences": 3})


# --- the checks, one by one --------------------------------------------------------------------
@pytest.mark.parametrize(("text", "language", "why"), [
    (SOUP, "en", "wrong language"),
    ("⟶⩫࿁ ⟶⩫࿁ !!", "en", "symbol soup"),
    ("他又迟到了。", "en", "wrong language"),
    ("He was late again, everyone says so.", "zh", "wrong language"),
    ("xkcd qwrtz plmnb srtvk", "en", "not words"),
    ("What happened to the light?", "en", "echoes the prompt"),
    ("You are Tobin (harbour master). Keeps the log.", "en", "echoes"),
    ("word " * 200, "en", "too long"),
])
def test_a_reply_nobody_could_say_is_refused_with_its_reason(text, language, why):
    problem = reply_problem(text, _req(language))
    assert problem is not None and problem.startswith(why), problem


@pytest.mark.parametrize(("text", "language"), [
    ("Ivo let the lamp go out in the storm. Careless, if you ask me.", "en"),
    ("Tom又迟到了，大家都说他不靠谱。", "zh"),
    ("Café's shut, señor. Try the inn.", "en"),
    ("I paid 12 shillings for 3 nets!", "en"),
])
def test_a_plain_reply_passes(text, language):
    assert reply_problem(text, _req(language)) is None


# --- the breaker, counted in calls -------------------------------------------------------------
def _failing(n: int) -> ScriptedProvider:
    return ScriptedProvider([LLMResponse(error="timeout", finish_reason="error")] * n)


def test_the_breaker_rests_a_failing_model_for_longer_each_time():
    inner = _failing(100)
    breaker = HealthBreaker(inner, trip_after=3, cooldown_calls=5)
    answers = [breaker.complete(_req()) for _ in range(30)]
    sent = [a for a in answers if not a.error.startswith(BREAKER_ERROR)]  # type: ignore[union-attr]
    # 3 failures trip it; 5 skipped; 1 probe fails; 10 skipped; 1 probe fails; 20 skipped ...
    assert len(sent) == 5 and breaker.state.trips == 3 and breaker.state.skipped == 25
    assert [a.error.startswith(BREAKER_ERROR) for a in answers[:10]] == [False] * 3 + [True] * 5 + [False, True]


def test_a_good_answer_closes_the_breaker():
    inner = ScriptedProvider([LLMResponse(error="timeout")] * 3 + ["fine"] + [LLMResponse(error="timeout")] * 3)
    breaker = HealthBreaker(inner, trip_after=3, cooldown_calls=2)
    errors = [breaker.complete(_req()).error for _ in range(6)]
    assert errors[3:5] == [f"{BREAKER_ERROR}: too many failures in a row"] * 2
    assert errors[5] is None  # the probe got a good answer
    assert breaker.state.trips == 1 and breaker.state.consecutive_failures == 0
    many = breaker.complete_many([_req()] * 3)  # three failures in one fan-out: open again
    assert [m.error for m in many] == ["timeout"] * 3 and breaker.state.trips == 2
    assert breaker.complete(_req()).error.startswith(BREAKER_ERROR)  # type: ignore[union-attr]
    assert breaker.state.cooldown == 2  # healthy in between: the cool-down starts from the base again


# --- against a real server --------------------------------------------------------------------
class _Server(LoopbackServer):
    def __init__(self, mode: str) -> None:
        super().__init__(_Handler)
        self.mode = mode
        self.requests = 0
        self.stop = threading.Event()

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        super().__exit__(*exc)


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        server: _Server = self.server.owner  # type: ignore[attr-defined]
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        with server.lock:
            server.requests += 1
        if server.mode == "hang":
            server.stop.wait(30)
            return
        content = SOUP if "response_format" not in body else canned_answer(body)
        if content == "{}":
            content = '{"speak": false, "to": null, "why": "nothing"}'
        payload = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                           "finish_reason": "stop"}], "model": "m",
                              "usage": {"prompt_tokens": 5, "completion_tokens": 5}}).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass


@pytest.fixture
def garbage() -> Iterator[_Server]:
    with _Server("garbage") as s:
        yield s


@pytest.fixture
def hanging() -> Iterator[_Server]:
    with _Server("hang") as s:
        yield s


def test_garbage_replies_are_never_spoken_and_are_counted(garbage, tmp_path):
    provider = make_provider("openai", url=garbage.url, model="m", timeout=5, max_retries=0)
    result = play(load_scenario(LIGHTHOUSE), db=tmp_path / "g.db", provider=provider)
    replies = [f for f in result.sim.world.facts if f.kind == "reply"]
    assert replies and not any("ⵚ" in f.text or "Ȕ" in f.text for f in replies), [f.text for f in replies]
    assert all(f.meta.get("fallback") for f in replies), [f.meta for f in replies]
    summary = result.summary()
    assert summary["model_failures"] >= 1 and summary["model_failure_reasons"].get("unusable reply", 0) >= 1, summary
    assert any("wrong language" in f for f in result.usage.failures), result.usage.failures
    assert not result.failed


def test_a_hanging_server_costs_a_bounded_number_of_requests(hanging, tmp_path):
    provider = make_provider("openai", url=hanging.url, model="m", timeout=0.3, max_retries=1)
    result = play(load_scenario(LIGHTHOUSE), db=tmp_path / "h.db", provider=provider)
    summary = result.summary()
    assert summary["model_breaker_trips"] >= 1 and summary["model_calls_skipped"] >= 1, summary
    wanted = summary["model_calls"] + summary["model_calls_skipped"]
    # 3 failures trip it; the probes after cool-downs of 20, 40, ... calls add a few more; 2 attempts each
    assert hanging.requests <= 2 * (3 + 3), (hanging.requests, summary)
    assert summary["model_calls_skipped"] > summary["model_calls"] - summary.get("model_failures", 0), summary
    assert wanted > hanging.requests / 2
    assert not result.failed
    assert all(f.text.strip() for f in result.sim.world.facts if f.kind == "reply")


def test_play_prints_the_breaker(hanging, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("TOWNSFOLK_LLM_KEY", "OPENAI_API_KEY")}
    args = [str(TOWNSFOLK), "play", str(LIGHTHOUSE), "--llm", "openai", "--llm-url", hanging.url, "--model", "m",
            "--llm-timeout", "0.3", "--llm-retries", "0"]
    def run(extra: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*args, *extra], cwd=tmp_path, capture_output=True, text=True, encoding="utf-8",
                              env={**env, "COLUMNS": "400"}, timeout=120)

    with ThreadPoolExecutor(max_workers=2) as pool:
        text, done = pool.map(run, [["--db", "t.db"], ["--db", "j.db", "--json"]])
    assert text.returncode == 0, text.stderr[-2000:]
    assert "breaker trips 1" in text.stdout and "calls answered offline" in text.stdout, text.stdout[-1500:]
    summary = json.loads(done.stdout.splitlines()[-1])
    assert summary["model_breaker_trips"] >= 1 and summary["model_calls_skipped"] >= 1, summary
    assert summary["model_failure_reasons"].get("timeout", 0) >= 3, summary
