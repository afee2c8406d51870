"""A game in play on the server: bots taking their turns and every change pushed to the pages.

Bots think in a worker thread on a copy of the state, one action at a time, so a slow bot never
blocks the server; each action is stored (:class:`smallworld.web.storage.Store`) before it is
pushed to the WebSockets of the game's pages.

Pushes never wait for a page while the game's lock is held: each page has its own bounded
outbox and sender task (:meth:`LivePlay.pump`); a page that stops reading (outbox full, or one
send taking longer than ``send_timeout`` seconds) is disconnected, never the game. Each
perspective's update is built and encoded once per change however many pages show it
(:mod:`smallworld.web.updates`), and a page's updates are coalesced: one that reads slowly
gets the newest position, not every one in turn (:meth:`Connection.offer`).

The same sockets carry the table talk and the rematch offer (:meth:`LivePlay.tell`,
:meth:`LivePlay.tell_each`: :mod:`smallworld.web.tabletalk`, :mod:`smallworld.web.rematch`), and
with several server processes on one PostgreSQL database, their notes heard from the others
(:attr:`LivePlay.notes`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from smallworld.core import engine
from smallworld.core.errors import Refusal
from smallworld.core.names import N_
from smallworld.web.access import Access, perspective_of
from smallworld.web.games import UPDATE, Connection, GameHub, LiveGame
from smallworld.web.refusals import say
from smallworld.web.speech import speaking
from smallworld.web.storage import Store, StoreError, StoreStale, store_words
from smallworld.web.updates import update_text

log = logging.getLogger("smallworld.web")


class LivePlay:
    """Pushes and bot turns for the games of ``hub``; ``settings.bot_delay`` (seconds between
    bot actions shown to the pages, 0: at once) is read at each turn, so it may change."""

    def __init__(self, hub: GameHub, store: Store, settings: Any, *,
                 send_timeout: float = 10.0) -> None:
        self.hub = hub
        self.store = store
        self.settings = settings
        self.send_timeout = send_timeout
        #: what to do with the other server processes' notes that are not moves (``"<game id>
        #: <kind> <rest>"``): ``kind`` -> ``handler(game_id, rest)``, registered by the table
        #: talk (``talk``) and rematch (``rematch``) routes to push them to this process's pages
        self.notes: dict[str, Callable[[str, str], Awaitable[None]]] = {}

    async def broadcast(self, live: LiveGame) -> None:
        """Hand each open page of ``live`` what is new for its perspective (replacing an
        update its sender has not taken yet). Never waits for a page: one whose outbox is full
        is dropped. Call with the game's lock held."""
        over = live.game.state.is_over()
        for conn in list(live.sockets):
            acc = Access(live, conn.seat, conn.host, conn.lang)
            persp = perspective_of(acc)
            # a new perspective (hotseat) or the end of the game (every line becomes public)
            # resends the whole log
            since = conn.since(persp != conn.perspective or over)
            text, total = update_text(acc, since)
            if not conn.offer(text, since, total, persp):
                self.drop(live, conn, "too slow")

    def tell(self, live: LiveGame, data: dict[str, Any]) -> None:
        """Queue the same message (an error, a deletion) for every page of ``live``; an
        ``error`` that is a :class:`Refusal` is said in each page's language."""
        for conn in list(live.sockets):
            said = data
            if isinstance(data.get("error"), Refusal):
                with speaking(conn.lang):
                    said = {**data, "error": say(data["error"], None)}
            if not conn.push(said):
                self.drop(live, conn, "too slow")

    def tell_each(self, live: LiveGame, message: Callable[[Connection], dict[str, Any] | None]) -> None:
        """Queue ``message(conn)`` for each page ``conn`` of ``live`` (nothing where it gives
        None): a message that depends on who reads the page (a seat's own link)."""
        for conn in list(live.sockets):
            said = message(conn)
            if said is not None and not conn.push(said):
                self.drop(live, conn, "too slow")

    def drop(self, live: LiveGame, conn: Connection, why: str) -> None:
        """Forget page ``conn`` (its sender and reader stop; see :meth:`pump`)."""
        conn.dead.set()
        if conn in live.sockets:
            live.sockets.remove(conn)
            log.info("game %s: page dropped (%s)", live.id, why)

    async def pump(self, live: LiveGame, conn: Connection) -> None:
        """The sender of one page: writes its outbox in order, each send bounded by
        ``send_timeout`` seconds. A closed, failing or too slow page is dropped and closed."""
        try:
            while not conn.dead.is_set():
                data = await conn.outbox.get()
                if data is UPDATE:  # the newest update, taken only now (coalesced)
                    data = conn.take_update()
                    if data is None:
                        continue
                if isinstance(data, str):  # an update, encoded once for its perspective
                    await asyncio.wait_for(conn.ws.send_text(data), self.send_timeout)
                else:
                    await asyncio.wait_for(conn.ws.send_json(data), self.send_timeout)
                    if data.get("type") == "deleted":
                        break
                del data  # not kept while the page is idle (it may be a whole game's log)
        except (asyncio.CancelledError, Exception) as e:  # a page that went away
            log.debug("game %s: page sender stops (%s)", live.id, type(e).__name__)
        self.drop(live, conn, "closed")
        try:
            await asyncio.wait_for(conn.ws.close(code=1008), 1.0)
        except (asyncio.CancelledError, Exception) as e:  # already closed or stuck
            log.debug("game %s: page not closed cleanly (%s)", live.id, type(e).__name__)

    async def listen(self) -> None:
        """Several server processes on one PostgreSQL database: hear the moves the others
        store (``LISTEN smallworld_moves``) and push them to this process's pages. Runs until
        cancelled; reconnects after a lost connection."""
        import psycopg

        from smallworld.web.storage import CHANNEL

        while True:
            try:
                con = await psycopg.AsyncConnection.connect(self.store.dsn, autocommit=True)
                async with con:
                    await con.execute(f"LISTEN {CHANNEL}")
                    self.hub.listening_since(True)
                    async for note in con.notifies():
                        game_id, _, raw = note.payload.partition(" ")
                        kind, _, rest = raw.partition(" ")
                        if kind in self.notes:
                            await self._heard(kind, game_id, rest)
                            continue
                        try:
                            count = int(raw)
                        except ValueError:
                            continue
                        self.hub.hear(game_id, count)
                        live = self.hub.live.get(game_id)
                        if live is None or not live.sockets:
                            continue
                        async with live.lock:
                            if (count != live.undo.revision(live.game)
                                    and await self.hub.refresh(live)):
                                await self.broadcast(live)
            except asyncio.CancelledError:
                self.hub.listening_since(False)
                raise
            except Exception as e:  # the database restarting: try again
                self.hub.listening_since(False)
                log.warning("move notifications interrupted (%s); reconnecting", type(e).__name__)
                await asyncio.sleep(1.0)

    async def _heard(self, kind: str, game_id: str, rest: str) -> None:
        """Hand another process's note to its handler (:attr:`notes`); a handler that fails
        loses that note only (logged), never the notifications."""
        try:
            await self.notes[kind](game_id, rest)
        except Exception:
            log.exception("game %s: a %r notification could not be pushed", game_id, kind)

    async def run_bots(self, live: LiveGame) -> None:
        """Let bots play until a human must act. With no delay they play here and now (the
        caller holds the lock; thinking and saving in a worker thread); otherwise a background
        task plays one action at a time."""
        delay = self.settings.bot_delay
        if delay <= 0:
            # asked here first: a hand-off to a worker thread only when a bot is to move (one
            # per human action cost the event loop more than the question, issue #36 point 9)
            while live.bot_to_move() is not None and await asyncio.to_thread(live.bot_step, self.store):
                pass
            return
        if live.bot_to_move() is None:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.create_task(self._bot_loop(live, delay))

    async def after_change(self, live: LiveGame) -> None:
        """After an action: bots move if it is their turn, and the pages hear of it."""
        await self.run_bots(live)
        await self.broadcast(live)

    async def _bot_loop(self, live: LiveGame, delay: float) -> None:
        """Bots move one action at a time, ``delay`` apart (a third of it while they only
        place tokens), each move pushed to the pages."""
        while True:
            quick = live.game.state.phase in ("redeploy", "defend")
            await asyncio.sleep(delay / 3 if quick else delay)
            async with live.lock:
                if self.hub.live.get(live.id) is not live:
                    return
                try:
                    if not await self.hub.refresh(live):
                        return
                    p = live.bot_to_move()
                    if p is None:
                        return
                    s = live.game.state
                    bot = live.bot_for(p)
                    a = await asyncio.to_thread(bot.choose, s.copy(), p, engine.legal_actions(s))
                    await asyncio.to_thread(live.bot_apply, self.store, p, a)
                except StoreStale:  # another server process moved first: look again
                    self.hub.checked.discard(live.id)
                    continue
                except Exception as e:  # an engine or bot bug: stop, tell the pages
                    log.exception("bot failed in game %s", live.id)
                    why = store_words(e) if isinstance(e, StoreError) else Refusal(N_("the server's log has the details"))
                    self.tell(live, {"type": "error", "error": Refusal(N_("a bot's move failed: {why}"), why=why)})
                    return
                await self.broadcast(live)
