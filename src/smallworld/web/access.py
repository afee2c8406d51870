"""Who a request is for: tokens, seats and the perspective shown (see :mod:`smallworld.web.server`).

A human seat's token reads that seat's view and acts for it; the game's host token (hotseat)
acts for every human seat and shows the view of the human seat whose turn it is. Refusals are
:class:`ApiError` with the HTTP status and a sentence naming what is wrong.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import Any

from fastapi import Request

from smallworld.core.errors import Refusal, ReplayError
from smallworld.core.names import N_
from smallworld.web.games import GameHub, LiveGame
from smallworld.web.payload import seat_payload
from smallworld.web.speech import speaking

#: longer tokens are refused unread (real ones are 24 characters)
MAX_TOKEN = 100


class ApiError(Exception):
    """An HTTP error answered as ``{"error": message}`` with ``status``; a message a player reads
    is a :class:`~smallworld.core.errors.Refusal`, said in the request's language
    (:func:`smallworld.web.refusals.api_error_body`)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


#: the answer to a token that opens no seat of the game
WRONG_TOKEN = Refusal(N_("wrong token for this game"))


def no_game(game_id: str) -> Refusal:
    """The answer to a game id the server does not hold (never made, or deleted)."""
    return Refusal(N_("no game {game}"), game=repr(game_id))


@dataclass
class Access:
    live: LiveGame
    seat: int | None  # the seat this request is for (None: the host without a seat)
    host: bool
    #: the language the page reads (its words: :mod:`smallworld.web.speech`)
    lang: str = "en"


async def get_live(hub: GameHub, game_id: str) -> LiveGame:
    """The game ``game_id`` in play (loaded from storage in a worker thread if needed).

    Raises:
        ApiError: 404 unknown game; 500 a saved game that no longer replays.
        StoreError: the database cannot be read (answered 503).
    """
    if len(game_id) > 40:
        raise ApiError(404, "no such game")
    try:
        live = await hub.fetch(game_id)
    except ReplayError as e:
        raise ApiError(500, f"saved game {game_id} cannot be replayed: {e}") from None
    if live is None:
        raise ApiError(404, no_game(game_id))
    return live


async def authorize(hub: GameHub, game_id: str, token: str | None, seat: int | None) -> Access:
    """Check ``token`` (and the ``seat`` asked for, if any) against game ``game_id``.

    Raises:
        ApiError: 401 no token, 400 no such seat, 403 a wrong token or a seat played by a bot
        or by someone else, 404/500 as :func:`get_live`.
    """
    live = await get_live(hub, game_id)
    if not token:
        raise ApiError(401, Refusal(N_("missing token: open this game from its link")))
    n = len(live.seats)
    if seat is not None and not 0 <= seat < n:
        raise ApiError(400, f"no seat {seat} in this game (seats 0-{n - 1})")
    if len(token) > MAX_TOKEN:
        raise ApiError(403, WRONG_TOKEN)
    given = token.encode("utf-8", "replace")  # any text compares (as bytes), never raises
    if secrets.compare_digest(given, live.host_token.encode()):
        if seat is not None and live.seats[seat].kind != "human":
            raise ApiError(403, Refusal(N_("seat {seat} ({name}) is played by a bot"), seat=seat,
                                                name=live.seats[seat].name))
        return Access(live, seat, True)
    for i, s in enumerate(live.seats):
        if s.token and secrets.compare_digest(given, s.token.encode()):
            if seat is not None and seat != i:
                raise ApiError(403, Refusal(N_("this link is for seat {i} ({name}), not seat {seat}"), i=i,
                                                    name=s.name, seat=seat))
            return Access(live, i, False)
    raise ApiError(403, WRONG_TOKEN)


def token_of(request: Request) -> str | None:
    """The request's token: the ``X-Token`` header or the ``token`` query parameter."""
    return request.headers.get("x-token") or request.query_params.get("token")


def seat_param(request: Request) -> int | None:
    """The ``seat`` query parameter as a number, or ``None``.

    Raises:
        ApiError: 400 when it is not a number.
    """
    raw = request.query_params.get("seat")
    if raw in (None, ""):
        return None
    try:
        return int(raw)
    except ValueError:
        raise ApiError(400, f"seat must be a number, not {raw!r}") from None


def lang_of(request: Any) -> str:
    """The language a request's page reads: its ``lang`` query parameter when it is one of
    ours, else the best of its ``Accept-Language`` header, else English."""
    from smallworld.web.i18n import choose_language

    return choose_language(request.query_params.get("lang"), request.headers.get("accept-language"))


def reading(acc: Access, request: Any) -> Access:
    """``acc`` for a page reading :func:`lang_of` ``request``."""
    return replace(acc, lang=lang_of(request))


def perspective_of(acc: Access) -> int | None:
    """The seat whose view this access shows (hotseat: the human seat to act)."""
    if acc.host and acc.seat is None:
        return acc.live.host_perspective()
    return acc.seat


def payload_for(acc: Access, log_since: int = 0) -> dict[str, Any]:
    """The page payload for this access (:func:`smallworld.web.payload.seat_payload`), with
    ``chance``: how the game's dice and draws can be checked (:meth:`LiveGame.fairness`)."""
    persp = perspective_of(acc)
    with speaking(acc.lang):
        data = seat_payload(
            acc.live, persp, can_act=acc.host or acc.seat == persp,
            mode="hotseat" if acc.host else "seat", log_since=log_since,
        )
    data["chance"] = acc.live.fairness()  # the same for every seat (commitment, or the seed)
    return data
