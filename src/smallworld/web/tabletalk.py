"""Table talk (issue 35 point 11): a chat between a game's seats, kept with the game.

Plain text only: a message is one line of at most :data:`MAX_TEXT` characters (control
characters dropped, runs of spaces made one), sent as JSON text and shown by the page as text,
never as markup. A seat may send at most :data:`RATE_COUNT` messages in :data:`RATE_SECONDS`
seconds (429 past that), a game holds at most :data:`MAX_MESSAGES`. Messages live in their own
table (``table_talk``, deleted with the game): never in the game record, so replays, exports
and their verification never see them. Nobody can change or delete a message (there is no
route for it). Spectators (the watch link) read the talk only when the host allows it.

A message said is pushed at once to the game's open pages (the seats' and the host's, on the
game's WebSocket, as the game's updates are): ``{"type": "talk", "message": {...}}``, and by the
other server processes sharing a PostgreSQL database too (note ``"<game id> talk <n>"`` on the
moves' channel). The pages ask ``GET .../chat`` only when they open, when their socket comes
back, and every few seconds while it is down.

Routes (token: ``X-Token`` header or ``token`` query, as every game route):

- ``GET /api/games/{id}/chat?since=N``: messages after the first N, for a seat or the host:
  ``{"messages": [{"n", "seat", "name", "text", "at"}], "spectators": bool}``.
- ``POST /api/games/{id}/chat`` ``{"text", "seat"?}``: a seat's message (the hotseat host
  speaks for the seat to play); 201 ``{"message": {...}}``; 400 empty or too long; 429 too fast.
- ``PUT /api/games/{id}/chat/setting`` ``{"spectators": bool}``: the host only.
- ``GET /api/games/{id}/watch/chat?watch=KEY&since=N``: the spectators' read-only copy.
"""

from __future__ import annotations

import asyncio
import hmac
import time
import unicodedata
from collections import deque
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, func, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, mapped_column

from smallworld.core.errors import Refusal
from smallworld.core.names import N_
from smallworld.web.access import ApiError, authorize, get_live, perspective_of, seat_param, token_of
from smallworld.web.games import GameHub
from smallworld.web.liveplay import LivePlay
from smallworld.web.storage import Base, Store, now
from smallworld.web.watch import WRONG_WATCH_LINK, decode, watch_key

__all__ = ["MAX_MESSAGES", "MAX_TEXT", "RATE_COUNT", "RATE_SECONDS", "chat_router", "clean"]

#: characters in one message
MAX_TEXT = 300
#: messages a seat may send in RATE_SECONDS seconds
RATE_COUNT = 5
RATE_SECONDS = 10.0
#: messages one game keeps
MAX_MESSAGES = 2000


class TalkRow(Base):
    """One message, numbered from 0 within its game."""

    __tablename__ = "table_talk"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[str] = mapped_column(String(40))


class TalkRule(Base):
    """Whether spectators read the game's talk (no row: they do not)."""

    __tablename__ = "table_talk_rules"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    spectators: Mapped[bool] = mapped_column(Boolean, default=False)


class TalkIn(BaseModel):
    text: str = Field(..., max_length=4 * MAX_TEXT)
    seat: int | None = None


class RuleIn(BaseModel):
    spectators: bool


def clean(text: str) -> str:
    """One line of plain text: control and format characters dropped, whitespace runs made
    one space, ends trimmed.

    Raises:
        ApiError: 400 when nothing is left or it is longer than :data:`MAX_TEXT`.
    """
    kept = "".join(" " if c.isspace() else c for c in text if c.isspace() or unicodedata.category(c)[0] != "C")
    line = " ".join(kept.split())
    if not line:
        raise ApiError(400, Refusal(N_("say something first: the message is empty")))
    if len(line) > MAX_TEXT:
        raise ApiError(400, Refusal(N_("a message holds at most {most} characters (this one has {n})"), most=MAX_TEXT,
                                    n=len(line)))
    return line


def _row(r: TalkRow) -> dict[str, Any]:
    return {"n": r.n, "seat": r.seat, "name": r.name, "text": r.text, "at": r.at}


def _read(store: Store, game_id: str, since: int) -> tuple[list[dict[str, Any]], bool]:
    with store.engine.connect() as con:
        rows = con.execute(select(TalkRow).where(TalkRow.game_id == game_id, TalkRow.n >= since)
                           .order_by(TalkRow.n)).all()
        rule = con.execute(select(TalkRule.spectators).where(TalkRule.game_id == game_id)).scalar()
    return [_row(r) for r in rows], bool(rule)  # type: ignore[arg-type]


def _add(store: Store, game_id: str, seat: int, name: str, text: str) -> dict[str, Any]:
    with store.writing, store.engine.begin() as con:
        n = con.execute(select(func.count()).select_from(TalkRow).where(TalkRow.game_id == game_id)).scalar() or 0
        if n >= MAX_MESSAGES:
            raise ApiError(409, Refusal(N_("this game's table talk is full ({most} messages)"), most=MAX_MESSAGES))
        row = {"game_id": game_id, "n": n, "seat": seat, "name": name, "text": text, "at": now()}
        con.execute(insert(TalkRow).values(**row))
        if store.shared:  # the other server processes push it to their pages (at the commit)
            store._notify(con, [f"{game_id} talk {n}"])
    return {k: v for k, v in row.items() if k != "game_id"}


def _set_rule(store: Store, game_id: str, spectators: bool) -> None:
    dialect = postgresql if store.shared else sqlite
    stmt = dialect.insert(TalkRule).values(game_id=game_id, spectators=spectators)
    with store.writing, store.engine.begin() as con:
        con.execute(stmt.on_conflict_do_update(index_elements=["game_id"], set_={"spectators": spectators}))


def _since(request: Request) -> int:
    raw = request.query_params.get("since") or "0"
    if not raw.isdigit() or len(raw) > 9:
        raise ApiError(400, f"since must be a number of messages, not {raw[:20]!r}")
    return int(raw)


def chat_router(hub: GameHub, store: Store, play: LivePlay) -> APIRouter:
    """The table talk routes (see the module's docstring); ``play`` pushes each message said to
    the game's pages, and the ones said through other server processes (``play.notes``)."""
    router = APIRouter()
    sent: dict[tuple[str, int], deque[float]] = {}

    async def heard(game_id: str, rest: str) -> None:
        """Message ``rest`` (its number) was said through another server process."""
        live = hub.live.get(game_id)
        if live is None or not live.sockets or not rest.isdigit() or len(rest) > 9:
            return
        messages, _ = await asyncio.to_thread(_read, store, game_id, int(rest))
        for m in messages[:1]:
            play.tell(live, {"type": "talk", "message": m})

    play.notes["talk"] = heard

    @router.get("/api/games/{game_id}/chat")
    async def api_chat(game_id: str, request: Request) -> dict[str, Any]:
        """The game's table talk after the first ``since`` messages."""
        await authorize(hub, game_id, token_of(request), seat_param(request))
        messages, spectators = await asyncio.to_thread(_read, store, game_id, _since(request))
        return {"messages": messages, "spectators": spectators}

    @router.post("/api/games/{game_id}/chat")
    async def api_say(game_id: str, body: TalkIn, request: Request) -> JSONResponse:
        """A seat says something at the table."""
        acc = await authorize(hub, game_id, token_of(request), body.seat)
        seat = acc.seat if acc.seat is not None else perspective_of(acc)
        if seat is None:
            raise ApiError(409, Refusal(N_("no seat is playing on this page to speak for")))
        text = clean(body.text)
        clock = time.monotonic()
        recent = sent.setdefault((game_id, seat), deque())
        while recent and clock - recent[0] > RATE_SECONDS:
            recent.popleft()
        if len(recent) >= RATE_COUNT:
            raise ApiError(429, Refusal(N_("slow down: at most {count} messages in {seconds} seconds"),
                                        count=RATE_COUNT, seconds=f"{RATE_SECONDS:g}"))
        recent.append(clock)
        message = await asyncio.to_thread(_add, store, game_id, seat, acc.live.seats[seat].name, text)
        play.tell(acc.live, {"type": "talk", "message": message})  # the other pages hear it now
        return JSONResponse({"message": message}, status_code=201)

    @router.put("/api/games/{game_id}/chat/setting")
    async def api_chat_setting(game_id: str, body: RuleIn, request: Request) -> dict[str, Any]:
        """The host lets spectators read the table talk (or stops)."""
        acc = await authorize(hub, game_id, token_of(request), None)
        if not acc.host:
            raise ApiError(403, Refusal(N_("only the host link can change who reads the table talk")))
        await asyncio.to_thread(_set_rule, store, game_id, body.spectators)
        return {"spectators": body.spectators}

    @router.get("/api/games/{game_id}/watch/chat")
    async def api_watch_chat(game_id: str, request: Request) -> dict[str, Any]:
        """The table talk for the watch link, when the host lets spectators read it."""
        live = await get_live(hub, game_id)
        key = request.query_params.get("watch") or ""
        if not hmac.compare_digest(key.encode("utf-8", "replace"), watch_key(live).encode()):
            raise ApiError(404, WRONG_WATCH_LINK)
        mode, _ = decode(await asyncio.to_thread(store.watch, game_id))
        messages, spectators = await asyncio.to_thread(_read, store, game_id, _since(request))
        if mode == "off" or not spectators:
            raise ApiError(403, Refusal(N_("the players' table talk is not open to spectators")))
        return {"messages": messages, "spectators": True}

    return router
