"""A game in play on the server: bots taking their turns and every change pushed to the pages.

Bots think in a worker thread on a copy of the state, one action at a time, so a slow bot never
blocks the server; each action is stored (:class:`smallworld.web.storage.Store`) before it is
pushed to the WebSockets of the game's pages.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from smallworld.web.access import Access, payload_for, perspective_of
from smallworld.web.games import GameHub, LiveGame
from smallworld.web.storage import Store

log = logging.getLogger("smallworld.web")


class LivePlay:
    """Pushes and bot turns for the games of ``hub``; ``settings.bot_delay`` (seconds between
    bot actions shown to the pages, 0: at once) is read at each turn, so it may change."""

    def __init__(self, hub: GameHub, store: Store, settings: Any) -> None:
        self.hub = hub
        self.store = store
        self.settings = settings

    async def broadcast(self, live: LiveGame) -> None:
        """Send each open page of ``live`` what is new for its perspective."""
        dead = []
        for conn in list(live.sockets):
            acc = Access(live, conn.seat, conn.host)
            persp = perspective_of(acc)
            # a new perspective (hotseat) or the end of the game (every line becomes public)
            # resends the whole log
            fresh = persp != conn.perspective or live.game.state.is_over()
            since = 0 if fresh else conn.log_sent
            try:
                data = payload_for(acc, since)
                await conn.ws.send_json(data)
                conn.log_sent = data["log_total"]
                conn.perspective = persp
            except Exception:  # a closed page
                dead.append(conn)
        for conn in dead:
            if conn in live.sockets:
                live.sockets.remove(conn)

    async def run_bots(self, live: LiveGame) -> None:
        """Let bots play until a human must act. With no delay they play here and now (the
        caller holds the lock); otherwise a background task plays one action at a time."""
        delay = self.settings.bot_delay
        if delay <= 0:
            while live.bot_step(self.store):
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
                    p = live.bot_to_move()
                    if p is None:
                        return
                    s = live.game.state
                    bot = live.bot_for(p)
                    a = await asyncio.to_thread(bot.choose, s.copy(), p, s.legal_actions())
                    live.bot_apply(self.store, p, a)
                except Exception as e:  # an engine or bot bug: stop, tell the pages
                    log.exception("bot failed in game %s", live.id)
                    for conn in list(live.sockets):
                        try:
                            await conn.ws.send_json({"type": "error", "error": f"a bot failed: {e}"})
                        except Exception:
                            pass
                    return
                await self.broadcast(live)
