"""A game's API: its state and board, actions, take-backs and redeployment plans, its replay
frames, record and fairness check, the host's links and deletion, and the WebSocket that pushes
each seat's view.

Access: every route reads a token (``X-Token`` header or ``token`` query) and, for a seat, the
``seat`` (:mod:`smallworld.web.access`). Errors are JSON ``{"error": "..."}`` with a 4xx status;
an action the rules refuse is never applied.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response, WebSocket
from pydantic import BaseModel, Field, ValidationError
from starlette.routing import Route

from smallworld.core.actions import parse_action
from smallworld.core.errors import ActionSyntaxError, IllegalActionError, Refusal
from smallworld.core.fairness import verify
from smallworld.core.names import N_
from smallworld.core.record import GameRecord
from smallworld.web import takeback
from smallworld.web.access import Access, ApiError, perspective_of, reading, seat_param, token_of
from smallworld.web.context import ServerContext, send_asset, server_context
from smallworld.web.games import HOST_TRUST, Connection, NotYourTurn
from smallworld.web.i18n import page_language
from smallworld.web.refusals import api_error_body, error_words, refusal_answer
from smallworld.web.replayview import replay_frame
from smallworld.web.speech import speaking
from smallworld.web.storage import StoreError, StoreStale, store_words
from smallworld.web.updates import answer, update_text

Ctx = Annotated[ServerContext, Depends(server_context)]
#: what a page is told when its action met a newer game than it had drawn
MOVED_ON = Refusal(N_("the game has moved on since this page was drawn; it is up to date now"))


def syntax_words(error: ActionSyntaxError) -> str:
    """What is wrong in an action's text: the parser's :class:`Refusal` (said in the request's
    language with the answer's sentence), or its English message when raised with a plain one."""
    return error.refusal or str(error)


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


router = APIRouter()


@router.get("/api/games/{game_id}/board")
async def api_board(game_id: str, request: Request, ctx: Ctx) -> Response:
    acc = await ctx.authorize(game_id, token_of(request), seat_param(request))
    return send_asset(request, await ctx.draw_board(acc.live), "private, max-age=86400")


@router.get("/api/games/{game_id}/state")
async def api_state(game_id: str, request: Request, ctx: Ctx) -> Response:
    acc = await ctx.authorize(game_id, token_of(request), seat_param(request))
    async with acc.live.lock:
        await ctx.fresh(acc.live)
        await ctx.play.run_bots(acc.live)
        return answer(reading(acc, request))


@router.get("/api/games/{game_id}/verify")
async def api_verify(game_id: str, request: Request, ctx: Ctx) -> dict[str, Any]:
    """Check that every chance outcome of the game follows from its revealed seed
    (fairness); a sealed game answers ``ok: false, kind: "sealed"``. This proves that no
    outcome was changed after the commitment, not that the host could not know them:
    whoever runs the server can read the sealed seed (``host``: that sentence)."""
    acc = await ctx.authorize(game_id, token_of(request), seat_param(request))
    async with acc.live.lock:
        await ctx.fresh(acc.live, force=True)  # the stored game, whichever worker answers
        rec = acc.live.game.record
        record = GameRecord(dict(rec.header), list(rec.actions), rec.result)
    v = await asyncio.to_thread(verify, record)
    return {"ok": v.ok, "kind": v.kind, "checked": v.checked, "unchecked": v.unchecked,
            "bad_action": v.bad, "message": v.message, "host": HOST_TRUST}


@router.get("/api/games/{game_id}/links")
async def api_links(game_id: str, request: Request, ctx: Ctx) -> dict[str, Any]:
    acc = await ctx.authorize(game_id, token_of(request), None)
    if not acc.host:
        raise ApiError(403, Refusal(N_("only the host link can list the seat links")))
    return ctx.created(acc.live, request)


def _since(acc: Access, before: int | None, since: int | None) -> int:
    """The log entries the page already has: ``since`` unless the page now shows another
    seat's view or the game is over (private lines become public); then the whole log (0)."""
    same = perspective_of(acc) == before and not acc.live.game.state.is_over()
    return max(0, since or 0) if same else 0


@router.post("/api/games/{game_id}/actions")
async def api_act(game_id: str, body: ActionIn, request: Request, ctx: Ctx) -> Response:
    """Play an action (``ActionIn``) for the token's seat; the answer is the page's update
    (only log entries past ``since``); 409 with the reason when the rules refuse it. The app
    serves this path by :func:`api_act_plain` (the same steps without FastAPI's dependency and
    validation machinery, the busiest route: issue #36 point 9); this one gives its schema."""
    return await _act(game_id, body, request, ctx)


def action_body(raw: bytes) -> ActionIn:
    """The body of an action request, checked as FastAPI checks ``ActionIn`` (pydantic, from
    the JSON text at once).

    Raises:
        ApiError: 422 ``"bad request: <field>: <what is wrong>"`` (several joined by ``; ``),
        as the app answers any request that does not validate.
    """
    if not raw:
        raise ApiError(422, "bad request: body: Field required")
    try:
        return ActionIn.model_validate_json(raw)
    except ValidationError as e:
        msgs = []
        for err in e.errors():
            if err.get("type") == "json_invalid":
                raise ApiError(422, "bad request: the body is not JSON that can be read") from None
            where = ".".join(str(x) for x in err.get("loc", ()))
            msgs.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
        raise ApiError(422, "bad request: " + "; ".join(msgs)) from None


async def api_act_plain(request: Request) -> Response:
    """``POST /api/games/{game_id}/actions`` as a plain Starlette route (:func:`plain_routes`):
    the body read and checked by :func:`action_body`, then the same steps as :func:`api_act`."""
    body = action_body(await request.body())
    return await _act(request.path_params["game_id"], body, request, request.app.state.ctx)


def plain_routes() -> list[Route]:
    """The routes the app matches before all others (:func:`smallworld.web.server.create_app`):
    the action route, spared the walk through every other route and FastAPI's dependency and
    validation steps (``benchmarks/action_cpu.py --path served`` measures what it saves)."""
    return [Route("/api/games/{game_id}/actions", api_act_plain, methods=["POST"])]


async def _act(game_id: str, body: ActionIn, request: Request, ctx: ServerContext) -> Response:
    acc = await ctx.authorize(game_id, token_of(request), body.seat)
    live = acc.live
    async with live.lock:
        await ctx.fresh(live)
        if body.expect is not None and body.expect != len(live.game.record.actions):
            raise ApiError(409, MOVED_ON)
        before = perspective_of(acc)
        try:  # parsed once: the legality check and the engine take this Action
            await ctx.act(acc, parse_action(body.action), body.expect)
        except NotYourTurn as e:
            with speaking(reading(acc, request).lang):
                return refusal_answer(e, live.game.state.spec.edition.name, "")
        except ActionSyntaxError as e:
            raise ApiError(400, Refusal(N_("bad action: {why}"), why=syntax_words(e))) from None
        except IllegalActionError as e:  # said in the page's language (web/refusals.py)
            with speaking(reading(acc, request).lang):
                return refusal_answer(e, live.game.state.spec.edition.name)
        except StoreStale:
            await ctx.fresh(live, force=True)
            raise ApiError(409, MOVED_ON) from None
        except StoreError as e:
            raise ApiError(503, Refusal(N_("the action was not saved, so it was undone: {why}"), why=store_words(e))) from None
        await ctx.play.after_change(live)
        return answer(reading(acc, request), _since(acc, before, body.since))


@router.get("/api/games/{game_id}/replay")
async def api_replay(game_id: str, request: Request, ctx: Ctx) -> dict[str, Any]:
    """The position after ``at`` actions as a spectator sees it, with the public log
    (:func:`smallworld.web.replayview.replay_frame`)."""
    acc = await ctx.authorize(game_id, token_of(request), seat_param(request))
    raw = request.query_params.get("at")
    try:
        at = int(raw) if raw not in (None, "") else None
    except ValueError:
        raise ApiError(400, f"at must be a number of moves, not {raw!r}") from None
    async with acc.live.lock:
        try:
            return replay_frame(acc.live, at, request.query_params.get("log", "upto"),
                                lang=page_language(request))
        except ValueError as e:
            raise ApiError(400, error_words(e)) from None


@router.post("/api/games/{game_id}/undo")
async def api_undo(game_id: str, body: UndoIn, request: Request, ctx: Ctx) -> Response:
    """Take back this seat's last action while nothing random or hidden came out since
    (:mod:`smallworld.web.takeback`). 409 when it cannot be taken back (the reason)."""
    acc = await ctx.authorize(game_id, token_of(request), body.seat)
    live = acc.live
    async with live.lock:
        # decided from the stored game, never this process's copy (another one may have
        # moved on: a die rolled there cannot be taken back here)
        await ctx.fresh(live, force=True)
        seat = ctx.acting_seat(acc)
        try:
            await asyncio.to_thread(takeback.take_back, live, ctx.store, seat)
        except takeback.UndoRefused as e:
            with speaking(reading(acc, request).lang):
                return refusal_answer(e, live.game.state.spec.edition.name, "")
        except StoreStale:
            await ctx.fresh(live, force=True)
            raise ApiError(409, MOVED_ON) from None
        except StoreError as e:
            raise ApiError(503, Refusal(N_("the take-back was not saved, so the game is as before: {why}"),
                                        why=store_words(e))) from None
        await ctx.play.after_change(live)
        return answer(reading(acc, request))


@router.post("/api/games/{game_id}/plan")
async def api_plan(game_id: str, body: PlanIn, request: Request, ctx: Ctx) -> Response:
    """A redeployment arranged on the page, committed at once with End turn: every
    ``redeploy`` action of the plan is applied, or none (:func:`takeback.play_plan`)."""
    acc = await ctx.authorize(game_id, token_of(request), body.seat)
    live = acc.live
    async with live.lock:
        await ctx.fresh(live)
        seat = ctx.acting_seat(acc)
        before = perspective_of(acc)
        try:
            await asyncio.to_thread(takeback.play_plan, live, ctx.store, seat, body.actions)
        except NotYourTurn as e:
            with speaking(reading(acc, request).lang):
                return refusal_answer(e, live.game.state.spec.edition.name, "")
        except ActionSyntaxError as e:
            raise ApiError(400, Refusal(N_("bad action in the plan: {why}"), why=syntax_words(e))) from None
        except IllegalActionError as e:
            with speaking(reading(acc, request).lang):
                return refusal_answer(e, live.game.state.spec.edition.name, "the plan was not played: ")
        except StoreError as e:
            raise ApiError(503, Refusal(N_("the plan was not saved, so it was undone: {why}"), why=store_words(e))) from None
        await ctx.play.after_change(live)
        return answer(reading(acc, request), _since(acc, before, body.since))


@router.get("/api/games/{game_id}/record")
async def api_record(game_id: str, request: Request, ctx: Ctx) -> Response:
    acc = await ctx.authorize(game_id, token_of(request), seat_param(request))
    live = acc.live
    if not acc.host and not live.game.state.is_over():
        raise ApiError(403, Refusal(N_("the record reveals every player's coins: it can be downloaded "
                                    "from the host page, or by anyone once the game is over")))
    async with live.lock:
        await ctx.fresh(live, force=True)  # the stored game, whichever worker answers
        text = json.dumps(live.export(), indent=1)
    return Response(
        text + "\n", media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="smallworld-{live.id}.json"'},
    )


@router.delete("/api/games/{game_id}")
async def api_delete(game_id: str, request: Request, ctx: Ctx) -> dict[str, Any]:
    acc = await ctx.authorize(game_id, token_of(request), None)
    if not acc.host:
        raise ApiError(403, Refusal(N_("only the host link can delete a game")))
    live = acc.live
    ctx.hub.forget(game_id)
    await asyncio.to_thread(ctx.store.delete, game_id)
    ctx.play.tell(live, {"type": "deleted"})
    return {"deleted": game_id}


# ---- WebSocket ---------------------------------------------------------------------------------

@router.websocket("/ws/{game_id}")
async def ws_game(websocket: WebSocket, game_id: str, ctx: Ctx) -> None:
    token = websocket.query_params.get("token")
    raw_seat = websocket.query_params.get("seat")
    try:
        seat = int(raw_seat) if raw_seat not in (None, "") and len(raw_seat) < 10 else None
        if raw_seat not in (None, "") and seat is None:
            raise ValueError(raw_seat)
        acc = await ctx.authorize(game_id, token, seat)
    except (ApiError, ValueError) as e:
        await websocket.accept()
        msg = api_error_body(e.message, websocket)["error"] if isinstance(e, ApiError) else "seat must be a number"
        await websocket.send_json({"type": "error", "error": msg})  # in the page's language
        await websocket.close(code=4403)
        return
    await websocket.accept()
    live = acc.live
    acc = reading(acc, websocket)
    conn = Connection(ws=websocket, seat=acc.seat, host=acc.host, lang=acc.lang)
    sender = asyncio.create_task(ctx.play.pump(live, conn))
    try:
        async with live.lock:
            await ctx.fresh(live)
            live.sockets.append(conn)
            await ctx.play.run_bots(live)
            text, total = update_text(acc)
            conn.offer(text, 0, total, perspective_of(acc))
            del text  # not kept by this frame while the page is idle
        await _read_until_closed(websocket, conn)
    finally:
        ctx.play.drop(live, conn, "closed")
        sender.cancel()


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
