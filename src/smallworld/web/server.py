"""The FastAPI application: pages, JSON API and WebSockets.

Access (every game route): a token, as the ``X-Token`` header or the ``token`` query
parameter. A human seat's token (its private link ``/play/{id}?seat=N&token=...``) reads that
seat's view and acts for it; the game's host token (the hotseat page ``/play/{id}?token=...``)
acts for every human seat, showing the view of the human seat whose turn it is. Errors are JSON
``{"error": "..."}`` with a 4xx status; an action the rules refuse is never applied.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import random
from collections.abc import AsyncIterator, Coroutine, Sequence
from contextlib import asynccontextmanager
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from smallworld.core.errors import ActionSyntaxError, IllegalActionError, ReplayError
from smallworld.core.fairness import verify
from smallworld.core.game import Game
from smallworld.core.record import GameRecord
from smallworld.web import access, takeback
from smallworld.web.access import (
    MAX_TOKEN,
    Access,
    ApiError,
    perspective_of,
    seat_param,
    token_of,
)
from smallworld.web.assets import Asset, build_page
from smallworld.web.board import table_svg_asset
from smallworld.web.describe import board_name
from smallworld.web.docs_site import mount_docs
from smallworld.web.games import (
    EDITION_NAMES,
    HOST_TRUST,
    Connection,
    GameHub,
    LiveGame,
    NotYourTurn,
    SetupError,
    check_seats,
    new_game_id,
    new_token,
    rebuild_log,
)
from smallworld.web.guard import MAX_IMPORT_BYTES, Guard, host_name, is_loopback
from smallworld.web.i18n import i18n_router
from smallworld.web.imports import import_seats, reseal
from smallworld.web.liveplay import LivePlay
from smallworld.web.payload import meta
from smallworld.web.rematch import rematch_router
from smallworld.web.replayview import replay_frame
from smallworld.web.storage import BUSY_TIMEOUT, STORE_DEADLINE, Store, StoreError, StoreStale
from smallworld.web.tabletalk import chat_router
from smallworld.web.trained import check_trained, trained_opponent
from smallworld.web.updates import answer, update_text
from smallworld.web.watch import MAX_DELAY as MAX_WATCH_DELAY
from smallworld.web.watch import encode as watch_setting
from smallworld.web.watch import mount_watch

log = logging.getLogger("smallworld.web")

STATIC = Path(str(resources.files("smallworld.web") / "static"))
#: the garbage collector's first threshold in the server (Python's default: 700)
GC_YOUNG = 7000


class SeatIn(BaseModel):
    name: str = Field("", max_length=60)
    kind: str = Field("human", max_length=10)
    bot: str | None = Field(None, max_length=20)


class NewGameIn(BaseModel):
    edition: str = Field("swow", max_length=20)
    seats: list[SeatIn] = Field(..., max_length=20)
    # a seed chosen by the creator (tests, reproducible games): shown to every seat as chosen
    seed: Annotated[int, Field(ge=-(2**63), le=2**63)] | Annotated[str, Field(max_length=64)] | None = None
    shuffle: bool = False
    title: str | None = Field(None, max_length=120)
    # who may watch through the watch link: off, end (once over), live (watch_delay moves behind)
    watch: str = Field("off", max_length=8)
    watch_delay: int = Field(0, ge=0, le=MAX_WATCH_DELAY)


class ActionIn(BaseModel):
    action: str = Field(..., max_length=200)
    seat: int | None = None
    expect: int | None = None  # the number of actions the page has seen (optional check)
    since: int | None = None  # log entries the page already has: only newer ones are sent


class UndoIn(BaseModel):
    seat: int | None = None
    since: int | None = None


class PlanIn(BaseModel):
    actions: list[str] = Field(..., max_length=200)
    seat: int | None = None
    since: int | None = None


class ChangeIn(BaseModel):
    public: bool


class ImportIn(BaseModel):
    record: Any
    # seat index -> bot name; other seats are human
    bots: dict[Annotated[str, Field(max_length=2)], Annotated[str, Field(max_length=20)]] | None = Field(
        None, max_length=5)
    title: str | None = Field(None, max_length=120)


def send_asset(request: Request, asset: Asset, cache: str) -> Response:
    """An in-memory page or asset: gzip when the browser takes it, 304 when it has it."""
    headers = {"ETag": asset.etag, "Cache-Control": cache, "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == asset.etag:
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(asset.gzipped, media_type=asset.media_type, headers=headers)
    return Response(asset.body, media_type=asset.media_type, headers=headers)


def create_app(db_path: str | Path, *, bot_delay: float = 0.4, hosts: Sequence[str] = (),
               busy_timeout: float = BUSY_TIMEOUT, durability: str | None = None,
               store_deadline: float = STORE_DEADLINE, policy: str | None = None) -> FastAPI:
    """The web app on the SQLite file ``db_path``.

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
    hosts = [host_name(h) for h in hosts]
    own = {h for h in hosts if not is_loopback(h)}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        listener = asyncio.create_task(play.listen()) if store.shared else None
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
        for live in list(hub.live.values()):
            if live.bot_task is not None:
                live.bot_task.cancel()
        store.close()

    app = FastAPI(title="Small World of Warcraft", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(Guard, trusted=hosts)
    app.openapi = lambda: _openapi_with_tokens(app)  # type: ignore[method-assign]
    app.state.store = store
    app.state.hub = hub
    app.state.bot_delay = bot_delay
    trained = app.state.trained = trained_opponent(policy)
    app.add_middleware(GZipMiddleware, minimum_size=800)  # pages, scripts, payloads compressed

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = str(exc.detail)
        if "parsing the body" in detail:
            detail = "bad request: the body is not JSON that can be read"
        return JSONResponse({"error": detail}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(StoreError)
    async def _store_error(request: Request, exc: StoreError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s", request.url.path)
        return JSONResponse({"error": "internal error (the server's log has the details)"},
                            status_code=500)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        msgs = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            msgs.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
        return JSONResponse({"error": "bad request: " + "; ".join(msgs)}, status_code=422)

    async def authorize(game_id: str, token: str | None, seat: int | None) -> Access:
        return await access.authorize(hub, game_id, token, seat)

    async def fresh(live: LiveGame, *, force: bool = False) -> None:
        """Several servers on one PostgreSQL database: catch up with moves stored by the
        others (call with the game's lock held; ``force``: read the database even if no other
        count was heard)."""
        if not await hub.refresh(live, force=force):
            raise ApiError(404, f"no game {live.id!r}")

    def draw_board(live: LiveGame) -> Coroutine[Any, Any, Asset]:
        """The game's board drawing, made in a worker thread (a few hundred ms the first time,
        then cached: :func:`~smallworld.web.board.table_svg_asset`)."""
        spec = live.game.state.spec
        return asyncio.to_thread(table_svg_asset, tuple(spec.faces), spec.edition.name)

    warming: set[asyncio.Task[Asset]] = set()

    def warm_board(live: LiveGame) -> None:
        """Draw a new game's board ahead of its first page (the task is kept until done)."""
        task = asyncio.get_running_loop().create_task(draw_board(live))
        warming.add(task)
        task.add_done_callback(warming.discard)

    play = LivePlay(hub, store, app.state)
    run_bots, after_change = play.run_bots, play.after_change

    # ---- pages -------------------------------------------------------------------------------

    pages = {name: build_page(STATIC, f"{name}.html") for name in ("index", "play", "replay")}
    bundled = {url: a for page in pages.values() for url, a in page.assets.items()}

    @app.get("/", include_in_schema=False)
    async def lobby_page(request: Request) -> Response:
        return send_asset(request, pages["index"].html, "no-cache")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str, request: Request) -> Response:
        return send_asset(request, pages["play"].html, "no-cache")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str, request: Request) -> Response:
        return send_asset(request, pages["replay"].html, "no-cache")

    @app.get("/assets/{name}", include_in_schema=False)
    async def bundled_asset(name: str, request: Request) -> Response:
        asset = bundled.get(f"/assets/{name}")
        if asset is None:
            # an older page asks for a script or stylesheet since changed: reload it
            raise ApiError(404, f"no asset {name!r} (the page is out of date: reload it)")
        return send_asset(request, asset, "public, max-age=31536000, immutable")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return RedirectResponse("/static/img/icon.svg")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    mount_docs(app)  # the rules pages the Guide and rule-citing messages link to
    mount_watch(app, hub, store, draw_board, send_asset)  # spectators: the watch link

    # ---- API ---------------------------------------------------------------------------------

    @app.get("/api/meta")
    async def api_meta(edition: str | None = Query(None, max_length=20)) -> dict[str, Any]:
        # ?edition=classic: that edition's races, powers, pieces and die (a classic game's page)
        if edition is not None and edition not in EDITION_NAMES:
            raise ApiError(404, f"unknown edition {edition!r} (known: {', '.join(EDITION_NAMES)})")
        out = meta(edition)
        if trained is not None:  # offered beside the named opponents
            out = {**out, "opponents": [*out["opponents"], trained]}
        return out

    def is_local(request: Request) -> bool:
        """A caller on the machine running the server (loopback, or one of its own LAN
        addresses): the owner, who sees every game with its host link."""
        host = request.client.host if request.client else ""
        return host == "testclient" or is_loopback(host) or host in own

    def require_local(request: Request) -> None:
        if not is_local(request):
            raise ApiError(403, "new games can only be started on the computer running the server")

    @app.get("/api/games")
    async def api_list(request: Request) -> dict[str, Any]:
        """The lobby. The machine running the server sees every game with its host link;
        anyone else only the games they hold a link for (tokens in the ``X-Tokens`` header,
        comma-separated) and the games their hosts made public."""
        local = is_local(request)
        raw = request.headers.get("x-tokens", "")
        mine = {t.strip() for t in raw.split(",")[:100] if 0 < len(t.strip()) <= MAX_TOKEN}
        out = []
        for g in await asyncio.to_thread(store.list):
            host_token, seat_tokens = g.pop("host_token"), g.pop("seat_tokens")
            if local or host_token in mine:
                g["link"] = f"/play/{g['id']}?token={host_token}"
            else:
                seat = next((i for i, t in enumerate(seat_tokens) if t and t in mine), None)
                if seat is None and not g["public"]:
                    continue
                g["link"] = (f"/play/{g['id']}?seat={seat}&token={seat_tokens[seat]}"
                             if seat is not None else None)
            g["board_names"] = [board_name(b) for b in g["boards"] or ()]
            out.append(g)
        return {"games": out, "local": local}

    @app.patch("/api/games/{game_id}")
    async def api_change(game_id: str, body: ChangeIn, request: Request) -> dict[str, Any]:
        """The host lists the game in every lobby (``{"public": true}``) or stops."""
        acc = await authorize(game_id, token_of(request), None)
        if not acc.host:
            raise ApiError(403, "only the host link can change the game")
        await asyncio.to_thread(store.set_public, game_id, body.public)
        return {"id": game_id, "public": body.public}

    @app.post("/api/games", status_code=201)
    async def api_create(body: NewGameIn, request: Request) -> dict[str, Any]:
        require_local(request)
        try:
            seats = check_seats([s.model_dump() for s in body.seats],
                                extra_bots=[trained["bot"]] if trained else [])
            check_trained(trained, [s.bot for s in seats], body.edition, len(seats))
        except (SetupError, ValueError) as e:
            raise ApiError(400, str(e)) from None
        watch = watch_setting(body.watch, body.watch_delay)
        if body.shuffle:
            random.SystemRandom().shuffle(seats)
        seed = body.seed
        if isinstance(seed, str):
            seed = seed.strip() or None
            if seed is not None and seed.lstrip("-").isdigit():
                seed = int(seed)
        try:
            live = await asyncio.to_thread(
                LiveGame.create, store, seats=seats, edition=body.edition, seed=seed,
                title=(body.title or "").strip() or None)
        except SetupError as e:
            raise ApiError(400, str(e)) from None
        if watch != "off":
            await asyncio.to_thread(store.set_watch, live.id, watch)
        hub.add(live)
        warm_board(live)
        async with live.lock:
            await after_change(live)
        return created(live, request)

    def share_base(request: Request) -> str:
        """Where others reach this server (#14): the address the host used, unless that is a
        loopback name, then the first address the server printed for others."""
        host = request.headers.get("host", "")
        name = host_name(host)
        if is_loopback(name) or name == "testserver":
            port = host.rsplit(":", 1)[1] if ":" in host.replace(f"[{name}]", "") else None
            for h in hosts:
                if not is_loopback(h):
                    shown = f"[{h}]" if ":" in h else h
                    return f"http://{shown}:{port}" if port else f"http://{shown}"
        return f"http://{host}"

    def created(live: LiveGame, request: Request) -> dict[str, Any]:
        """The host's answer: links (paths) and, under ``url``, the full addresses to send to
        the other players."""
        sides = live.game.state.spec.sides  # team variant: the side of each seat (R-TEAM-1)
        base = share_base(request)
        seats = []
        for i, s in enumerate(live.seats):
            link = f"/play/{live.id}?seat={i}&token={s.token}" if s.token else None
            seats.append({"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot,
                          "side": sides[i] if sides else None,
                          "link": link, "url": base + link if link else None})
        return {
            "id": live.id,
            "host_token": live.host_token,
            "hotseat": f"/play/{live.id}?token={live.host_token}",
            "seats": seats,
        }

    @app.post("/api/games/import", status_code=201)
    async def api_import(request: Request) -> dict[str, Any]:
        require_local(request)
        raw = await request.body()
        if len(raw) > MAX_IMPORT_BYTES:
            raise ApiError(413, "the file is too large to be a game record")
        try:
            body = ImportIn.model_validate_json(raw)
        except ValidationError:
            # a bare record (the exported file itself) is accepted too
            try:
                body = ImportIn(record=GameRecord.loads(raw.decode("utf-8")).to_json(), bots=None,
                                title=None)
            except ReplayError as e:
                raise ApiError(400, f"not a game record: {e}") from None
            except UnicodeDecodeError:
                raise ApiError(400, "not a game record: the file is not UTF-8 text") from None
        try:
            record = GameRecord.from_json(body.record)
        except ReplayError as e:
            raise ApiError(400, f"this game record cannot be loaded: {e}") from None
        seats = import_seats(record.header, body.bots or {})
        record, secret = reseal(record)
        try:
            game = await asyncio.to_thread(partial(Game.from_record, record, secret=secret))
        except ReplayError as e:
            raise ApiError(400, f"this game record cannot be loaded: {e}") from None
        except Exception as e:  # any malformed content is the file's fault
            log.info("import refused: %s", type(e).__name__)
            raise ApiError(400, "this game record cannot be loaded: it does not replay") from None
        names = [s.name for s in seats]
        live = LiveGame(
            id=new_game_id(), title=(body.title or "").strip() or "Imported: " + ", ".join(names),
            seats=seats, host_token=new_token(), game=game,
            log=await asyncio.to_thread(rebuild_log, record),
        )
        live.undo.floor = len(game.record.actions)  # an imported past is never taken back
        await asyncio.to_thread(
            store.create,
            game_id=live.id, title=live.title, header=game.record.header,
            seats=[s.to_json() for s in seats], host_token=live.host_token,
            actions=game.record.actions, round=game.state.round, result=game.record.result,
            secret=game.secret,
        )
        hub.add(live)
        warm_board(live)
        async with live.lock:
            await after_change(live)
        return created(live, request)

    @app.get("/api/games/{game_id}/board")
    async def api_board(game_id: str, request: Request) -> Response:
        acc = await authorize(game_id, token_of(request), seat_param(request))
        return send_asset(request, await draw_board(acc.live), "private, max-age=86400")

    @app.get("/api/games/{game_id}/state")
    async def api_state(game_id: str, request: Request) -> Response:
        acc = await authorize(game_id, token_of(request), seat_param(request))
        async with acc.live.lock:
            await fresh(acc.live)
            await run_bots(acc.live)
            return answer(acc)

    @app.get("/api/games/{game_id}/verify")
    async def api_verify(game_id: str, request: Request) -> dict[str, Any]:
        """Check that every chance outcome of the game follows from its revealed seed
        (fairness); a sealed game answers ``ok: false, kind: "sealed"``. This proves that no
        outcome was changed after the commitment, not that the host could not know them:
        whoever runs the server can read the sealed seed (``host``: that sentence)."""
        acc = await authorize(game_id, token_of(request), seat_param(request))
        async with acc.live.lock:
            await fresh(acc.live)
            record = GameRecord(dict(acc.live.game.record.header), list(acc.live.game.record.actions),
                                acc.live.game.record.result)
        v = await asyncio.to_thread(verify, record)
        return {"ok": v.ok, "kind": v.kind, "checked": v.checked, "unchecked": v.unchecked,
                "bad_action": v.bad, "message": v.message, "host": HOST_TRUST}

    @app.get("/api/games/{game_id}/links")
    async def api_links(game_id: str, request: Request) -> dict[str, Any]:
        acc = await authorize(game_id, token_of(request), None)
        if not acc.host:
            raise ApiError(403, "only the host link can list the seat links")
        return created(acc.live, request)

    @app.post("/api/games/{game_id}/actions")
    async def api_act(game_id: str, body: ActionIn, request: Request) -> Response:
        acc = await authorize(game_id, token_of(request), body.seat)
        live = acc.live
        async with live.lock:
            await fresh(live)
            if body.expect is not None and body.expect != len(live.game.record.actions):
                raise ApiError(409, "the game has moved on since this page was drawn; it is up to date now")
            seat = acting_seat(acc)
            before = perspective_of(acc)
            try:
                try:
                    await asyncio.to_thread(live.act, store, seat, body.action)
                except (StoreStale, NotYourTurn, IllegalActionError):
                    # several server processes: another one may have stored a move this one has
                    # not heard of yet (the page had seen it: its action fits the newer game, or
                    # the store refused a stale count). Catch up and, if the game moved, play
                    # the action on the current game; otherwise the refusal stands.
                    if not store.shared:
                        raise
                    held = live.undo.revision(live.game)
                    await fresh(live, force=True)
                    moved = live.undo.revision(live.game) != held
                    if not moved or (body.expect is not None
                                     and body.expect != len(live.game.record.actions)):
                        raise
                    seat = acting_seat(acc)
                    await asyncio.to_thread(live.act, store, seat, body.action)
            except NotYourTurn as e:
                raise ApiError(409, str(e)) from None
            except ActionSyntaxError as e:
                raise ApiError(400, f"bad action: {e}") from None
            except IllegalActionError as e:
                raise ApiError(409, f"illegal action: {e}") from None
            except StoreStale:
                await fresh(live, force=True)
                raise ApiError(409, "the game has moved on since this page was drawn; it is up "
                                    "to date now") from None
            except StoreError as e:
                raise ApiError(503, f"the action was not saved, so it was undone: {e}") from None
            await after_change(live)
            # only the log entries the page lacks, unless it now shows another seat's view or
            # the game is over (private lines become public): then the whole log
            same = perspective_of(acc) == before and not live.game.state.is_over()
            return answer(acc, max(0, body.since or 0) if same else 0)

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(game_id: str, request: Request) -> dict[str, Any]:
        """The position after ``at`` actions as a spectator sees it, with the public log
        (:func:`smallworld.web.replayview.replay_frame`)."""
        acc = await authorize(game_id, token_of(request), seat_param(request))
        raw = request.query_params.get("at")
        try:
            at = int(raw) if raw not in (None, "") else None
        except ValueError:
            raise ApiError(400, f"at must be a number of moves, not {raw!r}") from None
        async with acc.live.lock:
            try:
                return replay_frame(acc.live, at, request.query_params.get("log", "upto"))
            except ValueError as e:
                raise ApiError(400, str(e)) from None

    def acting_seat(acc: Access) -> int:
        """The human seat this request acts for (hotseat: the human seat to act)."""
        s = acc.live.game.state
        if not acc.host:
            assert acc.seat is not None
            return acc.seat
        seat = acc.seat if acc.seat is not None else s.current_player()
        if seat < 0:
            raise ApiError(409, "the game is over" if s.is_over() else "waiting for chance")
        if acc.live.seats[seat].kind != "human":
            raise ApiError(409, f"it is {acc.live.seats[seat].name}'s turn (a bot)")
        return seat

    @app.post("/api/games/{game_id}/undo")
    async def api_undo(game_id: str, body: UndoIn, request: Request) -> Response:
        """Take back this seat's last action while nothing random or hidden came out since
        (:mod:`smallworld.web.takeback`). 409 when it cannot be taken back (the reason)."""
        acc = await authorize(game_id, token_of(request), body.seat)
        live = acc.live
        async with live.lock:
            # decided from the stored game, never this process's copy (another one may have
            # moved on: a die rolled there cannot be taken back here)
            await fresh(live, force=True)
            seat = acting_seat(acc)
            try:
                await asyncio.to_thread(takeback.take_back, live, store, seat)
            except takeback.UndoRefused as e:
                raise ApiError(409, str(e)) from None
            except StoreStale:
                await fresh(live, force=True)
                raise ApiError(409, "the game has moved on since this page was drawn; it is up "
                                    "to date now") from None
            except StoreError as e:
                raise ApiError(503, f"the take-back was not saved, so the game is as before: {e}") from None
            await after_change(live)
            return answer(acc)

    @app.post("/api/games/{game_id}/plan")
    async def api_plan(game_id: str, body: PlanIn, request: Request) -> Response:
        """A redeployment arranged on the page, committed at once with End turn: every
        ``redeploy`` action of the plan is applied, or none (:func:`takeback.play_plan`)."""
        acc = await authorize(game_id, token_of(request), body.seat)
        live = acc.live
        async with live.lock:
            await fresh(live)
            seat = acting_seat(acc)
            before = perspective_of(acc)
            try:
                await asyncio.to_thread(takeback.play_plan, live, store, seat, body.actions)
            except NotYourTurn as e:
                raise ApiError(409, str(e)) from None
            except ActionSyntaxError as e:
                raise ApiError(400, f"bad action in the plan: {e}") from None
            except IllegalActionError as e:
                raise ApiError(409, f"the plan was not played: {e}") from None
            except StoreError as e:
                raise ApiError(503, f"the plan was not saved, so it was undone: {e}") from None
            await after_change(live)
            same = perspective_of(acc) == before and not live.game.state.is_over()
            return answer(acc, max(0, body.since or 0) if same else 0)

    @app.get("/api/games/{game_id}/record")
    async def api_record(game_id: str, request: Request) -> Response:
        acc = await authorize(game_id, token_of(request), seat_param(request))
        live = acc.live
        if not acc.host and not live.game.state.is_over():
            raise ApiError(403, "the record reveals every player's coins: it can be downloaded "
                                "from the host page, or by anyone once the game is over")
        async with live.lock:
            await fresh(live)
            text = json.dumps(live.export(), indent=1)
        return Response(
            text + "\n", media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="smallworld-{live.id}.json"'},
        )

    @app.delete("/api/games/{game_id}")
    async def api_delete(game_id: str, request: Request) -> dict[str, Any]:
        acc = await authorize(game_id, token_of(request), None)
        if not acc.host:
            raise ApiError(403, "only the host link can delete a game")
        live = acc.live
        hub.forget(game_id)
        await asyncio.to_thread(store.delete, game_id)
        play.tell(live, {"type": "deleted"})
        return {"deleted": game_id}

    # ---- WebSocket -----------------------------------------------------------------------------

    @app.websocket("/ws/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str) -> None:
        token = websocket.query_params.get("token")
        raw_seat = websocket.query_params.get("seat")
        try:
            seat = int(raw_seat) if raw_seat not in (None, "") and len(raw_seat) < 10 else None
            if raw_seat not in (None, "") and seat is None:
                raise ValueError(raw_seat)
            acc = await authorize(game_id, token, seat)
        except (ApiError, ValueError) as e:
            await websocket.accept()
            msg = e.message if isinstance(e, ApiError) else "seat must be a number"
            await websocket.send_json({"type": "error", "error": msg})
            await websocket.close(code=4403)
            return
        await websocket.accept()
        live = acc.live
        conn = Connection(ws=websocket, seat=acc.seat, host=acc.host)
        sender = asyncio.create_task(play.pump(live, conn))
        try:
            async with live.lock:
                await fresh(live)
                live.sockets.append(conn)
                await run_bots(live)
                text, total = update_text(acc)
                conn.offer(text, 0, total, perspective_of(acc))
                del text  # not kept by this frame while the page is idle
            await _read_until_closed(websocket, conn)
        finally:
            play.drop(live, conn, "closed")
            sender.cancel()

    # ---- playing with friends: rematch (web/rematch.py) ---------------------------------------

    async def start_game(live: LiveGame) -> None:
        """Put a game made outside the creation route (a rematch) in play, as a created one."""
        hub.add(live)
        warm_board(live)
        async with live.lock:
            await after_change(live)

    app.include_router(rematch_router(hub, store, start=start_game, answer=created))
    app.include_router(chat_router(hub, store))  # table talk (web/tabletalk.py)
    app.include_router(i18n_router())  # the pages' message catalogues (web/i18n.py)
    return app


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


#: the answer to a binary frame (the pages only ever send the text ``ping``)
BINARY_REFUSED = {"type": "error",
                  "error": "this server reads only text messages on this socket (\"ping\"); "
                           "a binary message was ignored"}


async def _read_until_closed(ws: WebSocket, conn: Connection) -> None:
    """Answer ``ping`` with ``pong`` until the page closes or is dropped (``conn.dead``).
    A binary frame is answered with an error message (:data:`BINARY_REFUSED`) and the socket
    keeps its game; any other text is ignored."""
    dead = asyncio.ensure_future(conn.dead.wait())
    try:
        while True:
            recv = asyncio.ensure_future(ws.receive())
            done, _ = await asyncio.wait({recv, dead}, return_when=asyncio.FIRST_COMPLETED)
            if recv not in done:
                recv.cancel()
                return
            msg = recv.result()
            if msg["type"] == "websocket.disconnect":
                return
            if msg.get("text") == "ping":
                conn.push({"type": "pong"})
            elif msg.get("bytes") is not None:
                conn.push(dict(BINARY_REFUSED))
    finally:
        dead.cancel()


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
