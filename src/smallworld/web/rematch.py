"""Rematch (issue 35 point 10): "Play again" from a finished game's results starts a new game
with the same seats, bots and edition, a new secret seed and the seats rotated (who played
first plays last; in the team variant each player keeps its side and teammates), and the
friends' seat links move to it.

The finished game keeps a pointer to its rematch (table ``rematches``), so asking twice gives
the same new game, and an old seat link shown the finished game finds its seat's new link:
each human seat keeps its link's secret token in the rematch, at its new place. The host link
or any human seat's link of the finished game may start it (they were invited to play); bots
keep their level.

Routes (token: the ``X-Token`` header or ``token`` query, as every game route):

- ``POST /api/games/{id}/rematch``: start the rematch of a finished game, or find the one
  already started (201 new, 200 existing); answers ``{"id", "link"}``: the caller's link in
  the rematch (the host: the hotseat link), and for the host also ``host_token``, ``hotseat``
  and ``seats`` as a new game's answer. 409 when the game is not over.
- ``GET /api/games/{id}/rematch``: ``{"id": None, "link": None}`` until a rematch exists, then
  as above (without the host's extras).

Once started, the rematch is pushed at once to the finished game's open pages, each its own
link, on the game's WebSocket (as the game's updates are): ``{"type": "rematch", "id", "link"}``,
and by the other server processes sharing a PostgreSQL database too (note ``"<game id>
rematch"`` on the moves' channel). The results ask ``GET`` only when they open, when their
socket comes back, and every few seconds while it is down.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import ForeignKey, String, delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from smallworld.core.errors import Refusal
from smallworld.core.names import N_
from smallworld.web.access import Access, ApiError, authorize, get_live, seat_param, token_of
from smallworld.web.games import Connection, GameHub, LiveGame, Seat, SetupError, setup_words
from smallworld.web.liveplay import LivePlay
from smallworld.web.storage import Base, Store, StoreError, now
from smallworld.web.titles import rematch_title

__all__ = ["RematchRow", "rematch_router", "rotated"]


class RematchRow(Base):
    """A finished game's rematch (deleted with the game)."""

    __tablename__ = "rematches"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    next_id: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[str] = mapped_column(String(40))


def rotated(seats: list[Seat], sides: Sequence[str] | None = None) -> list[Seat]:
    """The rematch's seats: seat ``i`` is the finished game's seat ``i + 1`` (the first player
    goes last); names, kinds, bots and link tokens kept.

    ``sides``: the side of each seat in the team variant (R-TEAM-1, sides by seat number). Where
    a side has several seats, each player moves round one seat among the seats of its own side,
    so teammates stay together on their side (4 players: A H A H becomes the other two first;
    a plain rotation would part the 5-player teams); with one seat per side, a plain rotation.
    """
    if not sides or len(set(sides)) == len(sides):
        order = list(range(1, len(seats))) + [0]
    else:
        order = list(range(len(seats)))
        for side in dict.fromkeys(sides):
            own = [i for i, x in enumerate(sides) if x == side]
            for k, i in enumerate(own):
                order[i] = own[(k + 1) % len(own)]
    return [Seat(seats[j].name, seats[j].kind, seats[j].bot, seats[j].token) for j in order]


def _next_of(store: Store, game_id: str) -> str | None:
    with store.engine.connect() as con:
        return con.execute(select(RematchRow.next_id).where(RematchRow.game_id == game_id)).scalar()


def _forget(store: Store, game_id: str) -> None:
    with store.writing, store.engine.begin() as con:
        con.execute(delete(RematchRow).where(RematchRow.game_id == game_id))


def _set_next(store: Store, game_id: str, next_id: str) -> str:
    """Record ``next_id`` as the rematch of ``game_id``; another process's rematch recorded
    first wins (its id is returned)."""
    try:
        with store.writing, store.engine.begin() as con:
            con.execute(insert(RematchRow).values(game_id=game_id, next_id=next_id, created_at=now()))
            if store.shared:  # the other server processes tell their pages (at the commit)
                store._notify(con, [f"{game_id} rematch"])
        return next_id
    except IntegrityError:
        first = _next_of(store, game_id)
        if first is None:
            raise StoreError(Refusal(N_("could not record the rematch"))) from None
        return first


def link_in(new: LiveGame, acc: Access) -> str:
    """The caller's link in the rematch: the host's hotseat link, or the seat's new place."""
    if acc.host and acc.seat is None:
        return f"/play/{new.id}?token={new.host_token}"
    token = acc.live.seats[acc.seat].token if acc.seat is not None else None
    for i, s in enumerate(new.seats):
        if token and s.token == token:
            return f"/play/{new.id}?seat={i}&token={token}"
    return f"/play/{new.id}?token={new.host_token}"  # the host choosing a seat of the hotseat


def rematch_router(hub: GameHub, store: Store, play: LivePlay, *, start: Callable[[LiveGame], Awaitable[None]],
                   answer: Callable[[LiveGame, Request], dict[str, Any]]) -> APIRouter:
    """The rematch routes. ``start(live)``: puts a new game in play (as a created game);
    ``answer(live, request)``: the host's answer for a new game (links); ``play`` pushes the
    rematch to the finished game's pages, and one started through another server process
    (``play.notes``)."""
    router = APIRouter()
    locks: dict[str, asyncio.Lock] = {}

    def tell(old: LiveGame, new: LiveGame) -> None:
        """Each open page of ``old`` is told its own link in the rematch ``new``."""
        def told(conn: Connection) -> dict[str, Any]:
            return {"type": "rematch", **reply(new, Access(old, conn.seat, conn.host, conn.lang))}
        play.tell_each(old, told)

    async def heard(game_id: str, _rest: str) -> None:
        """The rematch of ``game_id`` was started through another server process."""
        old = hub.live.get(game_id)
        if old is not None and old.sockets:
            new = await existing(game_id)
            if new is not None:
                tell(old, new)

    play.notes["rematch"] = heard

    async def existing(game_id: str) -> LiveGame | None:
        next_id = await asyncio.to_thread(_next_of, store, game_id)
        if next_id is None:
            return None
        try:
            return await get_live(hub, next_id)
        except ApiError:  # the rematch was deleted since: another may be started
            await asyncio.to_thread(_forget, store, game_id)
            return None

    def reply(new: LiveGame, acc: Access) -> dict[str, Any]:
        return {"id": new.id, "link": link_in(new, acc)}

    @router.get("/api/games/{game_id}/rematch")
    async def api_rematch(game_id: str, request: Request) -> dict[str, Any]:
        """The caller's link in the game's rematch, once one is started."""
        acc = await authorize(hub, game_id, token_of(request), seat_param(request))
        new = await existing(game_id)
        return reply(new, acc) if new else {"id": None, "link": None}

    @router.post("/api/games/{game_id}/rematch")
    async def api_start_rematch(game_id: str, request: Request) -> JSONResponse:
        """Start the rematch of a finished game (or find the one started)."""
        acc = await authorize(hub, game_id, token_of(request), seat_param(request))
        old = acc.live
        if not old.game.state.is_over():
            raise ApiError(409, Refusal(N_("the game is not over yet: a rematch starts from the results")))
        lock = locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            new = await existing(game_id)
            status = 200
            if new is None:
                title = rematch_title(old.title)
                edition = old.game.state.spec.edition.name
                watch = await asyncio.to_thread(store.watch, game_id)
                try:
                    new = await asyncio.to_thread(
                        LiveGame.create, store, seats=rotated(old.seats, old.game.state.spec.sides),
                        edition=edition,
                        seed=None, title=title[:120])
                except SetupError as e:
                    raise ApiError(400, setup_words(e)) from None
                if watch and watch != "off":
                    await asyncio.to_thread(store.set_watch, new.id, watch)
                first = await asyncio.to_thread(_set_next, store, game_id, new.id)
                if first != new.id:  # another server process started it first
                    await asyncio.to_thread(store.delete, new.id)
                    new = await get_live(hub, first)
                else:
                    await start(new)
                    status = 201
                    tell(old, new)  # the other seats' results offer their link now
        body = reply(new, acc)
        if acc.host:
            body.update({k: v for k, v in answer(new, request).items() if k != "id"})
        return JSONResponse(body, status_code=status)

    return router
