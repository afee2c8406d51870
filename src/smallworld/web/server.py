"""The FastAPI application: pages, JSON API and WebSockets.

Access (every game route): a token, as the ``X-Token`` header or the ``token`` query
parameter. A human seat's token (its private link ``/play/{id}?seat=N&token=...``) reads that
seat's view and acts for it; the game's host token (the hotseat page ``/play/{id}?token=...``)
acts for every human seat, showing the view of the human seat whose turn it is. Errors are JSON
``{"error": "..."}`` with a 4xx status; an action the rules refuse is never applied.
"""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from smallworld.bots import BOTS
from smallworld.core.errors import ActionSyntaxError, IllegalActionError, ReplayError
from smallworld.core.game import Game
from smallworld.core.record import GameRecord
from smallworld.web.board import table_svg_json
from smallworld.web.games import (
    Connection,
    GameHub,
    LiveGame,
    NotYourTurn,
    Seat,
    SetupError,
    check_seats,
    new_game_id,
    new_token,
    rebuild_log,
)
from smallworld.web import access, takeback
from smallworld.web.access import Access, ApiError, payload_for, perspective_of, seat_param, token_of
from smallworld.web.liveplay import LivePlay
from smallworld.web.payload import meta
from smallworld.web.replayview import replay_frame
from smallworld.web.storage import Store, StoreError

log = logging.getLogger("smallworld.web")

STATIC = Path(str(resources.files("smallworld.web") / "static"))
MAX_IMPORT_BYTES = 5_000_000


class SeatIn(BaseModel):
    name: str = Field("", max_length=60)
    kind: str = "human"
    bot: str | None = None


class NewGameIn(BaseModel):
    edition: str = "swow"
    seats: list[SeatIn]
    seed: int | str | None = None
    shuffle: bool = False
    title: str | None = Field(None, max_length=120)


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


class ImportIn(BaseModel):
    record: Any
    bots: dict[str, str] | None = None  # seat index -> bot name; other seats are human
    title: str | None = Field(None, max_length=120)


def create_app(db_path: str | Path, *, bot_delay: float = 0.4) -> FastAPI:
    """The web app on the SQLite file ``db_path``. ``bot_delay``: seconds between bot actions
    pushed to the pages (0: bots play at once, inside the request that hands them the turn)."""
    store = Store(db_path)
    hub = GameHub(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        for live in list(hub.live.values()):
            if live.bot_task is not None:
                live.bot_task.cancel()
        store.close()

    app = FastAPI(title="Small World of Warcraft", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.store = store
    app.state.hub = hub
    app.state.bot_delay = bot_delay
    app.add_middleware(GZipMiddleware, minimum_size=800)  # pages, scripts, payloads compressed

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s", request.url.path)
        return JSONResponse({"error": f"internal error: {exc}"}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        msgs = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            msgs.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
        return JSONResponse({"error": "bad request: " + "; ".join(msgs)}, status_code=422)

    def get_live(game_id: str) -> LiveGame:
        return access.get_live(hub, game_id)

    def authorize(game_id: str, token: str | None, seat: int | None) -> Access:
        return access.authorize(hub, game_id, token, seat)

    play = LivePlay(hub, store, app.state)
    run_bots, after_change = play.run_bots, play.after_change

    # ---- pages -------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "play.html", headers={"Cache-Control": "no-cache"})

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html", headers={"Cache-Control": "no-cache"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return RedirectResponse("/static/img/icon.svg")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ---- API ---------------------------------------------------------------------------------

    @app.get("/api/meta")
    async def api_meta() -> dict[str, Any]:
        return meta()

    @app.get("/api/games")
    async def api_list(request: Request) -> dict[str, Any]:
        local = _is_local(request)
        games = store.list()
        for g in games:
            token = g.pop("host_token")
            g["link"] = f"/play/{g['id']}?token={token}" if local else None
        return {"games": games, "local": local}

    @app.post("/api/games", status_code=201)
    async def api_create(body: NewGameIn) -> dict[str, Any]:
        try:
            seats = check_seats([s.model_dump() for s in body.seats])
        except SetupError as e:
            raise ApiError(400, str(e)) from None
        if body.shuffle:
            random.SystemRandom().shuffle(seats)
        seed = body.seed
        if isinstance(seed, str):
            seed = seed.strip() or None
            if seed is not None and seed.lstrip("-").isdigit():
                seed = int(seed)
        try:
            live = LiveGame.create(store, seats=seats, edition=body.edition, seed=seed,
                                   title=(body.title or "").strip() or None)
        except SetupError as e:
            raise ApiError(400, str(e)) from None
        hub.add(live)
        async with live.lock:
            await after_change(live)
        return created(live)

    def created(live: LiveGame) -> dict[str, Any]:
        sides = live.game.state.spec.sides  # team variant: the side of each seat (R-TEAM-1)
        return {
            "id": live.id,
            "host_token": live.host_token,
            "hotseat": f"/play/{live.id}?token={live.host_token}",
            "seats": [
                {"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot,
                 "side": sides[i] if sides else None,
                 "link": f"/play/{live.id}?seat={i}&token={s.token}" if s.token else None}
                for i, s in enumerate(live.seats)
            ],
        }

    @app.post("/api/games/import", status_code=201)
    async def api_import(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_IMPORT_BYTES:
            raise ApiError(413, "the file is too large to be a game record")
        try:
            body = ImportIn.model_validate_json(raw)
        except Exception:
            # a bare record (the exported file itself) is accepted too
            try:
                body = ImportIn(record=GameRecord.loads(raw.decode("utf-8")).to_json())
            except ReplayError as e:
                raise ApiError(400, f"not a game record: {e}") from None
            except UnicodeDecodeError:
                raise ApiError(400, "not a game record: the file is not UTF-8 text") from None
        try:
            record = GameRecord.from_json(body.record)
            game = Game.from_record(record)
        except ReplayError as e:
            raise ApiError(400, f"this game record cannot be loaded: {e}") from None
        except Exception as e:  # noqa: BLE001 - any malformed content is the file's fault
            raise ApiError(400, f"this game record cannot be loaded: {e}") from None
        names = [str(n) for n in record.header.get("seats", [])]
        bots = body.bots or {}
        seats = []
        for i, name in enumerate(names):
            b = bots.get(str(i))
            if b is not None:
                seats.append({"name": name, "kind": "bot", "bot": b})
            else:
                seats.append({"name": name, "kind": "human"})
        unknown = sorted({d["bot"] for d in seats if d["kind"] == "bot" and d["bot"] not in BOTS})
        if unknown:
            raise ApiError(400, f"unknown bot {unknown[0]!r} (known: {', '.join(sorted(BOTS))})")
        seat_objs = [Seat(name=d["name"], kind=d["kind"], bot=d.get("bot"),
                          token=new_token() if d["kind"] == "human" else None)
                     for d in seats]
        live = LiveGame(
            id=new_game_id(), title=(body.title or "").strip() or "Imported: " + ", ".join(names),
            seats=seat_objs, host_token=new_token(), game=game, log=rebuild_log(record),
        )
        store.create(
            game_id=live.id, title=live.title, header=game.record.header,
            seats=[s.to_json() for s in seat_objs], host_token=live.host_token,
            actions=game.record.actions, round=game.state.round, result=game.record.result,
        )
        hub.add(live)
        async with live.lock:
            await after_change(live)
        return created(live)

    @app.get("/api/games/{game_id}/board")
    async def api_board(game_id: str, request: Request) -> Response:
        acc = authorize(game_id, token_of(request), seat_param(request))
        body, etag = table_svg_json(tuple(acc.live.game.state.spec.faces))
        headers = {"ETag": etag, "Cache-Control": "private, max-age=86400"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    @app.get("/api/games/{game_id}/state")
    async def api_state(game_id: str, request: Request) -> dict[str, Any]:
        acc = authorize(game_id, token_of(request), seat_param(request))
        async with acc.live.lock:
            await run_bots(acc.live)
            return payload_for(acc)

    @app.get("/api/games/{game_id}/links")
    async def api_links(game_id: str, request: Request) -> dict[str, Any]:
        acc = authorize(game_id, token_of(request), None)
        if not acc.host:
            raise ApiError(403, "only the host link can list the seat links")
        return created(acc.live)

    @app.post("/api/games/{game_id}/actions")
    async def api_act(game_id: str, body: ActionIn, request: Request) -> dict[str, Any]:
        acc = authorize(game_id, token_of(request), body.seat)
        live = acc.live
        async with live.lock:
            if body.expect is not None and body.expect != len(live.game.record.actions):
                raise ApiError(409, "the game has moved on since this page was drawn; it is up to date now")
            s = live.game.state
            if acc.host:
                seat = acc.seat if acc.seat is not None else s.current_player()
                if seat < 0:
                    raise ApiError(409, "the game is over" if s.is_over() else "waiting for chance")
                if live.seats[seat].kind != "human":
                    raise ApiError(409, f"it is {live.seats[seat].name}'s turn (a bot)")
            else:
                seat = acc.seat
            assert seat is not None
            before = perspective_of(acc)
            try:
                live.act(store, seat, body.action)
            except NotYourTurn as e:
                raise ApiError(409, str(e)) from None
            except ActionSyntaxError as e:
                raise ApiError(400, f"bad action: {e}") from None
            except IllegalActionError as e:
                raise ApiError(409, f"illegal action: {e}") from None
            except StoreError as e:
                raise ApiError(503, f"the action was not saved, so it was undone: {e}") from None
            await after_change(live)
            # only the log entries the page lacks, unless it now shows another seat's view or
            # the game is over (private lines become public): then the whole log
            same = perspective_of(acc) == before and not live.game.state.is_over()
            return payload_for(acc, max(0, body.since or 0) if same else 0)

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(game_id: str, request: Request) -> dict[str, Any]:
        """The position after ``at`` actions as a spectator sees it, with the public log
        (:func:`smallworld.web.replayview.replay_frame`)."""
        acc = authorize(game_id, token_of(request), seat_param(request))
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
    async def api_undo(game_id: str, body: UndoIn, request: Request) -> dict[str, Any]:
        """Take back this seat's last action while nothing random or hidden came out since
        (:mod:`smallworld.web.takeback`). 409 when it cannot be taken back (the reason)."""
        acc = authorize(game_id, token_of(request), body.seat)
        live = acc.live
        async with live.lock:
            seat = acting_seat(acc)
            try:
                takeback.take_back(live, store, seat)
            except takeback.UndoRefused as e:
                raise ApiError(409, str(e)) from None
            except StoreError as e:
                raise ApiError(503, f"the take-back was not saved, so the game is as before: {e}") from None
            await after_change(live)
            return payload_for(acc)

    @app.post("/api/games/{game_id}/plan")
    async def api_plan(game_id: str, body: PlanIn, request: Request) -> dict[str, Any]:
        """A redeployment arranged on the page, committed at once with End turn: every
        ``redeploy`` action of the plan is applied, or none (:func:`takeback.play_plan`)."""
        acc = authorize(game_id, token_of(request), body.seat)
        live = acc.live
        async with live.lock:
            seat = acting_seat(acc)
            before = perspective_of(acc)
            try:
                takeback.play_plan(live, store, seat, body.actions)
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
            return payload_for(acc, max(0, body.since or 0) if same else 0)

    @app.get("/api/games/{game_id}/record")
    async def api_record(game_id: str, request: Request) -> Response:
        acc = authorize(game_id, token_of(request), seat_param(request))
        live = acc.live
        if not acc.host and not live.game.state.is_over():
            raise ApiError(403, "the record reveals every player's coins: it can be downloaded "
                                "from the host page, or by anyone once the game is over")
        import json

        text = json.dumps(live.export(), indent=1)
        return Response(
            text + "\n", media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="smallworld-{live.id}.json"'},
        )

    @app.delete("/api/games/{game_id}")
    async def api_delete(game_id: str, request: Request) -> dict[str, Any]:
        acc = authorize(game_id, token_of(request), None)
        if not acc.host:
            raise ApiError(403, "only the host link can delete a game")
        live = acc.live
        hub.forget(game_id)
        store.delete(game_id)
        for conn in list(live.sockets):
            try:
                await conn.ws.send_json({"type": "deleted"})
                await conn.ws.close()
            except Exception:
                pass
        return {"deleted": game_id}

    # ---- WebSocket -----------------------------------------------------------------------------

    @app.websocket("/ws/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str) -> None:
        token = websocket.query_params.get("token")
        raw_seat = websocket.query_params.get("seat")
        try:
            seat = int(raw_seat) if raw_seat not in (None, "") else None
            acc = authorize(game_id, token, seat)
        except (ApiError, ValueError) as e:
            await websocket.accept()
            msg = e.message if isinstance(e, ApiError) else "seat must be a number"
            await websocket.send_json({"type": "error", "error": msg})
            await websocket.close(code=4403)
            return
        await websocket.accept()
        live = acc.live
        conn = Connection(ws=websocket, seat=acc.seat, host=acc.host)
        async with live.lock:
            live.sockets.append(conn)
            await run_bots(live)
            data = payload_for(acc)
            conn.log_sent = data["log_total"]
            conn.perspective = perspective_of(acc)
            await websocket.send_json(data)
        try:
            while True:
                msg = await websocket.receive_text()
                if msg == "ping":
                    await websocket.send_json({"type": "pong"})
        except WebSocketDisconnect:
            pass
        finally:
            if conn in live.sockets:
                live.sockets.remove(conn)

    return app


def _is_local(request: Request) -> bool:
    host = request.client.host if request.client else ""
    return host in ("127.0.0.1", "::1", "localhost", "testclient") or host.startswith("127.")
