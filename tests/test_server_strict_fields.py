"""HTTP bodies and erasure refusals name the field at fault: an unknown memory id is a 404 naming
"memory" (it was a 422 naming "player"), and booleans are strict ("private": "yes" was true)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.serve_fixture import LiveServer

FERRY = (Path(__file__).resolve().parent.parent / "scenarios" / "ferry.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def client(tmp_path_factory):  # noqa: ANN001, ANN201
    server = LiveServer(tmp_path_factory.mktemp("serve"), keys={"k": "game"}).start()
    with server.client("k") as c:
        r = c.post("/v1/worlds", json={"id": "ferry", "scenario": FERRY})
        assert r.status_code == 201, r.text
        yield c
    server.stop()


def test_an_unknown_memory_is_a_404_naming_the_memory(client) -> None:  # noqa: ANN001
    r = client.delete("/v1/worlds/ferry/players/rider/memories", params={"memory": "e99999"})
    assert r.status_code == 404, r.text
    assert r.json()["error"]["field"] == "memory" and "e99999" in r.json()["error"]["reason"]


@pytest.mark.parametrize("value", ["yes", "true", 1, "1"])
def test_private_must_be_a_json_boolean(client, value: object) -> None:  # noqa: ANN001
    r = client.post("/v1/worlds/ferry/talk", json={"player": "rider", "npc": "ida", "text": "hello", "private": value})
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == "private" and r.json()["error"]["reason"]
    r = client.post("/v1/worlds/ferry/events", json={"what": "a note under the door", "private": value})
    assert r.status_code == 422 and r.json()["error"]["field"] == "private", r.text


def test_true_and_false_still_pass(client) -> None:  # noqa: ANN001
    r = client.post("/v1/worlds/ferry/talk", json={"player": "rider", "npc": "ida", "text": "hello", "private": True})
    assert r.status_code == 200, r.text
    r = client.post("/v1/worlds/ferry/events", json={"what": "a note under the door", "private": False})
    assert r.status_code == 201, r.text
