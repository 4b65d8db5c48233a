"""The HTTP service against a real uvicorn server on 127.0.0.1: every route, auth and tenants,
streaming, restart-and-reload, bad requests, concurrency, and privacy between players."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.serve_fixture import LiveServer
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.server import parse_keys, serve

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FERRY = (SCENARIOS / "ferry.yaml").read_text(encoding="utf-8")
TEAHOUSE = (SCENARIOS / "teahouse.yaml").read_text(encoding="utf-8")
KEYS = {"k-tavern": "tavern", "k-arena": "arena"}


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = LiveServer(tmp_path_factory.mktemp("serve"), keys=KEYS).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def tavern(live):
    with live.client("k-tavern") as c:
        yield c


@pytest.fixture(scope="module")
def arena(live):
    with live.client("k-arena") as c:
        yield c


def _world(client: httpx.Client, wid: str, scenario=FERRY) -> dict:
    r = client.post("/v1/worlds", json={"id": wid, "scenario": scenario})
    assert r.status_code == 201, r.text
    return r.json()


def _sse(text: str) -> list[dict]:
    events = []
    for block in text.strip().split("\n\n"):
        if block.startswith(":"):
            continue
        ev = {}
        for line in block.split("\n"):
            key, _, value = line.partition(": ")
            ev[key] = ev.get(key, "") + value if key == "data" else value
        events.append(ev)
    return events


# --- service and auth ----------------------------------------------------------------------------
def test_health_openapi_and_docs_are_served(live):
    with live.client() as c:
        assert c.get("/healthz").json()["status"] == "ok"
        spec = c.get("/openapi.json").json()
        for path in ("/v1/worlds", "/v1/worlds/{world}", "/v1/worlds/{world}/players", "/v1/worlds/{world}/talk",
                     "/v1/worlds/{world}/events", "/v1/worlds/{world}/advance", "/v1/worlds/{world}/stream",
                     "/v1/worlds/{world}/npcs/{npc}/memories", "/v1/worlds/{world}/players/{player}/memories",
                     "/v1/worlds/{world}/why", "/healthz"):
            assert path in spec["paths"], path
        assert "swagger" in c.get("/docs").text.lower()


def test_a_missing_or_wrong_key_is_401_and_another_games_world_is_404(live, tavern, arena):
    _world(tavern, "cellar")
    with live.client() as anon, live.client("nope") as wrong:
        for c in (anon, wrong):
            r = c.get("/v1/worlds/cellar")
            assert r.status_code == 401 and r.json()["error"]["field"] == "authorization"
            assert r.headers["www-authenticate"] == "Bearer"
            assert c.post("/v1/worlds", json={"id": "x", "scenario": FERRY}).status_code == 401
    assert arena.get("/v1/worlds/cellar").status_code == 404
    assert arena.post("/v1/worlds/cellar/talk", json={"player": "rider", "npc": "ida", "text": "hi"}).status_code == 404
    assert arena.delete("/v1/worlds/cellar").status_code == 404
    assert "cellar" not in [w["id"] for w in arena.get("/v1/worlds").json()]
    assert "cellar" in [w["id"] for w in tavern.get("/v1/worlds").json()]
    # the same id in another game is another world
    _world(arena, "cellar")
    tavern.post("/v1/worlds/cellar/talk", json={"player": "rider", "npc": "ida", "text": "Evening!"})
    assert arena.get("/v1/worlds/cellar").json()["timeline_length"] == 0
    assert tavern.get("/v1/worlds/cellar").json()["timeline_length"] > 0


def test_without_keys_the_server_refuses_anything_but_loopback():
    with pytest.raises(ValueError, match="refusing"):
        serve("unused", host="0.0.0.0", keys={})
    assert parse_keys("tavern=k1, arena=k2") == {"k1": "tavern", "k2": "arena"}
    with pytest.raises(ValueError, match="game=key"):
        parse_keys("tavern")


# --- worlds, players, talk -----------------------------------------------------------------------
def test_world_lifecycle_and_json_scenarios(tavern):
    import yaml

    info = _world(tavern, "tea-json", scenario=yaml.safe_load(TEAHOUSE))
    assert info["language"] == "zh" and info["npcs"] and info["players"]
    assert tavern.post("/v1/worlds", json={"id": "tea-json", "scenario": FERRY}).status_code == 409
    assert tavern.get("/v1/worlds/tea-json").json()["title"] == info["title"]
    assert tavern.delete("/v1/worlds/tea-json").status_code == 204
    assert tavern.get("/v1/worlds/tea-json").status_code == 404


def test_a_player_joins_and_talks_and_gets_a_turn_result(tavern):
    _world(tavern, "landing")
    r = tavern.post("/v1/worlds/landing/players", json={"id": "p2", "name": "Lin"})
    assert r.status_code == 201 and r.json() == {"id": "p2", "name": "Lin"}
    assert tavern.post("/v1/worlds/landing/players", json={"id": "p2"}).json()["error"]["field"] == "id"
    r = tavern.post("/v1/worlds/landing/talk", json={"player": "p2", "npc": "ida", "text": "Evening! Is the river calm?"})
    assert r.status_code == 200, r.text
    turn = r.json()
    assert turn["answered"] and turn["text"] and turn["npc"] == "ida" and turn["player"] == "p2"
    assert set(turn["emotion"]) == {"valence", "arousal", "dominance", "label"}
    assert turn["route"] and turn["intent"] and isinstance(turn["memory_ids"], list)
    assert isinstance(turn["wants_reply"], bool)


@pytest.mark.parametrize("body, field", [
    ({"player": "rider", "npc": "nobody", "text": "hi"}, "npc"),
    ({"player": "ida", "npc": "bram", "text": "hi"}, "player"),
    ({"player": "ghost", "npc": "ida", "text": "hi"}, "player"),
    ({"player": "rider", "npc": "ida", "text": "x" * 2001}, "text"),
    ({"player": "rider", "npc": "ida", "text": ""}, "text"),
    ({"player": "rider", "npc": "ida"}, "text"),
    ({"player": "rider", "npc": "ida", "text": "hi", "extra": 1}, "extra"),
])
def test_bad_talk_is_422_naming_the_field(tavern, body, field):
    if tavern.get("/v1/worlds/bad-talk").status_code == 404:
        _world(tavern, "bad-talk")
    r = tavern.post("/v1/worlds/bad-talk/talk", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == field


def test_bad_requests_elsewhere_are_4xx_with_a_reason(tavern):
    _world(tavern, "strict")
    r = tavern.post("/v1/worlds", content=b"x" * 1_100_000, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["field"] == "body"
    r = tavern.post("/v1/worlds", json={"id": "broken", "scenario": "scenario: x\ncharacters:\n  a: {name: A, traits: {candour: 3}}\n"})
    assert r.status_code == 422 and r.json()["error"]["field"].startswith("scenario.characters")
    assert tavern.post("/v1/worlds", json={"id": "has space", "scenario": FERRY}).json()["error"]["field"] == "id"
    r = tavern.post("/v1/worlds/strict/events", json={"what": "x", "witnesses": ["ida", "ghost"]})
    assert r.status_code == 422 and r.json()["error"]["field"] == "witnesses[1]"
    assert tavern.post("/v1/worlds/strict/events", json={"what": "x", "valence": 2}).json()["error"]["field"] == "valence"
    assert tavern.post("/v1/worlds/strict/advance", json={"ticks": -1}).json()["error"]["field"] == "ticks"
    assert tavern.get("/v1/worlds/strict/npcs/zed/memories?about=rider").status_code == 404
    assert tavern.get("/v1/worlds/strict/npcs/ida/memories?about=zed").json()["error"]["field"] == "about"
    assert tavern.get("/v1/worlds/strict/npcs/ida/memories").json()["error"]["field"] == "about"
    assert tavern.delete("/v1/worlds/strict/players/zed/memories").status_code == 404
    assert tavern.get("/v1/worlds/strict/why?holder=ida&target=zed").json()["error"]["field"] == "target"
    assert tavern.get("/v1/worlds/strict/stream", headers={"Last-Event-ID": "abc"}).status_code == 422
    assert tavern.get("/v1/worlds/strict/nothing").status_code == 404


def test_events_and_advance_return_what_followed(tavern):
    _world(tavern, "quay")
    r = tavern.post("/v1/worlds/quay/events", json={"what": "Rider kicked Bram's lantern into the river",
                                                     "actor": "rider", "about": "rider", "witnesses": ["bram", "ida"],
                                                     "place": "the quay", "valence": -0.6})
    assert r.status_code == 201, r.text
    ev = r.json()
    assert ev["fact"].startswith("f") and len(ev["beliefs"]) == 2
    assert {e["kind"] for e in ev["entries"]} >= {"happen", "belief"}
    r = tavern.post("/v1/worlds/quay/advance", json={"ticks": 3})
    assert r.status_code == 200 and r.json()["tick"] == 3
    why = tavern.get("/v1/worlds/quay/why", params={"holder": "bram", "target": "rider"}).json()
    assert why["holder"] == "bram" and why["beliefs"]


# --- streaming -----------------------------------------------------------------------------------
def test_talk_streams_tokens_then_the_turn_result(tavern):
    _world(tavern, "sse-talk")
    r = tavern.post("/v1/worlds/sse-talk/talk?stream=true", json={"player": "rider", "npc": "bram", "text": "Hello Bram!"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    events = _sse(r.text)
    kinds = [e["event"] for e in events]
    assert kinds[-1] == "result" and set(kinds[:-1]) == {"token"} and len(kinds) > 2  # the offline voice in pieces
    result = json.loads(events[-1]["data"])
    streamed = "".join(json.loads(e["data"])["text"] for e in events[:-1])
    assert result["answered"] and streamed == result["text"] == result["stream"]["text"]
    assert result["stream"] == {"tokens": len(kinds) - 1, "text": streamed, "replaced": False, "reason": None}
    bad = tavern.post("/v1/worlds/sse-talk/talk?stream=true", json={"player": "rider", "npc": "zed", "text": "hi"})
    assert bad.status_code == 422


def test_the_timeline_stream_resumes_with_last_event_id_and_follows_live(live, tavern):
    _world(tavern, "sse-tl")
    tavern.post("/v1/worlds/sse-tl/talk", json={"player": "rider", "npc": "ida", "text": "Evening captain."})
    backlog = _sse(tavern.get("/v1/worlds/sse-tl/stream?follow=false").text)
    ids = [int(e["id"]) for e in backlog]
    assert ids == list(range(1, len(ids) + 1)) and len(ids) >= 2
    rest = _sse(tavern.get("/v1/worlds/sse-tl/stream?follow=false", headers={"Last-Event-ID": "1"}).text)
    assert [int(e["id"]) for e in rest] == ids[1:]
    # live: a listener resumed at the end sees what happens next, in order, with ids
    seen: list[dict] = []
    ready = threading.Event()

    def listen() -> None:
        with live.client("k-tavern") as c, c.stream("GET", "/v1/worlds/sse-tl/stream",
                                                    headers={"Last-Event-ID": str(ids[-1])}) as resp:
            ready.set()
            buf = ""
            for chunk in resp.iter_text():
                buf += chunk
                while "\n\n" in buf:
                    block, buf = buf.split("\n\n", 1)
                    if not block.startswith(":"):
                        seen.extend(_sse(block + "\n\n"))
                if len(seen) >= 2:
                    return

    t = threading.Thread(target=listen, daemon=True)
    t.start()
    ready.wait(10)
    import time

    time.sleep(0.3)
    tavern.post("/v1/worlds/sse-tl/talk", json={"player": "pilgrim", "npc": "ida", "text": "Is there room aboard?"})
    t.join(60)
    assert [int(e["id"]) for e in seen[:2]] == [ids[-1] + 1, ids[-1] + 2]
    assert seen[0]["event"] == "ask" and "pilgrim" in json.loads(seen[0]["data"])["who"]


# --- concurrency, restart, privacy ---------------------------------------------------------------
def test_two_players_at_one_npc_at_once_are_both_answered_in_order(live, tavern):
    _world(tavern, "busy")
    tavern.post("/v1/worlds/busy/players", json={"id": "p3"})
    lines = [("rider", "Captain, when do we cast off?"), ("pilgrim", "Captain, may I bring my mule?"),
             ("p3", "Captain, is the crossing safe?")] * 3

    def talk(args):
        with live.client("k-tavern") as c:
            return c.post("/v1/worlds/busy/talk", json={"player": args[0], "npc": "ida", "text": args[1]}).json()

    with ThreadPoolExecutor(6) as pool:
        turns = list(pool.map(talk, lines))
    assert all(t["answered"] and t["text"] for t in turns), [t.get("held") for t in turns]
    facts = sorted(int(t["reply_fact"][1:]) for t in turns)
    assert len(set(facts)) == len(turns)  # one writer: every turn got its own facts
    timeline = tavern.get("/v1/worlds/busy/timeline").json()
    asks = [e for e in timeline if e["kind"] == "ask"]
    replies = [e for e in timeline if e["kind"] == "reply"]
    assert len(asks) == len(replies) == len(lines)
    for a, r in zip(asks, replies, strict=True):  # each answer right after its question
        assert r["seq"] > a["seq"] and a["who"][0] == r["who"][1]


def test_a_restarted_server_reloads_every_world_where_it_was(tmp_path):
    server = LiveServer(tmp_path, keys=KEYS).start()
    try:
        with server.client("k-tavern") as c:
            _world(c, "inn")
            c.post("/v1/worlds/inn/players", json={"id": "lin", "name": "Lin"})
            c.post("/v1/worlds/inn/talk", json={"player": "lin", "npc": "osk", "text": "Did the barge pay its toll?"})
            c.post("/v1/worlds/inn/advance", json={"ticks": 2})
            before = c.get("/v1/worlds/inn").json()
            timeline = c.get("/v1/worlds/inn/timeline").json()
        with server.client("k-arena") as c:
            _world(c, "pit", scenario=TEAHOUSE)
        server.restart()
        with server.client("k-tavern") as c:
            assert c.get("/v1/worlds/inn").json() == before
            assert c.get("/v1/worlds/inn/timeline").json() == timeline
            turn = c.post("/v1/worlds/inn/talk", json={"player": "lin", "npc": "osk", "text": "Me again."}).json()
            assert turn["answered"] and turn["entries"][0]["seq"] == len(timeline) + 1
        with server.client("k-arena") as c:
            assert [w["id"] for w in c.get("/v1/worlds").json()] == ["pit"]
        # what the server said is what the database holds
        assert len(RunStore(tmp_path / "tavern" / "inn.db").load()[2]) == len(timeline) + len(turn["entries"])
    finally:
        server.stop()


def test_one_players_private_words_never_reach_another_over_http(tavern):
    _world(tavern, "secrets")
    secret = "555-0199"
    r = tavern.post("/v1/worlds/secrets/talk", json={"player": "rider", "npc": "bram",
                                                      "text": f"Bram, my phone number is {secret}, tell no one."})
    assert r.status_code == 200
    tavern.post("/v1/worlds/secrets/advance", json={"ticks": 2})
    turn = tavern.post("/v1/worlds/secrets/talk", json={"player": "pilgrim", "npc": "bram",
                                                         "text": "What did the courier tell you? His phone number?"})
    assert secret not in turn.text
    for path, params in [("/v1/worlds/secrets/npcs/bram/memories", {"about": "pilgrim", "events": "true"}),
                         ("/v1/worlds/secrets/why", {"holder": "bram", "target": "pilgrim", "player": "pilgrim"}),
                         ("/v1/worlds/secrets/why", {"holder": "bram", "target": "rider", "player": "pilgrim"}),
                         ("/v1/worlds/secrets/why", {"holder": "bram", "target": "rider"})]:
        r = tavern.get(path, params=params)
        assert r.status_code == 200 and secret not in r.text, (path, params)
    # the words were kept, privately, for the one who said them
    mine = tavern.get("/v1/worlds/secrets/npcs/bram/memories", params={"about": "rider", "events": "true"}).json()
    assert any(secret in line["text"] and line["private"] for line in mine["events"])
    # and erasing them works over HTTP
    r = tavern.delete("/v1/worlds/secrets/players/rider/memories", params={"npc": "bram"})
    assert r.status_code == 200 and r.json()["removed"]
    after = tavern.get("/v1/worlds/secrets/npcs/bram/memories", params={"about": "rider", "events": "true"}).text
    assert secret not in after


def test_a_body_that_is_not_json_is_named_as_the_body(tavern):
    r = tavern.post("/v1/worlds", content=b"not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    body = r.json()["error"]
    assert body["field"] == "body" and body["reason"].startswith("the body is not valid JSON: "), body
