"""A page that stops reading its WebSocket never freezes its game (issue #15, point 1).

Pushes go through each page's bounded outbox and sender task; a page that falls behind is
dropped, never the game.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
from types import SimpleNamespace
from urllib.parse import urlparse

import httpx

from smallworld.web.games import OUTBOX_SIZE, Connection
from smallworld.web.liveplay import LivePlay
from tests.web.test_api import TWO_HUMANS, choose


class NeverReads:
    """A WebSocket whose sends never complete (a page that stopped reading)."""

    def __init__(self) -> None:
        self.closed = False

    async def send_json(self, data):
        await asyncio.Event().wait()

    async def close(self, code=1000):
        await asyncio.Event().wait()


class Reads:
    def __init__(self) -> None:
        self.got = []

    async def send_json(self, data):
        self.got.append(data)

    async def close(self, code=1000):
        pass


def test_a_stuck_send_times_out_and_drops_only_that_page():
    async def main():
        live = SimpleNamespace(id="g", sockets=[])
        play = LivePlay(hub=None, store=None, settings=None, send_timeout=0.01)
        stuck, fine = Connection(NeverReads(), 0, False), Connection(Reads(), 1, False)
        live.sockets += [stuck, fine]
        tasks = [asyncio.create_task(play.pump(live, c)) for c in (stuck, fine)]
        for k in range(3):
            play.tell(live, {"type": "note", "k": k})
        await asyncio.wait_for(tasks[0], 5)  # the stuck page's sender gives up
        assert stuck.dead.is_set() and live.sockets == [fine]
        await asyncio.sleep(0)
        assert [m["k"] for m in fine.ws.got] == [0, 1, 2]
        tasks[1].cancel()

    asyncio.run(main())


def test_a_full_outbox_drops_the_page_without_waiting():
    async def main():
        live = SimpleNamespace(id="g", sockets=[])
        play = LivePlay(hub=None, store=None, settings=None)
        stuck = Connection(NeverReads(), 0, False)
        live.sockets.append(stuck)  # no sender at all: nothing is ever written
        for k in range(OUTBOX_SIZE + 1):
            play.tell(live, {"type": "note", "k": k})  # never blocks
        assert stuck.dead.is_set() and live.sockets == []

    asyncio.run(main())


def _silent_websocket(base: str, path: str) -> socket.socket:
    """Open a WebSocket with a tiny receive buffer and never read from it."""
    u = urlparse(base)
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    s.connect((u.hostname, u.port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: {u.netloc}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    return s


def test_a_page_that_stops_reading_does_not_freeze_the_game(server):
    """A hotseat page that never reads stays connected while the host plays 300 actions from
    another page; before, the game froze after a few hundred pushes (the timeout below only
    stops a hang: it is not a speed goal)."""
    with httpx.Client(base_url=server, timeout=60) as c:
        g = c.post("/api/games", json={"seats": TWO_HUMANS, "seed": 4}).json()
        gid, tok = g["id"], g["host_token"]
        silent = _silent_websocket(server, f"/ws/{gid}?token={tok}")
        try:
            p = c.get(f"/api/games/{gid}/state", params={"token": tok}).json()
            done = 0
            while done < 300 and not p["over"]:
                r = c.post(f"/api/games/{gid}/actions", json={"action": choose(p["legal"])},
                           headers={"X-Token": tok})
                assert r.status_code == 200, r.text
                p = r.json()
                done += 1
            assert done == 300 or p["over"]
        finally:
            silent.close()
