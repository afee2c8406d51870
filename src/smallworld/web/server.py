"""The FastAPI application: pages, JSON API and WebSockets, one router per concern.

- :mod:`~smallworld.web.routes_pages`: the lobby, table and replay pages and their assets;
- :mod:`~smallworld.web.routes_lobby`: the static tables, the list of games, starting and
  importing a game;
- :mod:`~smallworld.web.routes_play`: a game's state, actions, take-backs, plans, replay
  frames, record, fairness check and its WebSocket;
- :mod:`~smallworld.web.rematch`, :mod:`~smallworld.web.tabletalk`,
  :mod:`~smallworld.web.watch`, :mod:`~smallworld.web.i18n`, and the rules pages
  (:mod:`~smallworld.web.docs_site`).

What they share (the store, the games in memory, the play loop) is one
:class:`~smallworld.web.context.ServerContext` in ``app.state.ctx``.

Access (every game route): a token, as the ``X-Token`` header or the ``token`` query
parameter. A human seat's token (its private link ``/play/{id}?seat=N&token=...``) reads that
seat's view and acts for it; the game's host token (the hotseat page ``/play/{id}?token=...``)
acts for every human seat, showing the view of the human seat whose turn it is. Errors are JSON
``{"error": "..."}`` with a 4xx status; an action the rules refuse is never applied.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from smallworld.core.errors import Refusal
from smallworld.core.names import N_
from smallworld.web import routes_lobby, routes_play
from smallworld.web.access import ApiError
from smallworld.web.context import ServerContext, send_asset
from smallworld.web.docs_site import mount_docs
from smallworld.web.games import GameHub
from smallworld.web.guard import Guard, host_name
from smallworld.web.i18n import i18n_router
from smallworld.web.liveplay import LivePlay
from smallworld.web.refusals import api_error_body
from smallworld.web.rematch import rematch_router
from smallworld.web.routes_pages import STATIC, pages_router
from smallworld.web.storage import BUSY_TIMEOUT, STORE_DEADLINE, Store, StoreError, store_words
from smallworld.web.tabletalk import chat_router
from smallworld.web.trained import trained_opponent
from smallworld.web.watch import mount_watch

__all__ = ["STATIC", "app_from_env", "create_app", "send_asset"]

log = logging.getLogger("smallworld.web")
#: the answer to a request the server failed (the details only in its log)
INTERNAL = Refusal(N_("internal error (the server's log has the details)"))

#: the garbage collector's first threshold in the server (Python's default: 700)
GC_YOUNG = 7000


def create_app(db_path: str | Path, *, bot_delay: float = 0.4, hosts: Sequence[str] = (),
               busy_timeout: float = BUSY_TIMEOUT, durability: str | None = None,
               store_deadline: float = STORE_DEADLINE, policy: str | None = None) -> FastAPI:
    """The web app on the SQLite file (or PostgreSQL address) ``db_path``.

    ``bot_delay``: seconds between bot actions pushed to the pages (0: bots play at once,
    inside the request that hands them the turn). ``hosts``: the addresses others use to reach
    this server (the ones it prints); they are trusted as ``Host`` names besides the loopback
    names, and seat links use the first when the host reached the server by a loopback name.
    ``busy_timeout``: seconds a write waits for another writer before a 503. ``durability``:
    see :class:`smallworld.web.storage.Store`. ``store_deadline``: seconds any database call
    may take (a stalled disk) before a 503 "storage not responding", the game unchanged.
    ``policy``: the trained policy file of the lobby's Trained opponent (``None``: the shipped
    ones; :mod:`smallworld.web.trained`).
    """
    store = Store(db_path, busy_timeout=busy_timeout, durability=durability,
                  deadline=store_deadline)
    hub = GameHub(store)
    trusted = [host_name(h) for h in hosts]
    app = FastAPI(title="Small World of Warcraft", lifespan=_lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(Guard, trusted=trusted)
    app.openapi = lambda: _openapi_with_tokens(app)  # type: ignore[method-assign]
    app.state.store = store
    app.state.hub = hub
    app.state.bot_delay = bot_delay
    app.state.trained = trained_opponent(policy)
    play = LivePlay(hub, store, app.state)
    ctx = app.state.ctx = ServerContext(store, hub, play, hosts=trusted, trained=app.state.trained)
    app.add_middleware(GZipMiddleware, minimum_size=800)  # pages, scripts, payloads compressed
    _add_error_handlers(app)
    app.include_router(pages_router())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    mount_docs(app)  # the rules pages the Guide and rule-citing messages link to
    mount_watch(app, hub, store, ctx.draw_board, send_asset)  # spectators: the watch link
    app.include_router(routes_lobby.router)
    app.include_router(routes_play.router)
    # the busiest route first, as a plain Starlette route (routes_play.api_act_plain)
    app.router.routes[0:0] = routes_play.plain_routes()
    app.include_router(rematch_router(hub, store, play, start=ctx.start, answer=ctx.created))
    app.include_router(chat_router(hub, store, play))  # table talk (web/tabletalk.py)
    app.include_router(i18n_router())  # the pages' message catalogues (web/i18n.py)
    return app


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    ctx: ServerContext = app.state.ctx
    listener = asyncio.create_task(ctx.play.listen()) if ctx.store.shared else None
    # the code, rules tables and boards made so far live as long as the server: keep them
    # out of the garbage collector's full passes, which otherwise walk them all and stall
    # every game for ~50-100 ms several times a minute under load (benchmarks/load.py)
    gc.collect()
    gc.freeze()
    # and fewer passes over the young objects the games make (each request makes
    # thousands, nearly all freed at once by reference counting)
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
    yield
    if listener is not None:
        listener.cancel()
    for live in list(ctx.hub.live.values()):
        if live.bot_task is not None:
            live.bot_task.cancel()
    ctx.store.close()


def _add_error_handlers(app: FastAPI) -> None:
    """Every error is JSON ``{"error": "..."}``: the API's own (4xx), a storage that does not
    answer (503 with Retry-After), a request that does not validate (422, naming the fields),
    anything else (500, details only in the server's log)."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(api_error_body(exc.message, request), status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = str(exc.detail)
        if "parsing the body" in detail:
            detail = "bad request: the body is not JSON that can be read"
        return JSONResponse({"error": detail}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(StoreError)
    async def _store_error(request: Request, exc: StoreError) -> JSONResponse:
        return JSONResponse(api_error_body(store_words(exc), request), status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s", request.url.path)
        return JSONResponse({"error": api_error_body(INTERNAL, request)["error"]}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        msgs = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            msgs.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
        return JSONResponse({"error": "bad request: " + "; ".join(msgs)}, status_code=422)


def _openapi_with_tokens(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI document, naming the token and seat every game route reads from the
    request (``X-Token`` header or ``token`` query; ``seat`` query), so schema-driven tools
    (schemathesis) exercise them too."""
    if app.openapi_schema is None:
        from fastapi.openapi.utils import get_openapi

        doc = get_openapi(title=app.title, version="1", routes=app.routes)
        extra = [
            {"name": "X-Token", "in": "header", "required": False, "schema": {"type": "string"}},
            {"name": "token", "in": "query", "required": False, "schema": {"type": "string"}},
            {"name": "seat", "in": "query", "required": False, "schema": {"type": "string"}},
        ]
        for path, ops in doc.get("paths", {}).items():
            if "{game_id}" not in path:
                continue
            for op in ops.values():
                names = {p["name"] for p in op.get("parameters", [])}
                op.setdefault("parameters", []).extend(p for p in extra if p["name"] not in names)
        lobby = doc.get("paths", {}).get("/api/games", {}).get("get")
        if lobby is not None:
            lobby.setdefault("parameters", []).append(
                {"name": "X-Tokens", "in": "header", "required": False, "schema": {"type": "string"}})
        app.openapi_schema = doc
    return app.openapi_schema


def app_from_env() -> FastAPI:
    """The app of one worker of ``smallworld serve --workers N`` (a uvicorn factory): its
    settings come from the environment the command set (``SMALLWORLD_DB``,
    ``SMALLWORLD_BOT_DELAY``, ``SMALLWORLD_HOSTS``, ``SMALLWORLD_DURABILITY``,
    ``SMALLWORLD_STORE_DEADLINE``, ``SMALLWORLD_POLICY``)."""
    env = os.environ
    return create_app(env["SMALLWORLD_DB"], bot_delay=float(env.get("SMALLWORLD_BOT_DELAY", "0.4")),
                      hosts=[h for h in env.get("SMALLWORLD_HOSTS", "").split(",") if h],
                      durability=env.get("SMALLWORLD_DURABILITY") or None,
                      store_deadline=float(env.get("SMALLWORLD_STORE_DEADLINE") or STORE_DEADLINE),
                      policy=env.get("SMALLWORLD_POLICY") or None)
