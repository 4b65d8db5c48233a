"""The HTTP service: `townsfolk serve`. FastAPI over the Town facade, one database per world.

Auth is a bearer key per game (tenant); a game sees only the worlds it created. Every bad request
is a 4xx whose JSON names the field at fault. Routes live in `server_routes` (one router).
"""

from __future__ import annotations

import asyncio
import gc
import hmac
import ipaddress
import logging
import os
import sys
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from townsfolk.agents.llm.protocol import LLMProvider
from townsfolk.memory.embeddings import Embedder, make_embedder
from townsfolk.sim.process_age import process_age
from townsfolk.sim.run_store import RunStoreError
from townsfolk.sim.scenario import ScenarioError
from townsfolk.sim.server_worlds import LockedEmbedder, Worlds
from townsfolk.sim.town import TownError
from townsfolk.sim.write_lock import WriterBusy, hold_folder

MAX_BODY = 1_000_000  # bytes in one request body (a scenario with hundreds of characters fits)
LOCAL_TENANT = "local"  # the one game of a server run without keys (loopback only)
log = logging.getLogger("townsfolk.server")


class ApiError(Exception):
    """A request refused with a status, the field at fault and the reason."""

    def __init__(self, status: int, field: str, reason: str) -> None:
        self.status, self.field, self.reason = status, field, reason
        super().__init__(reason)


def parse_keys(text: str) -> dict[str, str]:
    """`game=key` pairs (comma- or line-separated) as {key: game}; ValueError names a bad pair."""
    keys: dict[str, str] = {}
    for raw in text.replace("\n", ",").split(","):
        pair = raw.strip()
        if not pair or pair.startswith("#"):
            continue
        game, sep, key = pair.partition("=")
        game, key = game.strip(), key.strip()
        if not sep or not game or not key:
            raise ValueError(f"bad key entry {pair!r}: expected game=key")
        if key in keys:
            raise ValueError(f"key for {game!r} is also the key of {keys[key]!r}")
        keys[key] = game
    return keys


def load_keys(keys_file: str | Path | None = None) -> dict[str, str]:
    """Keys from `--keys FILE` and the TOWNSFOLK_API_KEYS variable, together."""
    keys = parse_keys(os.environ.get("TOWNSFOLK_API_KEYS", ""))
    if keys_file is not None:
        keys.update(parse_keys(Path(keys_file).read_text(encoding="utf-8")))
    return keys


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def tenant_of(request: Request) -> str:
    """The game a request speaks for, from its bearer key (401 when missing or wrong)."""
    keys: dict[str, str] = request.app.state.keys
    if not keys:
        return LOCAL_TENANT
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token:
        for key, game in keys.items():
            if hmac.compare_digest(key.encode(), token.strip().encode()):
                return game
    raise ApiError(401, "authorization", "a valid `Authorization: Bearer KEY` header is required")


class BodyLimit:
    """Refuses bodies over the limit with 413, counting bytes as they arrive (chunked ones too)."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await _refuse(send, 413, "body", f"the body is larger than {self.limit} bytes")
            return
        seen = 0
        started = False

        async def counted() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def tracking_send(message: dict) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, tracking_send)
        except _TooLarge:
            if not started:
                await _refuse(send, 413, "body", f"the body is larger than {self.limit} bytes")


class _TooLarge(Exception):
    pass


async def _refuse(send: Callable, status: int, field: str, reason: str) -> None:
    import json

    body = json.dumps({"error": {"field": field, "reason": reason}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def _error(status: int, field: str, reason: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"field": field, "reason": reason}}, status_code=status, headers=headers)


def _field(loc: tuple | list) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    out = ""
    for p in parts:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if out else p)
    return out or "body"


WARM_WORLDS = {  # the smallest worlds a turn, an event and a save run in, one per language
    "en": ({"scenario": "warm up", "language": "en", "characters": {"ann": {"name": "Ann"}, "bo": {"name": "Bo"}}},
           "Evening! Any news?", "Kit paid Ann in silver"),
    "zh": ({"scenario": "热身", "language": "zh", "characters": {"ann": {"name": "阿安"}, "bo": {"name": "阿波"}}},
           "最近有什么新鲜事吗？", "小吉给阿安付了钱"),
}


def warm_up(embedder: Embedder | None = None) -> None:
    """Load what the first turns would otherwise wait for, so /healthz answers only when ready: the
    predicate reader's example vectors (seconds with the bundled model) and, in a throwaway world
    per language, one turn, one event and one save (the output guard's patterns, ~0.5 s to compile,
    lazy imports, first statements: measured as the first requests' slow tail, every world waiting
    behind them on the one interpreter)."""
    import tempfile

    from townsfolk.memory.predicate_reader import meaning_reader
    from townsfolk.sim.town import Town

    reader = meaning_reader()
    if reader is not None:
        reader.read("warm up")
    with tempfile.TemporaryDirectory(prefix="townsfolk-warm-") as folder:
        for language, (scenario, line, event) in WARM_WORLDS.items():
            town = Town.from_scenario(scenario, db=Path(folder) / f"{language}.db", embedder=embedder)
            try:
                town.join("kit", name="小吉" if language == "zh" else "Kit")
                town.say("kit", "ann", line)
                town.event(event, actor="kit", witnesses=["ann", "bo"])
                town.save()
            finally:
                town.close()


def create_app(data: str | Path, *, keys: dict[str, str] | None = None,
               provider: Callable[[], LLMProvider | None] | None = None,
               embedder: Embedder | None = None, url_template: str | None = None,
               announce: Callable[[str], None] | None = None, write_behind: bool = True) -> FastAPI:
    """The service over the worlds under `data`: every world listed there is reopened at start;
    `announce` is told, once ready, what is being served (the command line prints it).
    `write_behind`: a call is answered once it has run and committed right after (a clean shutdown
    commits all); False answers only after its commit (sim/server_worlds.py)."""
    worlds = Worlds(data, provider=provider or (lambda: None),
                    embedder=LockedEmbedder(embedder or make_embedder("auto")), url_template=url_template,
                    write_behind=write_behind)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        booted = process_age()  # the interpreter, imports and this app, before anything below
        started = time.perf_counter()
        await asyncio.to_thread(warm_up, worlds.embedder)
        gc.freeze()  # the modules and models loaded so far live as long as the process (sim/heap.py)
        warmed = time.perf_counter()
        worlds.reopen_all()
        for problem in worlds.problems:
            log.warning("could not reopen %s", problem)
        if announce is not None:
            announce(f"townsfolk serve: data {worlds.data} · {len(worlds.hosted)} world(s) reopened"
                     f"{f', {len(worlds.problems)} could not be' if worlds.problems else ''} · "
                     f"{'API keys for ' + str(len(set(app.state.keys.values()))) + ' game(s)' if app.state.keys else 'no API keys (loopback only)'}"
                     f" · imports {booted:.1f} s, models {warmed - started:.1f} s, "
                     f"worlds {time.perf_counter() - warmed:.1f} s")
        worlds.clock.start_loop()
        yield
        await worlds.flush_all()  # write-behind: everything answered is committed before the files close
        worlds.close_all()  # each world's writer lock goes, so a restarted server (or a CLI) may open it
        worlds.clock.finish()

    app = FastAPI(title="townsfolk", version="0.1.0", lifespan=lifespan,
                  description="NPCs that remember, gossip and talk: one world per database, a key per game.")
    app.state.worlds = worlds
    app.state.keys = dict(keys or {})

    @app.exception_handler(ApiError)
    async def _api_error(_r: Request, exc: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return _error(exc.status, exc.field, exc.reason, headers)

    @app.exception_handler(TownError)
    async def _town_error(_r: Request, exc: TownError) -> JSONResponse:
        return _error(422, exc.field, exc.message)

    @app.exception_handler(ScenarioError)
    async def _scenario_error(_r: Request, exc: ScenarioError) -> JSONResponse:
        where = f" (line {exc.line})" if exc.line else ""
        return _error(422, "scenario" + (f".{exc.field}" if exc.field else ""), exc.message + where)

    @app.exception_handler(RunStoreError)
    async def _store_error(_r: Request, exc: RunStoreError) -> JSONResponse:
        return _error(409, "id", str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_r: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": ("body",), "msg": "invalid request"}
        if first.get("type") == "json_invalid":  # the body as a whole, not a position inside it
            detail = (first.get("ctx") or {}).get("error", first.get("msg", ""))
            return _error(422, "body", f"the body is not valid JSON: {detail}")
        return _error(422, _field(first.get("loc", ())), str(first.get("msg", "invalid")))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_r: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, "path" if exc.status_code in (404, 405) else "request", str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(_r: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _error(500, "server", f"internal error ({exc.__class__.__name__}); the world was not changed")

    from townsfolk.sim.server_inspector import router as inspector
    from townsfolk.sim.server_routes import router

    app.include_router(router)
    app.include_router(inspector)
    app.add_middleware(BodyLimit)
    return app


def serve(data: str, *, host: str = "127.0.0.1", port: int = 8765, keys: dict[str, str] | None = None,
          provider: Callable[[], LLMProvider | None] | None = None, embedder: Embedder | None = None,
          url_template: str | None = None, access_log: bool = False, write_behind: bool = True) -> None:
    """Run the service until interrupted (SIGINT/SIGTERM: what was answered is committed first).
    Without keys it binds to loopback only. `access_log` has uvicorn log every request."""
    import uvicorn

    if not keys and not is_loopback(host):
        raise ValueError(f"refusing to bind to {host} without API keys: set TOWNSFOLK_API_KEYS or --keys FILE, "
                         "or bind to 127.0.0.1")
    try:
        folder_lock = hold_folder(Path(data), "serve")  # held until this process ends
    except WriterBusy as exc:
        raise ValueError(str(exc)) from None
    said: list[str] = []  # what the app's startup reports, printed once the socket accepts

    class ReadyServer(uvicorn.Server):
        """Says "ready" only once requests are accepted, counting from the process's own start."""

        async def startup(self, sockets=None) -> None:  # type: ignore[no-untyped-def]
            await super().startup(sockets)
            if not self.should_exit:
                print(f"{' · '.join(said)} · ready {process_age():.1f} s after the process started · "
                      f"listening on http://{host}:{port}", file=sys.stderr, flush=True)

    app = create_app(data, keys=keys, provider=provider, embedder=embedder, url_template=url_template,
                     announce=said.append, write_behind=write_behind)
    # game servers keep their connections: a short keep-alive races their reuse of an idle one;
    # the access log (a line per request on stderr) is off unless asked for: formatting and writing
    # it is CPU on the one interpreter every world's turns share
    ReadyServer(uvicorn.Config(app, host=host, port=port, log_level="info", access_log=access_log,
                               timeout_keep_alive=75)).run()
    os.close(folder_lock)
