"""Spectators: a game's read-only watch link, ``/replay/{id}?watch=KEY``.

The host chooses who may use it, when creating the game (``watch``, ``watch_delay`` in the
creation body) or later from the host page (``PUT /api/games/{id}/watch``): ``"off"`` (the
default: the link opens nothing), ``"end"`` (once the game is over) or ``"live"``, where the
spectator sees the game as it stood ``delay`` moves ago (a move: a player's action with the
chance it led to, as the replay counts them), so a take-back or a table's chat about the last
move is not given away at once, and nobody can use the link to help a player.

What the link shows is the replay's frame (:func:`smallworld.web.replayview.replay_frame`): the
position as nobody's seat sees it (:func:`smallworld.core.view.view` with no seat, RULES §15),
the public log, no legal action, no seat's coins before the end. The ``KEY`` is derived from
the host's secret token (an HMAC), so it cannot be guessed from the game's id, needs no storage,
and gives no access to any seat.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from smallworld.core.errors import Refusal
from smallworld.core.names import N_
from smallworld.web.access import ApiError, authorize, get_live, no_game, token_of
from smallworld.web.assets import Asset
from smallworld.web.games import GameHub, LiveGame
from smallworld.web.i18n import page_language
from smallworld.web.refusals import error_words
from smallworld.web.replayview import replay_frame, stops
from smallworld.web.storage import Store

#: the answer to a watch link whose key is not this game's
WRONG_WATCH_LINK = Refusal(N_("this watch link is not right for this game (ask the host for it)"))

MODES = ("off", "end", "live")
#: the longest delay a host may choose, in moves
MAX_DELAY = 50


class WatchIn(BaseModel):
    mode: str = Field(..., max_length=8)
    delay: int = Field(0, ge=0, le=MAX_DELAY)


def encode(mode: str, delay: int = 0) -> str:
    """The stored form: ``"off"``, ``"end"``, ``"live:3"``.

    Raises:
        ApiError: 400 an unknown mode or a delay out of range.
    """
    if mode not in MODES:
        raise ApiError(400, f"watch must be off, end or live, not {mode!r}")
    if not 0 <= delay <= MAX_DELAY:
        raise ApiError(400, f"the delay is 0 to {MAX_DELAY} moves")
    return f"live:{delay}" if mode == "live" else mode


def decode(stored: str | None) -> tuple[str, int]:
    """``(mode, delay)`` of a stored setting (anything unknown is ``off``)."""
    mode, _, delay = (stored or "off").partition(":")
    if mode not in MODES:
        return "off", 0
    return mode, int(delay) if mode == "live" and delay.isdigit() else 0


def watch_key(live: LiveGame) -> str:
    """The game's watch key: an HMAC of its id under the host's secret token."""
    return hmac.new(live.host_token.encode(), f"watch {live.id}".encode(), hashlib.sha256).hexdigest()[:24]


def visible(live: LiveGame, mode: str, delay: int) -> int:
    """How many of the game's actions a spectator may see now.

    Raises:
        ApiError: 404 watching is off; 403 the game is watched only once it is over.
    """
    actions = live.game.record.actions
    over = live.game.state.is_over()
    if mode == "off":
        raise ApiError(404, Refusal(N_("this game is not open to spectators (the host can open it)")))
    if mode == "end" and not over:
        raise ApiError(403, Refusal(N_("spectators can watch this game once it is over")))
    if over or mode == "end" or delay == 0:
        return len(actions)
    at = stops(list(actions))
    return at[max(0, len(at) - 1 - delay)]


def info(live: LiveGame, stored: str | None) -> dict[str, Any]:
    """The host's view of the setting: mode, delay and the link (a path)."""
    mode, delay = decode(stored)
    return {"mode": mode, "delay": delay, "link": f"/replay/{live.id}?watch={watch_key(live)}"}


def mount_watch(app: FastAPI, hub: GameHub, store: Store, draw_board: Callable[[LiveGame], Awaitable[Asset]],
                send_asset: Callable[[Request, Asset, str], Response]) -> None:
    """The spectators' routes: the frame and the board for the watch link, and the host's
    setting."""

    async def spectator(game_id: str, request: Request) -> tuple[LiveGame, str, int]:
        live = await get_live(hub, game_id)
        key = request.query_params.get("watch") or ""
        if not hmac.compare_digest(key.encode("utf-8", "replace"), watch_key(live).encode()):
            raise ApiError(404, WRONG_WATCH_LINK)
        mode, delay = decode(await asyncio.to_thread(store.watch, game_id))
        return live, mode, delay

    async def seen(live: LiveGame, mode: str, delay: int) -> int:
        """(with the game's lock held) the actions the spectator may see, the game brought
        up to date first (several server processes)."""
        if not await hub.refresh(live):
            raise ApiError(404, no_game(live.id))
        return visible(live, mode, delay)

    @app.get("/api/games/{game_id}/watch")
    async def api_watch(game_id: str, request: Request) -> dict[str, Any]:
        """The game as a spectator sees it through the watch link (``watch`` query: its key;
        ``at``, ``log`` as the replay's)."""
        live, mode, delay = await spectator(game_id, request)
        raw = request.query_params.get("at")
        try:
            at = int(raw) if raw not in (None, "") else None
        except ValueError:
            raise ApiError(400, f"at must be a number of moves, not {raw!r}") from None
        async with live.lock:
            upto = await seen(live, mode, delay)
            try:
                frame = replay_frame(live, at, request.query_params.get("log", "upto"), upto=upto,
                                     lang=page_language(request))
            except ValueError as e:
                raise ApiError(400, error_words(e)) from None
        # nothing tells how far the game has gone past what the spectator may see
        frame["game"].update(actions=upto, rev=upto)
        frame["watching"] = {"mode": mode, "delay": delay}
        return frame

    @app.get("/api/games/{game_id}/watch/board")
    async def api_watch_board(game_id: str, request: Request) -> Response:
        live, mode, delay = await spectator(game_id, request)
        async with live.lock:
            await seen(live, mode, delay)
        return send_asset(request, await draw_board(live), "private, max-age=86400")

    @app.get("/api/games/{game_id}/watch/setting")
    async def api_watch_setting(game_id: str, request: Request) -> dict[str, Any]:
        """The host's setting and the watch link (host link only)."""
        acc = await authorize(hub, game_id, token_of(request), None)
        if not acc.host:
            raise ApiError(403, Refusal(N_("only the host link can see the watch link")))
        return info(acc.live, await asyncio.to_thread(store.watch, game_id))

    @app.put("/api/games/{game_id}/watch/setting")
    async def api_watch_set(game_id: str, body: WatchIn, request: Request) -> dict[str, Any]:
        """The host chooses who may watch: ``{"mode": "off"|"end"|"live", "delay": moves}``."""
        acc = await authorize(hub, game_id, token_of(request), None)
        if not acc.host:
            raise ApiError(403, Refusal(N_("only the host link can open the game to spectators")))
        stored = encode(body.mode, body.delay)
        await asyncio.to_thread(store.set_watch, game_id, stored)
        return info(acc.live, stored)
