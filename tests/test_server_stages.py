"""The served request's cost, from inside the server: stage timings (TOWNSFOLK_PROFILE) and the
read-ahead that takes an event's model reading out of the world's queue."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import httpx
import pytest

from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.name_index import name_index
from townsfolk.memory.predicate_reader import default_embedder, meaning_reader, read_by_cues
from townsfolk.sim.server_profile import StageClock
from townsfolk.sim.server_worlds import Worlds

from .serve_fixture import LiveServer

ROOT = Path(__file__).resolve().parent.parent
FERRY = (ROOT / "scenarios" / "ferry.yaml").read_text(encoding="utf-8")


def uncued_text(rng: random.Random) -> str:
    """An event no cue word reads, new to this process (so only the model can read it)."""
    text = f"Rider counted {rng.randrange(10**9)} lanterns along the towpath"
    assert read_by_cues(text) is None
    return text


def test_stage_timings_written_at_shutdown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stem = tmp_path / "stages"
    monkeypatch.setenv("TOWNSFOLK_PROFILE", str(stem))
    server = LiveServer(tmp_path / "data").start()
    try:
        with httpx.Client(base_url=server.url, timeout=60) as c:
            assert c.post("/v1/worlds", json={"id": "w", "scenario": FERRY}).status_code == 201
            assert c.post("/v1/worlds/w/players", json={"id": "p1", "name": "Lin"}).status_code == 201
            for line in ("When does the ferry leave?", "Who keeps the ledger here?"):
                assert c.post("/v1/worlds/w/talk", json={"player": "p1", "npc": "ida", "text": line}).status_code == 200
            r = c.post("/v1/worlds/w/events", json={"what": "Lin helped haul the rope", "actor": "p1",
                                                   "witnesses": ["ida", "bram"]})
            assert r.status_code == 201
    finally:
        server.stop()
    stages = json.loads(Path(f"{stem}.json").read_text(encoding="utf-8"))
    assert stages["say.cpu"]["n"] == 2 and stages["say.wall"]["n"] == 2
    assert stages["event.cpu"]["n"] == 1 and stages["join.cpu"]["n"] == 1
    assert stages["read_ahead.wall"]["n"] == 1
    # every call waited in the queue once; every commit is one batch of at least one call
    assert stages["queue.wait"]["n"] == 4
    assert stages["save.cpu"]["n"] == stages["batch.size"]["n"] <= 4
    assert 0 < stages["say.cpu"]["mean_ms"] <= stages["say.cpu"]["max_ms"]
    assert not Path(f"{stem}.writer.prof").exists()  # cProfile only with TOWNSFOLK_PROFILE_CPROFILE=1


def test_stage_clock_is_off_without_the_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOWNSFOLK_PROFILE", raising=False)
    clock = StageClock()
    with clock.timed("say"), clock.profiled():
        clock.add("queue.wait", 0.01)
    clock.finish()
    assert not clock.enabled and list(tmp_path.iterdir()) == []


@pytest.mark.skipif(default_embedder() is None, reason="the bundled model is not installed")
def test_read_ahead_leaves_the_world_nothing_to_embed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After the read-ahead the world's own reading of the event is a cache hit: with the model
    made to fail, the event still goes through, read exactly as the read-ahead read it."""
    worlds = Worlds(tmp_path, provider=lambda: None, embedder=LexicalEmbedder())
    hosted = worlds.create("game", "w", FERRY, None)
    text = uncued_text(random.Random(4))
    asyncio.run(worlds.read_ahead(hosted, text))
    reader = meaning_reader(None, hosted.town.memory.predicates)
    assert reader is not None
    ahead = reader.read(name_index(hosted.town.world).template(text))  # names read as pronouns

    def no_model(_text: str) -> None:
        raise AssertionError("the world embedded a text the read-ahead had read")

    monkeypatch.setattr(reader.embedder, "embed_query", no_model)
    result = hosted.town.event(text, actor="rider", witnesses=["ida", "osk"])
    assert result.beliefs  # the witnesses formed beliefs from the (cached) reading
    held = [hosted.town.memory.get(b) for b in result.beliefs]
    assert {b.claim.predicate for b in held} == {ahead.key}
    worlds.close_all()


@pytest.mark.skipif(default_embedder() is None, reason="the bundled model is not installed")
def test_without_read_ahead_the_world_embeds_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The control for the test above: a text not read ahead does reach the model in the world."""
    worlds = Worlds(tmp_path, provider=lambda: None, embedder=LexicalEmbedder())
    hosted = worlds.create("game", "w", FERRY, None)
    text = uncued_text(random.Random(5))
    reader = meaning_reader(None, hosted.town.memory.predicates)
    assert reader is not None
    calls: list[str] = []
    inner = reader.embedder.embed_query

    def counted(t: str):  # noqa: ANN202
        calls.append(t)
        return inner(t)

    monkeypatch.setattr(reader.embedder, "embed_query", counted)
    hosted.town.event(text, actor="rider", witnesses=["ida", "osk"])
    assert calls == [name_index(hosted.town.world).template(text)]  # "Rider counted ..." as "He counted ..."
    worlds.close_all()
