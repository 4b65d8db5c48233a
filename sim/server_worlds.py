"""The worlds a server holds: one Town and one database per world, one writer at a time per world.

Each game (tenant) sees only the worlds it created. A catalogue file under the data folder lists
every world and where its database is, so a restarted server reopens each where it was.
Town calls are synchronous; they run in worker threads under the world's asyncio lock, so one
world's turn never blocks another world, and two turns in one world are served in arrival order.

Commits are write-behind by default: a call is answered as soon as it has run (the world in memory
has it, so every later call and read sees it), and its commit follows at once, off the request path
(group commit: the calls that ran meanwhile share it). A clean shutdown commits everything answered
(`Worlds.flush_all`); a crash can lose what was answered since the last commit. `write_behind=False`
answers only after the commit (`townsfolk serve --commit-before-reply`).
"""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from townsfolk.agents.llm.protocol import LLMProvider
from townsfolk.memory.embeddings import Embedder
from townsfolk.memory.name_index import name_index
from townsfolk.memory.perception import first_person
from townsfolk.memory.predicate_reader import read as read_predicate
from townsfolk.sim.server_profile import StageClock
from townsfolk.sim.town import Town
from townsfolk.sim.town_models import TimelineEntry

log = logging.getLogger("townsfolk.server")


class LockedEmbedder:
    """One embedder shared by every world (a model is loaded once), used by one thread at a time."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim
        self._lock = threading.Lock()

    def cached(self, text: str, *, query: bool) -> bool | None:
        """Whether the text's vector is cached already; None when this embedder keeps none
        (then computing it ahead would be work done twice)."""
        cache = getattr(self.inner, "cache", None)
        return None if cache is None else cache.get(query, text) is not None

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            return self.inner.embed_passages(texts)

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            return self.inner.embed_query(text)


@dataclass
class Hosted:
    """A world being served: its town, its writer lock, and who is listening to its timeline."""

    tenant: str
    id: str
    url: str
    town: Town
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[asyncio.Queue] = field(default_factory=set)
    closed: bool = False
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)  # calls waiting for the writer
    writer: asyncio.Task | None = None
    unsaved: int = 0  # calls answered whose commit has not happened yet (write-behind)
    unsaved_since: float = 0.0  # perf_counter of the oldest of them

    def __post_init__(self) -> None:
        self.town.autosave = False  # the writer saves once per batch of calls


class Worlds:
    """Every hosted world, keyed by (tenant, world id)."""

    def __init__(self, data: str | Path, *, provider: Callable[[], LLMProvider | None],
                 embedder: Embedder, url_template: str | None = None, write_behind: bool = True) -> None:
        self.data = Path(data)
        self.write_behind = write_behind  # answer before the commit (module docstring: what it promises)
        self.data.mkdir(parents=True, exist_ok=True)
        self.catalogue = self.data / "worlds.json"
        self.provider = provider
        self.embedder = embedder
        self.url_template = url_template  # e.g. postgresql://host/townsfolk_{tenant}_{world}
        self.hosted: dict[tuple[str, str], Hosted] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.problems: list[str] = []  # worlds that could not be reopened, for /healthz and the log
        self._reader = ThreadPoolExecutor(1, thread_name_prefix="townsfolk-read-ahead")
        self._vectors = ThreadPoolExecutor(1, thread_name_prefix="townsfolk-embed-ahead")  # nobody waits on it
        self.clock = StageClock()  # stage timings when TOWNSFOLK_PROFILE is set (bench/serve_load.py --profile)

    # --- the catalogue -------------------------------------------------------------------------
    def _write_catalogue(self) -> None:
        rows = [{"tenant": h.tenant, "id": h.id, "url": h.url} for h in self.hosted.values()]
        tmp = self.catalogue.with_suffix(".tmp")
        tmp.write_text(json.dumps(rows, indent=1), encoding="utf-8")
        os.replace(tmp, self.catalogue)

    def reopen_all(self) -> None:
        """Open every world the catalogue lists, where it was last saved."""
        self.loop = asyncio.get_running_loop()
        if not self.catalogue.is_file():
            return
        for row in json.loads(self.catalogue.read_text(encoding="utf-8")):
            try:
                town = Town.open(row["url"], provider=self.provider(), embedder=self.embedder)
            except Exception as exc:  # one broken world must not keep the others offline
                self.problems.append(f"{row['tenant']}/{row['id']}: {exc}")
                continue
            self._host(row["tenant"], row["id"], row["url"], town)

    async def flush_all(self) -> None:
        """Commit everything answered (at shutdown, before `close_all`): each world's writer is let
        finish what is queued and its last commit, then anything still unsaved is saved."""
        for hosted in list(self.hosted.values()):
            if hosted.writer is not None and not hosted.writer.done():
                await asyncio.wait({hosted.writer})
            if hosted.unsaved and not hosted.closed:
                await self._commit(hosted)
            if hosted.unsaved:
                log.error("%s/%s: %d answered call(s) could not be committed at shutdown", hosted.tenant,
                          hosted.id, hosted.unsaved)

    def close_all(self) -> None:
        """Let go of every world's database (at shutdown): writer locks released, files closed."""
        for hosted in self.hosted.values():
            hosted.town.close()
        self._reader.shutdown(wait=False, cancel_futures=True)
        self._vectors.shutdown(wait=False, cancel_futures=True)
        gc.unfreeze()  # a process that goes on (tests, an embedding app) gets its heap back

    def url_for(self, tenant: str, world: str) -> str:
        if self.url_template:
            return self.url_template.format(tenant=tenant, world=world)
        folder = self.data / tenant
        folder.mkdir(parents=True, exist_ok=True)
        return str(folder / f"{world}.db")

    # --- hosting -------------------------------------------------------------------------------
    def _host(self, tenant: str, world: str, url: str, town: Town) -> Hosted:
        hosted = Hosted(tenant=tenant, id=world, url=url, town=town)
        town.listeners.append(lambda entry: self._publish(hosted, entry))
        self.hosted[(tenant, world)] = hosted
        # a world lives as long as the server: out of the cyclic collector's view (sim/heap.py), so a
        # full collection during a turn does not walk every loaded world and model again (~110 ms of
        # CPU with the GIL held, measured with --profile); what turns make later is collected as usual
        gc.freeze()
        return hosted

    def _publish(self, hosted: Hosted, entry: TimelineEntry) -> None:
        """Called in the worker thread for every new timeline entry: hand it to each listener."""
        if self.loop is None:
            return
        for queue in list(hosted.subscribers):
            self.loop.call_soon_threadsafe(queue.put_nowait, entry)

    def get(self, tenant: str, world: str) -> Hosted | None:
        hosted = self.hosted.get((tenant, world))
        return None if hosted is None or hosted.closed else hosted

    def of(self, tenant: str) -> list[Hosted]:
        return [h for (t, _), h in sorted(self.hosted.items()) if t == tenant and not h.closed]

    def create(self, tenant: str, world: str, scenario: Any, seed: int | None) -> Hosted:
        """Build and save a new world (blocking: call it from a worker thread)."""
        url = self.url_for(tenant, world)
        town = Town.from_scenario(scenario, db=url, seed=seed, provider=self.provider(), embedder=self.embedder)
        hosted = self._host(tenant, world, url, town)
        self._write_catalogue()
        return hosted

    def remove(self, hosted: Hosted) -> None:
        """Forget a world and delete its database file (SQLite)."""
        hosted.closed = True
        self.hosted.pop((hosted.tenant, hosted.id), None)
        self._write_catalogue()
        for queue in list(hosted.subscribers):
            queue.put_nowait(None)
        hosted.town.close()
        gc.unfreeze()  # the deleted world's objects may be collected now; the others frozen again
        gc.collect()
        gc.freeze()
        if "://" not in hosted.url:
            for suffix in ("", "-wal", "-shm"):
                Path(hosted.url + suffix).unlink(missing_ok=True)

    async def run(self, hosted: Hosted, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a Town call through this world's one writer; answered once it is saved."""
        if hosted.closed:
            raise LookupError(hosted.id)
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        hosted.queue.put_nowait((fn, args, kwargs, future, time.perf_counter()))
        if hosted.writer is None or hosted.writer.done():
            hosted.writer = asyncio.create_task(self._write(hosted))
        return await future

    async def read_ahead(self, hosted: Hosted, text: str, *, talk: bool = False,
                         holders: tuple[str, ...] = ()) -> None:
        """Do a request's model work before it joins the world's queue: a game event's text read
        into a predicate and embedded as the memories its `holders` (actor, witnesses) will keep,
        each in its own words (its name becomes I / 我); a player's line embedded as the query its
        NPC will recall by (`talk`).

        Each is a pure function of the text (the reading also of the world's predicates), cached
        per text (memory/predicate_reader.py, memory/embeddings.py: a text's vector is the same
        bytes alone or in any batch), so doing it here changes nothing the world then does: its
        writer finds it cached. A new text costs the model tens of milliseconds; spent here, in a
        thread of its own (the model's C code holds no GIL, so the second core does it), it no
        longer holds up the turns queued behind it in that world."""
        town = hosted.town
        if hosted.closed:
            return
        predicates = None if talk or town.memory.claim_reader is not None else town.memory.predicates
        embedder = self.embedder if isinstance(self.embedder, LockedEmbedder) else None
        if embedder is None or embedder.cached(text, query=True) is None:
            embedder = None  # vectors that are not kept are cheap: computed where they are needed
        elif (talk and embedder.cached(text, query=True)) or (not talk and not holders):
            embedder = None  # known already, or nobody will hold the event
        if predicates is None and embedder is None:  # nothing to do ahead (a model reads claims instead)
            return
        loop = asyncio.get_running_loop()
        if embedder is not None and not talk:  # the witnesses' vectors are for later turns: not waited for
            loop.run_in_executor(self._vectors, functools.partial(self._embed_ahead, hosted, text, embedder, holders))
            if predicates is None:
                return
            embedder = None
        started = time.perf_counter()
        try:  # on its own thread: a queue of readings (the model reads one text at a time) never
            # takes the worker threads the worlds' writers run on
            await loop.run_in_executor(self._reader, functools.partial(self._read_ahead, text, predicates, embedder,
                                                                       town.world))
        except Exception:  # only a head start: the world reads the text itself and reports what fails
            log.debug("read-ahead of %r failed", text, exc_info=True)
        self.clock.add("read_ahead.waited", time.perf_counter() - started)

    def _read_ahead(self, text: str, predicates: Any, embedder: LockedEmbedder | None, world: Any) -> None:
        """The reading of an event's text (with its names as pronouns, as the world will read it:
        one reading per template, memory/name_index.py), or the query vector of a talk's line."""
        with self.clock.profiled(), self.clock.timed("read_ahead"):
            if predicates is not None:
                read_predicate(text, inventory=predicates, names=name_index(world))
            if embedder is not None:
                embedder.embed_query(text)

    def _embed_ahead(self, hosted: Hosted, text: str, embedder: LockedEmbedder, holders: tuple[str, ...]) -> None:
        """The vectors of an event's memories as its NPC holders will keep them, for their next turns
        (a turn that comes first computes what it needs itself; what is cached then is not redone)."""
        with self.clock.profiled(), self.clock.timed("embed_ahead"):
            try:
                world = hosted.town.world
                kept = {first_person(world, h, text) for h in holders
                        if h in world.characters and not world.characters[h].is_player}  # NPCs recall by vector
                new = [t for t in sorted(kept) if not embedder.cached(t, query=False)]
                if new:
                    embedder.embed_passages(new)
            except Exception:  # only a head start (a character added meanwhile, a closed world)
                log.debug("embedding ahead %r failed", text, exc_info=True)

    async def _write(self, hosted: Hosted) -> None:
        """The world's writer: takes every call waiting in its queue, runs them in arrival order in
        a worker thread and commits them in one transaction (group commit). Write-behind, each is
        answered as it finishes and the commit follows once the queue is empty (or after
        MAX_UNSAVED calls or MAX_UNSAVED_S seconds under steady load); otherwise all are answered
        after the commit."""
        loop = asyncio.get_running_loop()
        while not hosted.queue.empty():
            batch = [hosted.queue.get_nowait() for _ in range(min(hosted.queue.qsize(), MAX_BATCH))]
            answer = functools.partial(loop.call_soon_threadsafe, _settle) if self.write_behind else None
            async with hosted.lock:
                if hosted.closed:
                    outcomes: list[tuple[bool, Any]] = [(False, LookupError(hosted.id))] * len(batch)
                else:
                    if not hosted.unsaved:
                        hosted.unsaved_since = time.perf_counter()
                    outcomes = await asyncio.to_thread(_run_batch, hosted.town, batch, self.clock, answer=answer)
                    if answer is not None:
                        hosted.unsaved += len(batch)
            for (_fn, _a, _k, future, _at), (ok, value) in zip(batch, outcomes, strict=True):
                _settle(future, ok, value)
            if hosted.unsaved and (hosted.queue.empty() or hosted.unsaved >= MAX_UNSAVED
                                   or time.perf_counter() - hosted.unsaved_since >= MAX_UNSAVED_S):
                await self._commit(hosted)

    async def _commit(self, hosted: Hosted) -> None:
        """The write-behind commit of every call answered since the last one. Should it fail, the
        calls stay in the town (its unsaved rows are kept) and the next commit carries them."""
        async with hosted.lock:
            if hosted.closed or not hosted.unsaved:
                return
            count = hosted.unsaved
            try:
                await asyncio.to_thread(_save, hosted.town, self.clock, count)
            except Exception:
                log.exception("%s/%s: commit of %d answered call(s) failed; kept for the next commit",
                              hosted.tenant, hosted.id, count)
                return
            hosted.unsaved -= count


def _settle(future: asyncio.Future, ok: bool, value: Any) -> None:
    """Answer one caller (once: a call answered ahead of its commit is not answered again)."""
    if future.done():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


def _save(town: Town, clock: StageClock, calls: int) -> None:
    with clock.profiled():
        clock.add("batch.size", calls / 1000)  # summaries are in ms: a size of 3 reads as 3.0
        with clock.timed("save"):
            town.save()


MAX_BATCH = 64  # calls run together at most (bounds the time the first of them waits)
MAX_UNSAVED = 64  # write-behind: calls answered before a commit is forced, under steady load
MAX_UNSAVED_S = 0.25  # ... or seconds since the oldest of them was run


def _run_batch(town: Town, batch: list[tuple], clock: StageClock,
               answer: Callable[[asyncio.Future, bool, Any], Any] | None = None) -> list[tuple[bool, Any]]:
    """Each call in order (a refused call changes nothing). With `answer` (write-behind) each caller
    is answered as its call returns and the commit is left to the writer; without it one save for
    all of them follows, and nobody is answered before what they did is on disk."""
    outcomes: list[tuple[bool, Any]] = []
    with clock.profiled():
        started = time.perf_counter()
        if answer is None:
            clock.add("batch.size", len(batch) / 1000)  # summaries are in ms: a size of 3 reads as 3.0
        for fn, args, kwargs, future, enqueued in batch:
            clock.add("queue.wait", started - enqueued)
            try:
                with clock.timed(getattr(fn, "__name__", "call")):
                    outcomes.append((True, fn(*args, **kwargs)))
            except Exception as exc:  # handed to the caller's request (4xx for TownError)
                outcomes.append((False, exc))
            if answer is not None:
                answer(future, *outcomes[-1])
        if answer is not None:
            return outcomes
        try:
            with clock.timed("save"):
                town.save()
        except Exception as exc:  # not saved: nobody may be told it was
            return [(False, exc)] * len(batch)
    return outcomes
