"""`POST /v1/worlds/{id}/talk?stream=true` against a real uvicorn server on 127.0.0.1 whose worlds
speak through a real loopback chat-completions server that streams: tokens reach the game client
as the model produces them, the reply check still judges the whole reply (and the result says when
the spoken text replaced the streamed one), and another player's private words never stream."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.chat_server import ChatModel
from tests.serve_fixture import LiveServer
from townsfolk.agents.llm.openai_compat import OpenAICompatProvider

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SIGNAL_BOX = (SCENARIOS / "signal_box.yaml").read_text(encoding="utf-8")
UMBRELLA_SHOP = (SCENARIOS / "umbrella_shop.yaml").read_text(encoding="utf-8")
EN_REPLY = "The express was held at the cutting by a fallen tree, forty minutes late."
ZH_REPLY = "昨夜风大，桥头的灯笼被吹掉了，明天我去看看。"
JUNO_SECRET = "the parcel I carry is the mayor's letter to the court"
XIAOYU_SECRET = "我下个月就要搬去外地了"


class Model:
    """What the loopback model answers a reply request with; a test sets it before it talks."""

    def __init__(self) -> None:
        self.text = EN_REPLY

    def __call__(self, body: dict[str, Any]) -> str:
        return self.text


@pytest.fixture(scope="module")
def model() -> Iterator[tuple[ChatModel, Model]]:
    says = Model()
    with ChatModel(says, delay=0.01, hold_last=threading.Event(), hold_timeout=5.0) as chat:
        yield chat, says


@pytest.fixture(scope="module")
def live(tmp_path_factory, model) -> Iterator[LiveServer]:
    chat, _ = model
    provider = OpenAICompatProvider(chat.url, "streamer", timeout=10, max_retries=0)
    server = LiveServer(tmp_path_factory.mktemp("talk-stream"), provider=lambda: provider).start()
    yield server
    server.stop()


def _world(client: httpx.Client, wid: str, scenario: str) -> None:
    r = client.post("/v1/worlds", json={"id": wid, "scenario": scenario})
    assert r.status_code == 201, r.text


def _events(response: httpx.Response, on_first_token=None) -> list[tuple[float, str, Any]]:
    """(arrival time, event name, decoded data) for each server-sent event, read as it arrives."""
    out: list[tuple[float, str, Any]] = []
    name, data = "", []
    for line in response.iter_lines():
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data.append(line[6:])
        elif not line and name:
            out.append((time.monotonic(), name, json.loads("\n".join(data))))
            if name == "token" and on_first_token is not None and len(out) == 1:
                on_first_token()
            name, data = "", []
    return out


def _talk(live: LiveServer, wid: str, player: str, npc: str, text: str, on_first_token=None):
    with live.client() as c, c.stream("POST", f"/v1/worlds/{wid}/talk", params={"stream": "true"},
                                      json={"player": player, "npc": npc, "text": text}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        events = _events(r, on_first_token)
    assert [e[1] for e in events[:-1]] == ["token"] * (len(events) - 1) and events[-1][1] == "result"
    return [e[2]["text"] for e in events[:-1]], events[-1][2], events


def test_tokens_reach_the_client_while_the_model_is_still_writing(live, model) -> None:
    chat, says = model
    says.text = EN_REPLY
    with live.client() as c:
        _world(c, "box", SIGNAL_BOX)
    chat.hold_last.clear()  # type: ignore[union-attr]
    before = chat.streamed
    tokens, result, events = _talk(live, "box", "sol", "wren", "Wren, why was the express so late tonight?",
                                   on_first_token=chat.hold_last.set)  # type: ignore[union-attr]
    # the model sent its last chunk only after this client had read a token over HTTP
    assert chat.streamed == before + 1 and chat.held_released[-1] is True
    assert events[0][0] < chat.sent_at[-1][-1]
    assert "".join(tokens) == result["text"] == EN_REPLY and len(tokens) >= len(EN_REPLY.split()) - 1
    assert result["answered"] and result["fallback"] is None
    assert result["stream"] == {"tokens": len(tokens), "text": EN_REPLY, "replaced": False, "reason": None}
    # and the turn is saved like any other
    with live.client() as c:
        timeline = c.get("/v1/worlds/box/timeline").json()
    assert any(e["kind"] == "reply" and EN_REPLY in e["text"] for e in timeline)


def test_a_reply_the_check_rejects_is_replaced_and_the_result_says_why(live, model) -> None:
    chat, says = model
    chat.hold_last.set()  # type: ignore[union-attr]
    says.text = "夜里的快车晚点了四十分钟，因为有树倒了。"  # Chinese in an English world
    with live.client() as c:
        _world(c, "box-wrong", SIGNAL_BOX)
    tokens, result, _ = _talk(live, "box-wrong", "sol", "wren", "Wren, why was the express late?")
    assert "".join(tokens) == says.text  # streamed as it came ...
    note = result["stream"]
    assert note["replaced"] and note["text"] == says.text  # ... then corrected:
    assert note["reason"].startswith("unusable reply: wrong language") and result["fallback"] == note["reason"]
    assert result["text"] and result["text"] != says.text and not any("\u4e00" <= ch <= "\u9fff" for ch in result["text"])


def test_another_players_private_words_never_stream(live, model) -> None:
    chat, says = model
    chat.hold_last.set()  # type: ignore[union-attr]
    with live.client() as c:
        _world(c, "box-private", SIGNAL_BOX)
        assert c.post("/v1/worlds/box-private/advance", json={"ticks": 2}).status_code == 200  # Juno confides
    # a careless model recites what Juno told Wren, to Sol
    for opening in ("", "Trains are late tonight. "):
        says.text = f"{opening}Juno told me: {JUNO_SECRET}. Keep that to yourself."
        tokens, result, _ = _talk(live, "box-private", "sol", "wren", "What did the courier tell you?")
        streamed = "".join(tokens)
        for word in ("mayor", "court", "parcel", "carry"):
            assert word not in streamed and word not in result["text"], (word, streamed, result["text"])
        assert result["text"] == f"{opening}Keep that to yourself."  # the guard dropped the quotation
        note = result["stream"]
        if opening:  # what came before the quotation went out as it came; the result corrects the bubble
            assert streamed == opening and note["replaced"]
            assert note["reason"].startswith("changed by the guards: no_private_leak; stopped streaming")
        else:  # held from the first word (the teller's name is in the secret too): nothing to correct
            assert streamed == result["text"] and not note["replaced"]
    # the one who confided may hear it back, streamed
    says.text = f"You told me {JUNO_SECRET}, and I have kept it."
    tokens, result, _ = _talk(live, "box-private", "juno", "wren", "Do you remember what I told you?")
    assert "mayor" in "".join(tokens) and not result["stream"]["replaced"]


def test_a_zh_world_streams_and_keeps_its_secret(live, model) -> None:
    chat, says = model
    chat.hold_last.set()  # type: ignore[union-attr]
    with live.client() as c:
        _world(c, "umbrella", UMBRELLA_SHOP)
        assert c.post("/v1/worlds/umbrella/advance", json={"ticks": 2}).status_code == 200
    says.text = ZH_REPLY
    tokens, result, _ = _talk(live, "umbrella", "ayuan", "laomei", "师傅，昨晚桥头出什么事了？")
    assert "".join(tokens) == result["text"] == ZH_REPLY and len(tokens) > 3
    says.text = f"小雨跟我说{XIAOYU_SECRET}，你可别说出去。"
    tokens, result, _ = _talk(live, "umbrella", "ayuan", "laomei", "小雨最近怎么样？")
    streamed = "".join(tokens)
    assert "搬" not in streamed and "搬" not in result["text"] and "外地" not in streamed
    assert result["stream"]["replaced"] or streamed == result["text"]


def test_bad_requests_are_plain_4xx_before_any_event(live) -> None:
    with live.client() as c:
        _world(c, "box-bad", SIGNAL_BOX)
        for body, field in [({"player": "sol", "npc": "zed", "text": "hi"}, "npc"),
                            ({"player": "nobody", "npc": "wren", "text": "hi"}, "player"),
                            ({"player": "sol", "npc": "wren", "text": " "}, "text")]:
            r = c.post("/v1/worlds/box-bad/talk", params={"stream": "true"}, json=body)
            assert r.status_code == 422 and r.json()["error"]["field"] == field, r.text
        assert c.post("/v1/worlds/nowhere/talk", params={"stream": "true"},
                      json={"player": "sol", "npc": "wren", "text": "hi"}).status_code == 404


def test_a_failure_after_the_first_token_is_one_error_event_and_before_it_a_plain_4xx(live, monkeypatch) -> None:
    from townsfolk.sim.town import Town, TownError

    with live.client() as c:
        _world(c, "box-fail", SIGNAL_BOX)

    def breaks_mid_reply(self, player, npc, text, *, on_token=None, **_options):
        on_token("Well, ")
        raise TownError("npc", "Wren left the box mid-sentence")

    monkeypatch.setattr(Town, "say", breaks_mid_reply)
    with live.client() as c, c.stream("POST", "/v1/worlds/box-fail/talk", params={"stream": "true"},
                                      json={"player": "sol", "npc": "wren", "text": "Hello?"}) as r:
        assert r.status_code == 200
        events = [(name, data) for _t, name, data in _events(r)]
    assert events == [("token", {"text": "Well, "}),
                      ("error", {"error": {"field": "npc", "reason": "Wren left the box mid-sentence"}})]

    def breaks_at_once(self, player, npc, text, *, on_token=None, **_options):
        raise TownError("text", "nothing to answer")

    monkeypatch.setattr(Town, "say", breaks_at_once)
    with live.client() as c:
        r = c.post("/v1/worlds/box-fail/talk", params={"stream": "true"},
                   json={"player": "sol", "npc": "wren", "text": "Hello?"})
    assert r.status_code == 422 and r.json() == {"error": {"field": "text", "reason": "nothing to answer"}}
