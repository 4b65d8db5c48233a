"""Every route of the HTTP service, on one router (a new route is one function here).

Each world call goes through `Worlds.run`: the world's one writer, in a worker thread.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Path, Query, Request, Response
from fastapi.responses import StreamingResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from townsfolk.agents.errands import Errand
from townsfolk.memory.player_view import PlayerMemoryView
from townsfolk.sim.server import ApiError, tenant_of
from townsfolk.sim.server_models import (
    ID,
    Advance,
    CreateWorld,
    ErrorBody,
    GameEvent,
    Health,
    JoinPlayer,
    Talk,
    WorldInfo,
)
from townsfolk.sim.server_query import known_query_only
from townsfolk.sim.server_worlds import Hosted, Worlds
from townsfolk.sim.town import Town, TownError, as_scenario
from townsfolk.sim.town_models import (
    AdvanceResult,
    EventResult,
    ForgetResult,
    PlayerInfo,
    TimelineEntry,
    TurnResult,
)
from townsfolk.sim.why import Explanation

bearer = HTTPBearer(auto_error=False, description="a game's API key (TOWNSFOLK_API_KEYS or --keys FILE)")
ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "missing or wrong API key"},
    404: {"model": ErrorBody, "description": "no such world (or not yours), NPC or player"},
    413: {"model": ErrorBody, "description": "body too large"},
    422: {"model": ErrorBody, "description": "a field is wrong; `error.field` names it"},
}
router = APIRouter(responses=ERRORS, dependencies=[Depends(known_query_only)])
WorldId = Annotated[str, Path(pattern=ID, description="the world's id")]
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


async def tenant(request: Request, _key: HTTPAuthorizationCredentials | None = Depends(bearer)) -> str:
    """The request's game (async: a plain `def` dependency costs every request a hop to a thread)."""
    return tenant_of(request)


Tenant = Annotated[str, Depends(tenant)]


def worlds_of(request: Request) -> Worlds:
    return request.app.state.worlds


def hosted(request: Request, world: str, game: str) -> Hosted:
    h = worlds_of(request).get(game, world)
    if h is None:
        raise ApiError(404, "id", f"no world {world!r}")
    return h


async def call(request: Request, h: Hosted, fn: Any, *args: Any, path_fields: tuple[str, ...] = (),
               **kwargs: Any) -> Any:
    """Run a Town call as the world's writer; an unknown NPC or player named in the path is 404."""
    try:
        return await worlds_of(request).run(h, fn, *args, **kwargs)
    except LookupError:
        raise ApiError(404, "id", f"world {h.id!r} was deleted") from None
    except TownError as exc:
        if exc.missing and exc.field in path_fields:
            raise ApiError(404, exc.field, exc.message) from None
        raise


def info(h: Hosted) -> WorldInfo:
    t = h.town
    i = t.info()
    return WorldInfo(id=h.id, title=i.title, language=i.language, tick=i.tick, time=i.time, npcs=t.npcs(),
                     players=t.players(), timeline_length=i.timeline_length)


def sse(event: str, data: str, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return (head + f"event: {event}\n" + "".join(f"data: {line}\n" for line in data.split("\n")) + "\n").encode()


# --- service -------------------------------------------------------------------------------------
@router.get("/healthz", response_model=Health, tags=["service"])
async def healthz(request: Request) -> Health:
    """Up, and how many worlds are hosted (no key needed)."""
    return Health(status="ok", worlds=len(worlds_of(request).hosted))


# --- worlds --------------------------------------------------------------------------------------
@router.post("/v1/worlds", status_code=201, response_model=WorldInfo, tags=["worlds"],
             responses={409: {"model": ErrorBody, "description": "a world with this id exists"}})
async def create_world(request: Request, body: CreateWorld, game: Tenant) -> WorldInfo:
    """A new world from a scenario (YAML text or JSON); its tick 0 is played and saved."""
    worlds = worlds_of(request)
    scenario = as_scenario(body.scenario)  # ScenarioError -> 422 naming the field and line
    lock = request.app.state.__dict__.setdefault("create_lock", asyncio.Lock())
    async with lock:
        if worlds.get(game, body.id) is not None:
            raise ApiError(409, "id", f"a world {body.id!r} exists already")
        h = await asyncio.to_thread(worlds.create, game, body.id, scenario, body.seed)
    return info(h)


@router.get("/v1/worlds", response_model=list[WorldInfo], tags=["worlds"])
async def list_worlds(request: Request, game: Tenant) -> list[WorldInfo]:
    """Your game's worlds."""
    return [info(h) for h in worlds_of(request).of(game)]


@router.get("/v1/worlds/{world}", response_model=WorldInfo, tags=["worlds"])
async def get_world(request: Request, world: WorldId, game: Tenant) -> WorldInfo:
    """One world at a glance: clock, NPCs, players, timeline length."""
    return info(hosted(request, world, game))


@router.delete("/v1/worlds/{world}", status_code=204, tags=["worlds"])
async def delete_world(request: Request, world: WorldId, game: Tenant) -> Response:
    """Delete a world and its database."""
    h = hosted(request, world, game)
    async with h.lock:
        worlds_of(request).remove(h)
    return Response(status_code=204)


# --- players and talk ----------------------------------------------------------------------------
@router.post("/v1/worlds/{world}/players", status_code=201, response_model=PlayerInfo, tags=["players"])
async def join(request: Request, world: WorldId, body: JoinPlayer, game: Tenant) -> PlayerInfo:
    """A player joins the running world."""
    h = hosted(request, world, game)
    return await call(request, h, h.town.join, body.id, name=body.name)


TALK_STREAM = (
    "With `?stream=true`: server-sent events. `event: token`, `data: {\"text\": \"...\"}` for each piece of "
    "the reply as the model produces it (a provider that does not stream, such as the offline voice, sends "
    "its reply in word or two-character pieces, so the shape is the same); then one `event: result` whose "
    "data is the TurnResult. Its `stream` says what the tokens added up to and whether `text` replaced "
    "them (`replaced`, `reason`): the reply check or a guard rejected the streamed words and the NPC said "
    "`text` instead, so show `text`. Nothing private to another player is ever streamed (held back, then "
    "dropped). A failure after the stream began is one `event: error` with `{\"error\": {field, reason}}`; "
    "bad requests are still plain 4xx before any event.")


@router.post("/v1/worlds/{world}/talk", response_model=TurnResult, tags=["players"],
             description="A player speaks to an NPC; the NPC answers (reply, its emotion, intent, route, "
                         "memories used).\n\n" + TALK_STREAM,
             responses={200: {"content": {"text/event-stream": {"schema": {"type": "string"}}},
                              "description": "the TurnResult; with ?stream=true server-sent events: `token` "
                                             "events ({text}), then one `result` event holding the TurnResult "
                                             "(or one `error` event)"}})
async def talk(request: Request, world: WorldId, body: Talk, game: Tenant,
               stream: bool = Query(False, description="answer as server-sent events: tokens as they are "
                                                       "produced, then the TurnResult")) -> Any:
    """A player speaks to an NPC; the NPC answers, whole or (?stream=true) as it is produced."""
    h = hosted(request, world, game)
    if not stream:
        await worlds_of(request).read_ahead(h, body.text, talk=True)  # the model's part, outside the queue
        return await call(request, h, h.town.say, body.player, body.npc, body.text, private=body.private)
    # validate before the stream starts, so a bad request is still a plain 4xx
    h.town.check_say(body.player, body.npc, body.text)
    await worlds_of(request).read_ahead(h, body.text, talk=True)
    loop = asyncio.get_running_loop()
    pieces: asyncio.Queue[str] = asyncio.Queue()

    def on_token(piece: str) -> None:  # in the world's writer thread, as the model produces it
        loop.call_soon_threadsafe(pieces.put_nowait, piece)

    turn = asyncio.ensure_future(call(request, h, h.town.say, body.player, body.npc, body.text,
                                      private=body.private, on_token=on_token))
    turn.add_done_callback(lambda f: f.cancelled() or f.exception())  # a client gone mid-turn: still retrieved
    first = await next_piece(pieces, turn)
    if first is None and turn.exception() is not None:  # nothing sent yet: the usual 4xx
        raise turn.exception()  # type: ignore[misc]

    async def events() -> AsyncIterator[bytes]:
        piece = first
        while piece is not None:
            yield sse("token", json.dumps({"text": piece}, ensure_ascii=False))
            piece = await next_piece(pieces, turn)
        problem = turn.exception()
        if problem is None:
            yield sse("result", turn.result().model_dump_json())
            return
        field, reason = ((problem.field, problem.reason) if isinstance(problem, ApiError)
                         else (problem.field, problem.message) if isinstance(problem, TownError)
                         else ("server", f"internal error ({problem.__class__.__name__})"))
        yield sse("error", json.dumps({"error": {"field": field, "reason": reason}}, ensure_ascii=False))

    return StreamingResponse(events(), media_type="text/event-stream", headers=SSE_HEADERS)


async def next_piece(pieces: asyncio.Queue[str], turn: asyncio.Future) -> str | None:
    """The next piece of a streamed reply, or None once the turn is over and every piece was taken
    (pieces are queued from the writer thread before its result, so none arrives after it)."""
    while True:
        if not pieces.empty():
            return pieces.get_nowait()
        if turn.done():
            return None
        getter = asyncio.ensure_future(pieces.get())
        done, _ = await asyncio.wait({getter, turn}, return_when=asyncio.FIRST_COMPLETED)
        if getter in done:
            return getter.result()
        getter.cancel()


@router.post("/v1/worlds/{world}/events", status_code=201, response_model=EventResult, tags=["world"])
async def game_event(request: Request, world: WorldId, body: GameEvent, game: Tenant) -> EventResult:
    """Something happened in the game: the fact it became and what followed (beliefs, edges)."""
    h = hosted(request, world, game)
    holders = tuple(dict.fromkeys([*([body.actor] if body.actor else []), *body.witnesses]))
    await worlds_of(request).read_ahead(h, body.what, holders=holders)  # the model's part, outside the queue
    return await call(request, h, h.town.event, body.what, actor=body.actor, about=body.about,
                      witnesses=body.witnesses, place=body.place, valence=body.valence, private=body.private)


@router.post("/v1/worlds/{world}/advance", response_model=AdvanceResult, tags=["world"])
async def advance(request: Request, world: WorldId, body: Advance, game: Tenant) -> AdvanceResult:
    """Move the world's clock; every timeline entry produced, NPC messages to players among them."""
    h = hosted(request, world, game)
    return await call(request, h, h.town.advance, body.ticks)


@router.get("/v1/worlds/{world}/timeline", response_model=list[TimelineEntry], tags=["world"])
async def timeline(request: Request, world: WorldId, game: Tenant,
                   after: int = Query(0, ge=0, description="entries after this seq"),
                   limit: int = Query(500, ge=1, le=5000)) -> list[TimelineEntry]:
    """Timeline entries after a position, oldest first."""
    h = hosted(request, world, game)
    return h.town.timeline(after)[:limit]


@router.get("/v1/worlds/{world}/stream", tags=["world"],
            responses={200: {"content": {"text/event-stream": {}},
                             "description": "every timeline entry as a server-sent event (id = seq)"}})
async def stream(request: Request, world: WorldId, game: Tenant,
                 last_event_id: str | None = Header(None, alias="Last-Event-ID"),
                 after: int | None = Query(None, ge=0, description="resume after this seq (as Last-Event-ID)"),
                 follow: bool = Query(True, description="keep the stream open for new entries")) -> StreamingResponse:
    """Every timeline entry as server-sent events; resumable with `Last-Event-ID`."""
    h = hosted(request, world, game)
    start = after if after is not None else 0
    if last_event_id is not None:
        if not last_event_id.strip().isdigit():
            raise ApiError(422, "Last-Event-ID", "the id of the last event received (a number)")
        start = int(last_event_id.strip())
    queue: asyncio.Queue = asyncio.Queue()
    async with h.lock:  # no entry can slip between the backlog and the subscription
        backlog = h.town.timeline(start)
        if follow:
            h.subscribers.add(queue)

    async def events() -> AsyncIterator[bytes]:
        try:
            last = start
            for entry in backlog:
                last = entry.seq
                yield sse(entry.kind, entry.model_dump_json(), entry.seq)
            while follow:
                try:
                    entry = await asyncio.wait_for(queue.get(), timeout=15)
                except TimeoutError:
                    yield b": keep-alive\n\n"
                    continue
                if entry is None:
                    break
                if entry.seq > last:
                    last = entry.seq
                    yield sse(entry.kind, entry.model_dump_json(), entry.seq)
        finally:
            h.subscribers.discard(queue)

    return StreamingResponse(events(), media_type="text/event-stream", headers=SSE_HEADERS)


# --- memory and why ------------------------------------------------------------------------------
@router.get("/v1/worlds/{world}/npcs/{npc}/memories", response_model=PlayerMemoryView, tags=["memory"])
async def memories(request: Request, world: WorldId, npc: Annotated[str, Path(max_length=64)], game: Tenant,
                   about: str = Query(..., max_length=64, description="the player they are about"),
                   events: bool = Query(False, description="also the raw event memories (beliefs are always there)")) -> PlayerMemoryView:
    """What an NPC remembers about a player, as that player may see it."""
    h = hosted(request, world, game)
    return await call(request, h, h.town.memories, npc, about, events=events, path_fields=("npc",))


@router.delete("/v1/worlds/{world}/players/{player}/memories", response_model=ForgetResult, tags=["memory"])
async def forget(request: Request, world: WorldId, player: Annotated[str, Path(max_length=64)], game: Tenant,
                 npc: str | None = Query(None, max_length=64, description="only what this NPC holds"),
                 memory: str | None = Query(None, max_length=64,
                                            description="only this memory (by id) and what derives from it")
                 ) -> ForgetResult:
    """Erase what NPCs remember about a player and everything derived from it (database rewritten).
    With neither `npc` nor `memory` it is world-wide and also destroys the player's keys."""
    h = hosted(request, world, game)
    # an unknown memory id is a 404 naming "memory", as an unknown player in the path is one naming "player"
    return await call(request, h, h.town.forget, player, npc=npc, memory=memory, path_fields=("player", "memory"))


@router.get("/v1/worlds/{world}/errands", response_model=list[Errand], tags=["players"])
async def errands(request: Request, world: WorldId, game: Tenant,
                  player: str = Query(..., max_length=64, description="whose errands"),
                  npc: str | None = Query(None, max_length=64, description="only those with this NPC")) -> list[Errand]:
    """A player's errands and quests: slots, history (when and why) and state (active, paused, done ...)."""
    h = hosted(request, world, game)
    return await call(request, h, h.town.errands, player, npc=npc)


@router.get("/v1/worlds/{world}/why", response_model=Explanation, tags=["memory"])
async def why(request: Request, world: WorldId, game: Tenant,
              holder: str = Query(..., max_length=64), target: str = Query(..., max_length=64),
              player: str | None = Query(None, max_length=64,
                                         description="whose eyes: private items show only to a player who took part")
              ) -> Explanation:
    """Why `holder` regards `target` as it does: edges over time, causes, beliefs and tellers."""
    h = hosted(request, world, game)
    return await call(request, h, Town.why, h.town, holder, target, viewer=player)
