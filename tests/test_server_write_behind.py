"""Write-behind commits over HTTP (sim/server_worlds.py): a call is answered once it has run, its
commit follows off the request path, and a server stopped right after a reply still commits it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from tests.serve_fixture import LiveServer
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.town import Town

FERRY = (Path(__file__).resolve().parent.parent / "scenarios" / "ferry.yaml").read_text(encoding="utf-8")


def _facts(db: Path) -> set[str]:
    world, _memory, _log = RunStore(db, must_exist=True).load()
    return {f.id for f in world.facts}


@pytest.fixture
def slow_save(monkeypatch: pytest.MonkeyPatch) -> dict:
    """Town.save held back while `gate` is closed, so a reply certainly comes before its commit."""
    state = {"gate": threading.Event(), "saves": 0}
    state["gate"].set()
    real = Town.save

    def save(self: Town, **kw) -> None:
        state["gate"].wait(10)
        state["saves"] += 1
        real(self, **kw)

    monkeypatch.setattr(Town, "save", save)
    return state


def _world(server: LiveServer) -> None:
    """World `w` with player `lin`, once the join's own commit (which follows its answer) is on disk."""
    with server.client() as c:
        assert c.post("/v1/worlds", json={"id": "w", "scenario": FERRY}).status_code == 201
        assert c.post("/v1/worlds/w/players", json={"id": "lin", "name": "Lin"}).status_code == 201
    db, deadline = server.data / "local" / "w.db", time.monotonic() + 10
    while "lin" not in RunStore(db, must_exist=True).load()[0].characters:
        assert time.monotonic() < deadline, "the join was never committed"
        time.sleep(0.02)


def test_a_reply_answered_before_its_commit_is_on_disk_after_the_server_stops(tmp_path: Path, slow_save: dict) -> None:
    server = LiveServer(tmp_path).start()
    db = tmp_path / "local" / "w.db"
    try:
        _world(server)
        slow_save["gate"].clear()  # the commit after the next call waits until the server is told to stop
        with server.client() as c:
            turn = c.post("/v1/worlds/w/talk", json={"player": "lin", "npc": "ida", "text": "Is the river calm?"})
            assert turn.status_code == 200, turn.text
        reply, asked = turn.json()["reply_fact"], turn.json()["entries"][0]["ids"]["fact"]
        on_disk = _facts(db)
        assert reply not in on_disk and asked not in on_disk  # answered ahead of its commit
        stopping = threading.Thread(target=server.stop)
        stopping.start()  # the server is stopped right after the reply ...
        time.sleep(0.3)
        slow_save["gate"].set()  # ... while the commit is still under way
        stopping.join(30)
    finally:
        slow_save["gate"].set()
        server.stop()
    assert {reply, asked} <= _facts(db)
    reopened = Town.open(db, read_only=True)
    try:
        assert any(e.kind == "reply" for e in reopened.timeline(0))
    finally:
        reopened.close()


def test_commit_before_reply_has_the_reply_on_disk_when_it_is_answered(tmp_path: Path) -> None:
    server = LiveServer(tmp_path, write_behind=False).start()
    try:
        _world(server)
        with server.client() as c:
            turn = c.post("/v1/worlds/w/talk", json={"player": "lin", "npc": "ida", "text": "Any news?"}).json()
            assert turn["reply_fact"] in _facts(tmp_path / "local" / "w.db")
    finally:
        server.stop()


def test_a_failed_commit_is_carried_by_the_next_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = LiveServer(tmp_path).start()
    db = tmp_path / "local" / "w.db"
    try:
        _world(server)
        real, failures = Town.save, []

        def failing_once(self: Town, **kw) -> None:
            if not failures:
                failures.append(1)
                raise OSError("disk full (test)")
            real(self, **kw)

        monkeypatch.setattr(Town, "save", failing_once)
        with server.client() as c:
            first = c.post("/v1/worlds/w/talk", json={"player": "lin", "npc": "ida", "text": "Any news?"}).json()
            time.sleep(0.2)
            assert first["reply_fact"] not in _facts(db)  # its commit failed; the town still holds it
            second = c.post("/v1/worlds/w/talk", json={"player": "lin", "npc": "ida", "text": "And now?"}).json()
            deadline = time.monotonic() + 10
            while second["reply_fact"] not in _facts(db) and time.monotonic() < deadline:
                time.sleep(0.05)
        assert {first["reply_fact"], second["reply_fact"]} <= _facts(db)
    finally:
        server.stop()
