"""The lobby's API: the static tables (``/api/meta``), the list of games, starting a game,
importing a record, and the host's changes to a game (public or not)."""

from __future__ import annotations

import asyncio
import logging
import random
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field, ValidationError

from smallworld.core.errors import Refusal, ReplayError
from smallworld.core.game import Game
from smallworld.core.names import N_
from smallworld.core.record import GameRecord
from smallworld.web.access import MAX_TOKEN, ApiError, token_of
from smallworld.web.context import ServerContext, server_context
from smallworld.web.describe import board_name
from smallworld.web.games import (
    EDITION_NAMES,
    LiveGame,
    SetupError,
    check_seats,
    new_game_id,
    new_token,
    rebuild_log,
    setup_words,
)
from smallworld.web.guard import MAX_IMPORT_BYTES
from smallworld.web.i18n import page_language
from smallworld.web.imports import cannot_load, import_seats, reseal
from smallworld.web.payload import meta
from smallworld.web.speech import speaking
from smallworld.web.titles import imported_title, title_words
from smallworld.web.trained import check_trained
from smallworld.web.watch import MAX_DELAY as MAX_WATCH_DELAY
from smallworld.web.watch import encode as watch_setting

log = logging.getLogger("smallworld.web")
Ctx = Annotated[ServerContext, Depends(server_context)]


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


class ChangeIn(BaseModel):
    public: bool


class ImportIn(BaseModel):
    record: Any
    # seat index -> bot name; other seats are human
    bots: dict[Annotated[str, Field(max_length=2)], Annotated[str, Field(max_length=20)]] | None = Field(
        None, max_length=5)
    title: str | None = Field(None, max_length=120)


router = APIRouter()


@router.get("/api/meta")
async def api_meta(ctx: Ctx, edition: str | None = Query(None, max_length=20)) -> dict[str, Any]:
    # ?edition=classic: that edition's races, powers, pieces and die (a classic game's page)
    if edition is not None and edition not in EDITION_NAMES:
        raise ApiError(404, f"unknown edition {edition!r} (known: {', '.join(EDITION_NAMES)})")
    out = meta(edition)
    if ctx.trained is not None:  # offered beside the named opponents
        out = {**out, "opponents": [*out["opponents"], ctx.trained]}
    return out


@router.get("/api/games")
async def api_list(request: Request, ctx: Ctx) -> dict[str, Any]:
    """The lobby. The machine running the server sees every game with its host link;
    anyone else only the games they hold a link for (tokens in the ``X-Tokens`` header,
    comma-separated) and the games their hosts made public. Titles in the request's language
    (:func:`smallworld.web.titles.title_words`)."""
    local = ctx.is_local(request)
    raw = request.headers.get("x-tokens", "")
    mine = {t.strip() for t in raw.split(",")[:100] if 0 < len(t.strip()) <= MAX_TOKEN}
    out = []
    for g in await asyncio.to_thread(ctx.store.list):
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
        with speaking(page_language(request)):
            g["title"] = title_words(g["title"])
        out.append(g)
    return {"games": out, "local": local}


@router.patch("/api/games/{game_id}")
async def api_change(game_id: str, body: ChangeIn, request: Request, ctx: Ctx) -> dict[str, Any]:
    """The host lists the game in every lobby (``{"public": true}``) or stops."""
    acc = await ctx.authorize(game_id, token_of(request), None)
    if not acc.host:
        raise ApiError(403, Refusal(N_("only the host link can change the game")))
    await asyncio.to_thread(ctx.store.set_public, game_id, body.public)
    return {"id": game_id, "public": body.public}


@router.post("/api/games", status_code=201)
async def api_create(body: NewGameIn, request: Request, ctx: Ctx) -> dict[str, Any]:
    ctx.require_local(request)
    trained = ctx.trained
    try:
        with speaking(page_language(request)):  # an unnamed seat is named in the host's words
            seats = check_seats([s.model_dump() for s in body.seats],
                                extra_bots=[trained["bot"]] if trained else [])
        check_trained(trained, [s.bot for s in seats], body.edition, len(seats))
    except (SetupError, ValueError) as e:
        raise ApiError(400, setup_words(e) if isinstance(e, SetupError) else str(e)) from None
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
            LiveGame.create, ctx.store, seats=seats, edition=body.edition, seed=seed,
            title=(body.title or "").strip() or None)
    except SetupError as e:
        raise ApiError(400, setup_words(e)) from None
    if watch != "off":
        await asyncio.to_thread(ctx.store.set_watch, live.id, watch)
    await ctx.start(live)
    return ctx.created(live, request)


async def _read_import(request: Request) -> tuple[GameRecord, ImportIn]:
    """The record of an import request: ``{"record": ..., "bots": ..., "title": ...}`` or the
    exported file itself. Raises ApiError 400/413 naming what is wrong."""
    raw = await request.body()
    if len(raw) > MAX_IMPORT_BYTES:
        raise ApiError(413, Refusal(N_("the file is too large to be a game record")))
    try:
        body = ImportIn.model_validate_json(raw)
    except ValidationError:
        # a bare record (the exported file itself) is accepted too
        try:
            body = ImportIn(record=GameRecord.loads(raw.decode("utf-8")).to_json(), bots=None, title=None)
        except ReplayError as e:
            raise ApiError(400, Refusal(N_("not a game record: {why}"), why=str(e))) from None
        except UnicodeDecodeError:
            raise ApiError(400, Refusal(N_("not a game record: the file is not UTF-8 text"))) from None
    try:
        record = GameRecord.from_json(body.record)
    except ReplayError as e:
        raise ApiError(400, cannot_load(str(e))) from None
    return record, body


@router.post("/api/games/import", status_code=201)
async def api_import(request: Request, ctx: Ctx) -> dict[str, Any]:
    ctx.require_local(request)
    record, body = await _read_import(request)
    seats = import_seats(record.header, body.bots or {})
    record, secret = reseal(record)
    try:
        game = await asyncio.to_thread(partial(Game.from_record, record, secret=secret))
    except ReplayError as e:
        raise ApiError(400, cannot_load(str(e))) from None
    except Exception as e:  # any malformed content is the file's fault
        log.info("import refused: %s", type(e).__name__)
        raise ApiError(400, cannot_load(Refusal(N_("it does not replay")))) from None
    names = [s.name for s in seats]
    live = LiveGame(
        id=new_game_id(), title=(body.title or "").strip() or imported_title(names),
        seats=seats, host_token=new_token(), game=game,
        log=await asyncio.to_thread(rebuild_log, record),
    )
    live.undo.floor = len(game.record.actions)  # an imported past is never taken back
    await asyncio.to_thread(
        ctx.store.create,
        game_id=live.id, title=live.title, header=game.record.header,
        seats=[s.to_json() for s in seats], host_token=live.host_token,
        actions=game.record.actions, round=game.state.round, result=game.record.result,
        secret=game.secret,
    )
    await ctx.start(live)
    return ctx.created(live, request)
