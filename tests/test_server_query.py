"""Unknown query parameters are refused, above all on erasure: a typo (`?NPC=ida`, `?memori=e3`) used to
be ignored, which made a one-NPC or one-memory erasure world-wide, keys destroyed, with no undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.serve_fixture import LiveServer

FERRY = (Path(__file__).resolve().parent.parent / "scenarios" / "ferry.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    server = LiveServer(tmp_path_factory.mktemp("serve_query"), keys={"k": "tavern"}).start()
    with server.client("k") as c:
        yield c
    server.stop()


def _talked(client, wid: str) -> None:
    assert client.post("/v1/worlds", json={"id": wid, "scenario": FERRY}).status_code == 201
    for npc in ("ida", "bram"):
        r = client.post(f"/v1/worlds/{wid}/talk", json={"player": "rider", "npc": npc, "text": f"Hello {npc}, I'm Tam."})
        assert r.status_code == 200, r.text


def _events(client, wid: str, npc: str) -> list[dict]:
    r = client.get(f"/v1/worlds/{wid}/npcs/{npc}/memories", params={"about": "rider", "events": "true"})
    assert r.status_code == 200, r.text
    return r.json()["events"]


@pytest.mark.parametrize("typo", ["NPC", "memori", "npcs"])
def test_a_typo_in_an_erasure_is_refused_and_erases_nothing(client, typo):
    wid = f"typo-{typo.lower()}"
    _talked(client, wid)
    before = {npc: _events(client, wid, npc) for npc in ("ida", "bram")}
    assert all(before.values())
    r = client.delete(f"/v1/worlds/{wid}/players/rider/memories", params={typo: "ida"})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["field"] == typo and "npc" in error["reason"] and "memory" in error["reason"], error
    assert {npc: _events(client, wid, npc) for npc in ("ida", "bram")} == before


def test_one_memory_is_erased_by_id_and_the_rest_stays(client):
    _talked(client, "one-memory")
    ida, bram = _events(client, "one-memory", "ida"), _events(client, "one-memory", "bram")
    gone = ida[0]["id"]
    r = client.delete("/v1/worlds/one-memory/players/rider/memories", params={"memory": gone})
    assert r.status_code == 200, r.text
    assert r.json()["memory"] == gone and gone in r.json()["removed"]["event"]
    assert gone not in {e["id"] for e in _events(client, "one-memory", "ida")}
    assert _events(client, "one-memory", "bram") == bram
    r = client.delete("/v1/worlds/one-memory/players/rider/memories", params={"memory": "e99999"})
    assert r.status_code in (404, 422) and "e99999" in r.json()["error"]["reason"], r.text


def test_unknown_query_parameters_are_refused_on_reads_too(client):
    assert client.post("/v1/worlds", json={"id": "reads", "scenario": FERRY}).status_code == 201
    r = client.get("/v1/worlds/reads/why", params={"holder": "ida", "target": "bram", "palyer": "rider"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "palyer"
    assert client.get("/v1/worlds/reads/why", params={"holder": "ida", "target": "bram"}).status_code == 200
    assert client.get("/v1/worlds", params={"x": "1"}).status_code == 422
