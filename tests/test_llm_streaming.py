"""Token streaming at the provider layer: OpenAICompatProvider reads real server-sent chunks from a
loopback server as they arrive; every other provider and wrapper streams (or is streamed after the
fact) with the same text, accounting, breaker and retry behaviour as `complete`; the reply stream
holds back what could become a private quotation."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from tests.chat_server import ChatModel, LoopbackServer, chunk_event
from townsfolk.agents.guards import no_private_leak
from townsfolk.agents.llm.breaker import HealthBreaker
from townsfolk.agents.llm.cassette import RecordingProvider, ReplayProvider
from townsfolk.agents.llm.offline import OfflineProvider
from townsfolk.agents.llm.openai_compat import OpenAICompatProvider
from townsfolk.agents.llm.protocol import LLMRequest, LLMResponse, Message
from townsfolk.agents.llm.round_robin import RoundRobinProvider
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.agents.llm.streaming import StreamingProvider, pieces, stream_complete
from townsfolk.agents.llm.wrappers import AccountingProvider, CallLimitProvider, RetryProvider
from townsfolk.agents.reply_check import CheckedReplies
from townsfolk.agents.reply_stream import PRIVATE_HALT, ReplyStream

EN_REPLY = "The river is calm tonight, and the last ferry leaves at nine."


def ask(text: str = "Is the river calm?", language: str = "en") -> LLMRequest:
    return LLMRequest(task="reply", language=language, messages=[Message(role="user", content=text)])  # type: ignore[arg-type]


# --- a server whose n-th request gets the n-th behaviour (the last repeats) -----------------------
Behaviour = Callable[["_Handler"], None]


class Scripted(LoopbackServer):
    def __init__(self, *plan: Behaviour) -> None:
        super().__init__(_Handler)
        self.plan = list(plan)
        self.bodies: list[dict[str, Any]] = []
        self.stop = threading.Event()

    def provider(self, **kw: Any) -> OpenAICompatProvider:
        return OpenAICompatProvider(self.url, "m", **{"timeout": 1.0, "max_retries": 2, "backoff": 0.01, **kw})


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        owner: Scripted = self.server.owner  # type: ignore[attr-defined]
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        with owner.lock:
            owner.bodies.append(body)
            step = owner.plan[min(len(owner.bodies), len(owner.plan)) - 1]
        try:
            step(self)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def head(self, status: int = 200, ctype: str = "text/event-stream") -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def end(self) -> None:
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def sse(*parts: str, done: bool = True, finish: bool = True, gap: float = 0.0) -> Behaviour:
    def run(h: _Handler) -> None:
        h.head()
        for p in parts:
            h.chunk(chunk_event(p))
            if gap and h.server.owner.stop.wait(gap):  # type: ignore[attr-defined]
                return
        if finish:
            h.chunk(chunk_event(None, finish="stop"))
        if done:
            h.chunk(b"data: [DONE]\n\n")
        h.end()

    return run


def status(code: int) -> Behaviour:
    def run(h: _Handler) -> None:
        payload = b'{"error": {"message": "busy"}}'
        h.send_response(code)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(payload)))
        h.end_headers()
        h.wfile.write(payload)

    return run


def raw_event(data: bytes) -> Behaviour:
    def run(h: _Handler) -> None:
        h.head()
        h.chunk(data)
        h.end()

    return run


@pytest.fixture
def scripted() -> Iterator[Callable[..., Scripted]]:
    made: list[Scripted] = []

    def make(*plan: Behaviour) -> Scripted:
        server = Scripted(*plan).__enter__()
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop.set()
        server.__exit__()


# --- the OpenAI-compatible provider streams for real ---------------------------------------------
def test_pieces_reach_the_caller_before_the_server_sends_the_last_chunk() -> None:
    release = threading.Event()
    seen: list[tuple[float, str]] = []

    def on_token(piece: str) -> None:
        seen.append((time.monotonic(), piece))
        release.set()  # the server sends its last chunk only once we have a piece in hand

    with ChatModel(EN_REPLY, delay=0.02, hold_last=release) as model:
        provider = OpenAICompatProvider(model.url, "m", timeout=10)
        response = provider.stream(ask(), on_token)
        body = model.bodies[0]
    assert model.held_released == [True]  # the first piece arrived while the model was still "writing"
    assert seen[0][0] < model.sent_at[0][-1]
    assert response.ok and response.text == EN_REPLY == "".join(p for _, p in seen)
    assert len(seen) == len(EN_REPLY.split())  # the server's chunks, as they came
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert (response.tokens_in, response.tokens_out) == (40, len(seen))  # usage from the final chunk
    assert isinstance(provider, StreamingProvider)


def test_a_server_that_ignores_stream_is_read_whole_and_relayed_in_pieces(scripted) -> None:
    whole = json.dumps({"choices": [{"message": {"content": EN_REPLY}, "finish_reason": "stop"}]}).encode()

    def plain(h: _Handler) -> None:
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(whole)))
        h.end_headers()
        h.wfile.write(whole)

    got: list[str] = []
    response = scripted(plain).provider().stream(ask(), got.append)
    assert response.ok and "".join(got) == EN_REPLY and len(got) > 3


def test_errors_before_the_first_piece_are_retried_like_complete(scripted) -> None:
    server = scripted(status(503), status(500), sse("Calm ", "water."))
    got: list[str] = []
    response = server.provider().stream(ask(), got.append)
    assert response.ok and response.text == "Calm water." and len(server.bodies) == 3
    four = scripted(status(404)).provider().stream(ask(), got.append)
    assert four.error == "http 404"  # not retried, as in complete


def test_a_stream_cut_off_after_pieces_went_out_fails_and_is_not_retried(scripted) -> None:
    server = scripted(sse("The ", "river ", done=False, finish=False), sse(EN_REPLY))
    got: list[str] = []
    response = server.provider().stream(ask(), got.append)
    assert not response.ok and response.error.startswith("connection error")
    assert got == ["The ", "river "] and len(server.bodies) == 1  # a retry would say "The river" twice


def test_a_stalled_stream_times_out_under_the_same_deadline(scripted) -> None:
    server = scripted(sse("The ", "river ", "is ", "calm.", gap=0.4))
    started = time.monotonic()
    response = server.provider(timeout=0.5, max_retries=0).stream(ask(), lambda _p: None)
    assert response.error == "timeout" and time.monotonic() - started < 3


def test_malformed_chunks_stream_errors_and_refusals_are_failures(scripted) -> None:
    assert scripted(raw_event(b"data: {not json\n\n")).provider().stream(ask(), print).error == "malformed response"
    assert scripted(raw_event(b'data: {"error": {"message": "overloaded"}}\n\n')).provider().stream(
        ask(), print).error == "stream error"
    refusal = b'data: {"choices": [{"delta": {"refusal": "I cannot"}, "finish_reason": "stop"}]}\n\ndata: [DONE]\n\n'
    got: list[str] = []
    refused = scripted(raw_event(refusal)).provider().stream(ask(), got.append)
    assert refused.error == "refusal" and refused.text == "" and got == []


def test_keep_alive_comments_and_multi_line_events_are_read(scripted) -> None:
    body = (b": keep-alive\n\n" + b"event: message\n" + chunk_event("Calm ")
            + b'data: {"choices": [{"delta": \ndata: {"content": "water."}, "finish_reason": "stop"}]}\n\n'
            + b"data: [DONE]\n\n")
    got: list[str] = []
    response = scripted(raw_event(body)).provider().stream(ask(), got.append)
    assert response.ok and got == ["Calm ", "water."]


# --- wrappers pass streaming through, with the same accounting ---------------------------------
def test_breaker_and_accounting_count_streamed_calls_like_complete(scripted) -> None:
    server = scripted(status(500))
    acc = AccountingProvider(CheckedReplies(server.provider(max_retries=0)))
    breaker = HealthBreaker(acc, trip_after=3, cooldown_calls=2)
    got: list[str] = []
    answers = [breaker.stream(ask(), got.append) for _ in range(5)]
    assert [a.error for a in answers] == ["http 500"] * 3 + ["model resting: too many failures in a row"] * 2
    assert len(server.bodies) == 3 and got == []  # rested calls are not sent
    assert acc.usage.calls == 3 and acc.usage.failures_by_reason == {"http 500": 3}
    assert breaker.state.trips == 1 and breaker.state.skipped == 2


def test_the_reply_check_judges_the_whole_streamed_reply(scripted) -> None:
    server = scripted(sse("他又", "迟到了。"))
    got: list[str] = []
    checked = CheckedReplies(server.provider()).stream(ask(), got.append)  # an English world
    assert "".join(got) == "他又迟到了。"  # the pieces went out as they came ...
    assert checked.error.startswith("unusable reply: wrong language")  # ... and the whole was judged


def test_retry_stops_once_pieces_went_out_and_call_limit_counts_streams() -> None:
    calls: list[int] = []

    class Flaky:
        name = "flaky"

        def complete(self, request: LLMRequest) -> LLMResponse:  # pragma: no cover - streamed only
            raise AssertionError

        def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:  # pragma: no cover
            raise AssertionError

        def stream(self, request: LLMRequest, on_token: Callable[[str], None]) -> LLMResponse:
            calls.append(1)
            if len(calls) == 1:
                return LLMResponse(error="timeout", finish_reason="error")
            on_token("half ")
            return LLMResponse(error="connection error", finish_reason="error")

    got: list[str] = []
    response = RetryProvider(Flaky(), attempts=5).stream(ask(), got.append)
    assert len(calls) == 2 and got == ["half "] and response.error == "connection error"
    limited = CallLimitProvider(OfflineProvider(), max_calls=1)
    assert limited.stream(ask(), got.append).ok and limited.stream(ask(), got.append).error == "call limit reached"


def test_offline_scripted_replay_and_round_robin_stream_the_same_text(tmp_path: Path) -> None:
    cassette = tmp_path / "c.jsonl"
    recorder = RecordingProvider(ScriptedProvider([EN_REPLY]), cassette)
    makers = (lambda: recorder, lambda: ReplayProvider(cassette),  # replay reads what was just recorded
              lambda: RoundRobinProvider([ScriptedProvider([EN_REPLY])] * 2))
    for make in makers:
        provider = make()
        got: list[str] = []
        response = provider.stream(ask(), got.append)
        assert response.text == EN_REPLY == "".join(got) and len(got) == len(EN_REPLY.split()), provider
    request = ask("你好", language="zh")
    got = []
    spoken = OfflineProvider().stream(request, got.append)
    assert spoken.text == OfflineProvider().complete(request).text == "".join(got)
    assert all(len(p) <= 2 for p in got) and len(got) > 1


def test_a_provider_without_stream_is_relayed_after_the_fact() -> None:
    class Whole:
        name = "whole"

        def complete(self, request: LLMRequest) -> LLMResponse:
            return LLMResponse(text="阿青说今天的茶很好。")

        def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
            return [self.complete(r) for r in requests]

    got: list[str] = []
    assert stream_complete(Whole(), ask(language="zh"), got.append).ok
    assert got == ["阿青", "说今", "天的", "茶很", "好。"]
    assert pieces("Good evening!  ") == ["Good", " evening!", "  "]


# --- the reply stream: nothing private leaves early ------------------------------------------------
SECRET = "my phone number is 555-0199, tell no one"


def _feed(stream: ReplyStream, text: str, size: int = 1) -> None:
    for i in range(0, len(text), size):
        stream(text[i:i + size])


@pytest.mark.parametrize("size", [1, 3, 8])
def test_a_quotation_of_a_private_item_is_held_back_and_never_relayed(size: int) -> None:
    out: list[str] = []
    stream = ReplyStream(out.append, npc="bram", asker="pilgrim", language="en")
    stream.protect([f"Bram, {SECRET}."])
    reply = f"Rider said: {SECRET}. Odd fellow."
    assert not no_private_leak(reply, [f"Bram, {SECRET}."]).ok  # the guard would strip it
    _feed(stream, reply, size)
    relayed = "".join(out)
    assert stream.halted == PRIVATE_HALT
    assert relayed == "Rider said: " and "555" not in relayed and "phone" not in relayed
    note = stream.finish("Rider said something I keep to myself.", "guard veto")
    assert note.replaced and note.text == "Rider said: " and "guard veto" in note.reason
    assert "555" not in "".join(out)


def test_a_harmless_overlap_with_a_private_item_is_let_through() -> None:
    out: list[str] = []
    stream = ReplyStream(out.append, npc="bram", asker="pilgrim", language="en")
    stream.protect([f"Bram, {SECRET}."])
    reply = "Is my phone ringing? No one calls at night."
    _feed(stream, reply, 2)
    assert stream.halted is None and "".join(out) == reply  # all of it, before the turn is even done
    # "my phone" and "No one" run through the secret: each was held until the next word broke the run
    assert "my phone ringing?" in out and "No one calls " in out
    note = stream.finish(reply)
    assert "".join(out) == reply and not note.replaced and note.tokens == len(out)


def test_zh_private_items_are_held_character_by_character() -> None:
    out: list[str] = []
    stream = ReplyStream(out.append, npc="aqing", asker="zhou", language="zh")
    stream.protect(["小梁手脚不干净，别告诉别人"])
    _feed(stream, "听说小梁手脚不干净，你别乱传。", 2)
    assert stream.halted == PRIVATE_HALT and "".join(out) == "听说"


def test_engine_labels_stop_the_stream_and_a_rule_reply_is_relayed_whole() -> None:
    out: list[str] = []
    stream = ReplyStream(out.append, npc="bram", asker="rider", language="en")
    stream.protect([])
    _feed(stream, "Our trust level is 0.8 now.", 4)
    assert stream.halted and "0.8" not in "".join(out)
    quiet: list[str] = []
    rule = ReplyStream(quiet.append, npc="bram", asker="rider", language="en")
    note = rule.finish("That's not something I can talk about.")
    assert "".join(quiet) == "That's not something I can talk about." and not note.replaced and note.tokens > 3


def test_a_listener_that_fails_does_not_break_the_turn() -> None:
    from townsfolk.memory.embeddings import LexicalEmbedder
    from townsfolk.sim.town import Town

    town = Town.from_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "signal_box.yaml",
                              embedder=LexicalEmbedder())
    calls: list[str] = []

    def gone(piece: str) -> None:
        calls.append(piece)
        raise ConnectionResetError("the game client hung up")

    result = town.say("sol", "wren", "Good evening, Wren.", on_token=gone)
    assert result.answered and result.text and len(calls) == 1 and result.stream.tokens == 0
    assert town.say("sol", "wren", "Good evening, Wren.").text  # and the town carries on


def test_llama_cpp_streams_the_chunks_the_model_generates(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import sys

    from townsfolk.agents.llm.llama_cpp import LlamaCppProvider

    asked: list[dict[str, Any]] = []

    class FakeLlama:  # the library boundary: what llama-cpp-python yields with stream=True
        def __init__(self, **kwargs: Any) -> None:
            pass

        def create_chat_completion(self, **kwargs: Any) -> Any:
            asked.append(kwargs)
            if kwargs["max_tokens"] == 1:
                raise ValueError("Requested tokens exceed context window")
            return iter([{"model": str(tmp_path / "tiny.gguf"), "choices": [{"delta": {"role": "assistant"}}]},
                         *({"choices": [{"delta": {"content": p}, "finish_reason": None}]} for p in ("Calm ", "tonight.")),
                         {"choices": [{"delta": {}, "finish_reason": "stop"}]}])

    fake = type(sys)("llama_cpp")
    fake.Llama = FakeLlama  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "llama_cpp", fake)
    (tmp_path / "tiny.gguf").write_bytes(b"GGUF")
    provider = LlamaCppProvider(tmp_path / "tiny.gguf", seed=3)
    got: list[str] = []
    response = provider.stream(ask(), got.append)
    assert got == ["Calm ", "tonight."] and response.text == "Calm tonight." and response.model == "tiny"
    assert asked[0]["stream"] is True and asked[0]["seed"] == 3
    assert provider.stream(ask().model_copy(update={"max_tokens": 1}), got.append).error == "llama error: ValueError"


# --- through the Town: the same turns, streamed or not -----------------------------------------------
ROOT = Path(__file__).resolve().parent.parent


def _town(scenario: str, provider=None):
    from townsfolk.memory.embeddings import LexicalEmbedder
    from townsfolk.sim.town import Town

    return Town.from_scenario(ROOT / "scenarios" / scenario, embedder=LexicalEmbedder(), provider=provider)


def test_streaming_changes_nothing_the_world_keeps() -> None:
    """Two towns, the same lines; one streams every turn. Replies, timeline and memories are the same."""
    lines = [("ayuan", "laomei", "师傅，昨晚桥头出什么事了？"), ("xiaoyu", "laomei", "你还记得我跟你说的事吗？"),
             ("ayuan", "afu", "小雨最近怎么样？"), ("ayuan", "laomei", "明天还下雨吗？")]
    plain, streamed = _town("umbrella_shop.yaml"), _town("umbrella_shop.yaml")
    plain.advance(3), streamed.advance(3)
    for player, npc, text in lines:
        got: list[str] = []
        a = plain.say(player, npc, text)
        b = streamed.say(player, npc, text, on_token=got.append)
        assert a.text == b.text == "".join(got) and not b.stream.replaced and b.stream.tokens == len(got) > 1
        assert a.model_dump(exclude={"stream"}) == b.model_dump(exclude={"stream"})
    assert [e.model_dump() for e in plain.timeline()] == [e.model_dump() for e in streamed.timeline()]
    assert plain.memories("laomei", "ayuan", events=True) == streamed.memories("laomei", "ayuan", events=True)
    assert "搬" not in " ".join(e.text for e in streamed.timeline() if "ayuan" in e.who)


def test_an_errand_line_voiced_by_the_model_streams_and_a_rejected_voicing_is_replaced() -> None:
    voicings = iter(["Aye, I can mend it. What needs mending?", "Sure thing!!"])

    def model(request: LLMRequest) -> str:
        if request.json_schema is not None:
            return "no"  # the structured helpers fall back to their heuristics
        if request.task == "errand_reply":
            return next(voicings)
        return "Morning."

    town = _town("smithy_favour.yaml", ScriptedProvider(model))
    got: list[str] = []
    first = town.say("player", "bram", "I need a repair.", on_token=got.append)
    assert town.sim.last_turn[1].errand is not None  # code decided the line; the model voiced it
    assert first.text == "".join(got) == "Aye, I can mend it. What needs mending?" and len(got) > 3
    got.clear()
    second = town.say("player", "bram", "It's the plough.", on_token=got.append)
    assert town.sim.last_turn[1].errand is not None and "".join(got) == "Sure thing!!"  # the words went out ...
    assert second.stream.replaced and second.text != "Sure thing!!"  # ... and code's own line replaced them
    assert second.stream.reason == second.fallback and "plough" in second.text.lower()
