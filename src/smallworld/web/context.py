"""What every route of the web app shares: the store, the games in memory, the play loop and the
server's own addresses, held once per app as ``app.state.ctx`` (:class:`ServerContext`) and
given to the routes as a FastAPI dependency (:func:`server_context`).

The routers (``routes_pages``, ``routes_lobby``, ``routes_play``, and ``rematch``,
``tabletalk``, ``watch``, ``i18n``) keep no state of their own beyond it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import Request, Response
from starlette.requests import HTTPConnection

from smallworld.core.actions import Action
from smallworld.core.errors import IllegalActionError, Refusal
from smallworld.core.names import N_
from smallworld.web import access
from smallworld.web.access import Access, ApiError
from smallworld.web.assets import Asset
from smallworld.web.board import table_svg_asset
from smallworld.web.games import GameHub, LiveGame, NotYourTurn
from smallworld.web.guard import host_name, is_loopback
from smallworld.web.liveplay import LivePlay
from smallworld.web.storage import Store, StoreStale


def send_asset(request: Request, asset: Asset, cache: str) -> Response:
    """An in-memory page or asset: gzip when the browser takes it, 304 when it has it."""
    headers = {"ETag": asset.etag, "Cache-Control": cache, "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == asset.etag:
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(asset.gzipped, media_type=asset.media_type, headers=headers)
    return Response(asset.body, media_type=asset.media_type, headers=headers)


class ServerContext:
    """One server's shared parts.

    ``store``: the database; ``hub``: the games in memory; ``play``: pushes and bot turns
    (:class:`~smallworld.web.liveplay.LivePlay`); ``hosts``: the addresses others use to reach
    this server (the ones it prints); ``trained``: the lobby's Trained opponent or ``None``.
    """

    def __init__(self, store: Store, hub: GameHub, play: LivePlay, *, hosts: list[str],
                 trained: dict[str, Any] | None) -> None:
        self.store, self.hub, self.play = store, hub, play
        self.hosts = hosts
        #: the server's own network addresses (a caller from one is the machine's owner)
        self.own = {h for h in hosts if not is_loopback(h)}
        self.trained = trained
        self._warming: set[asyncio.Task[Asset]] = set()

    # ---- access ------------------------------------------------------------------------------

    async def authorize(self, game_id: str, token: str | None, seat: int | None) -> Access:
        """:func:`smallworld.web.access.authorize` on this server's games (ApiError 403/404)."""
        return await access.authorize(self.hub, game_id, token, seat)

    def is_local(self, request: Request) -> bool:
        """A caller on the machine running the server (loopback, or one of its own LAN
        addresses): the owner, who sees every game with its host link."""
        host = request.client.host if request.client else ""
        return host == "testclient" or is_loopback(host) or host in self.own

    def require_local(self, request: Request) -> None:
        """Raises ApiError 403 unless :meth:`is_local`: only the owner starts games."""
        if not self.is_local(request):
            raise ApiError(403, Refusal(N_("new games can only be started on the computer running the server")))

    @staticmethod
    def acting_seat(acc: Access) -> int:
        """The human seat this request acts for (hotseat: the human seat to act). Raises
        ApiError 409 when no human seat may act (the game is over, chance or a bot to play)."""
        s = acc.live.game.state
        if not acc.host:
            assert acc.seat is not None
            return acc.seat
        seat = acc.seat if acc.seat is not None else s.current_player()
        if seat < 0:
            raise ApiError(409, Refusal(N_("the game is over") if s.is_over() else N_("waiting for chance")))
        if acc.live.seats[seat].kind != "human":
            raise ApiError(409, Refusal(N_("it is {seat}'s turn (a bot)"), seat=acc.live.seats[seat].name))
        return seat

    # ---- games -------------------------------------------------------------------------------

    async def fresh(self, live: LiveGame, *, force: bool = False) -> None:
        """Several servers on one PostgreSQL database: catch up with moves stored by the
        others (call with the game's lock held; ``force``: read the database even if no other
        count was heard). Raises ApiError 404 when the game is gone."""
        if not await self.hub.refresh(live, force=force):
            raise ApiError(404, access.no_game(live.id))

    async def act(self, acc: Access, action: Action, expect: int | None) -> None:
        """Play ``action`` for the seat ``acc`` acts for (the game's lock held): the
        :class:`~smallworld.core.actions.Action` the request parsed once (the legality check,
        the engine and a retry all take it; its text is never parsed again). With several
        server processes another one may have stored a move this one has not heard of yet (the
        page had seen it: its action fits the newer game, or the store refused a stale count):
        catch up and, if the game moved, play the action on the current game; otherwise the
        refusal stands. Raises what :meth:`LiveGame.act` raises."""
        live = acc.live
        try:
            await live.act_soon(self.store, self.acting_seat(acc), action)
        except (StoreStale, NotYourTurn, IllegalActionError):
            if not self.store.shared:
                raise
            held = live.undo.revision(live.game)
            await self.fresh(live, force=True)
            moved = live.undo.revision(live.game) != held
            if not moved or (expect is not None and expect != len(live.game.record.actions)):
                raise
            await live.act_soon(self.store, self.acting_seat(acc), action)

    async def start(self, live: LiveGame) -> None:
        """Put a new game in play (created, imported or a rematch): known to the hub, its
        board drawn ahead of its first page, its bots started."""
        self.hub.add(live)
        self.warm_board(live)
        async with live.lock:
            await self.play.after_change(live)

    # ---- boards ------------------------------------------------------------------------------

    def draw_board(self, live: LiveGame) -> Any:
        """The game's board drawing, made in a worker thread (a few hundred ms the first time,
        then cached: :func:`~smallworld.web.board.table_svg_asset`); an awaitable of an
        :class:`~smallworld.web.assets.Asset`."""
        spec = live.game.state.spec
        return asyncio.to_thread(table_svg_asset, tuple(spec.faces), spec.edition.name)

    def warm_board(self, live: LiveGame) -> None:
        """Draw a new game's board ahead of its first page (the task is kept until done)."""
        task = asyncio.get_running_loop().create_task(self.draw_board(live))
        self._warming.add(task)
        task.add_done_callback(self._warming.discard)

    # ---- links -------------------------------------------------------------------------------

    def share_base(self, request: Request) -> str:
        """Where others reach this server: the address the host used, unless that is a
        loopback name, then the first address the server printed for others."""
        host = request.headers.get("host", "")
        name = host_name(host)
        if is_loopback(name) or name == "testserver":
            port = host.rsplit(":", 1)[1] if ":" in host.replace(f"[{name}]", "") else None
            for h in self.hosts:
                if not is_loopback(h):
                    shown = f"[{h}]" if ":" in h else h
                    return f"http://{shown}:{port}" if port else f"http://{shown}"
        return f"http://{host}"

    def created(self, live: LiveGame, request: Request) -> dict[str, Any]:
        """The host's answer: links (paths) and, under ``url``, the full addresses to send to
        the other players."""
        sides = live.game.state.spec.sides  # team variant: the side of each seat (R-TEAM-1)
        base = self.share_base(request)
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


async def server_context(conn: HTTPConnection) -> ServerContext:
    """The FastAPI dependency giving a route (HTTP or WebSocket) its app's :class:`ServerContext`.
    A coroutine: FastAPI runs a plain function dependency in a worker thread, a hand-off that
    cost each request more than the lookup (issue #36 point 9)."""
    ctx: ServerContext = conn.app.state.ctx
    return ctx
