"""Memory across many games (issue #36 point 8): finished games no page shows are not kept in
memory (before: up to 256 of them, ~150 KB each with their state, record and log), so the
server's memory stays level however many games have been played; they are read again from the
database when asked for."""

from __future__ import annotations

import gc
import tracemalloc

from fastapi.testclient import TestClient

from smallworld.web.server import create_app

BOTS = [{"name": "A", "kind": "bot", "bot": "random"}, {"name": "B", "kind": "bot", "bot": "random"}]


def _finished_game(c):
    # bots play at once: the game is over when the creation answers; one seed, one board set
    # (the board drawings are cached per board set)
    r = c.post("/api/games", json={"seats": BOTS, "seed": 5})
    assert r.status_code == 201, r.text
    return r.json()


def test_finished_games_are_not_kept_in_memory(db_path):
    app = create_app(db_path, bot_delay=0)
    hub = app.state.hub
    with TestClient(app) as c:
        games = [_finished_game(c) for _ in range(hub.max_finished + 6)]
        assert len(hub.live) <= hub.max_finished + 1
        # a forgotten game still answers, read again from the database
        first = games[0]
        p = c.get(f"/api/games/{first['id']}/state", params={"token": first["host_token"]}).json()
        assert p["over"]


def test_memory_stays_level_over_many_finished_games(db_path):
    """tracemalloc: what 12 more finished games leave behind is a few KB each at most (before:
    ~86 KB each for these two-bot games, the games kept with their logs, until 256 of them)."""
    app = create_app(db_path, bot_delay=0)
    with TestClient(app) as c:
        for _ in range(3):  # caches warm (board drawing, rules tables, specs)
            _finished_game(c)
        gc.collect()
        tracemalloc.start(1)
        try:
            # enough games that every game kept in memory was made while tracing
            for _ in range(app.state.hub.max_finished + 3):
                _finished_game(c)
            gc.collect()
            after_few = tracemalloc.get_traced_memory()[0]
            for _ in range(12):
                _finished_game(c)
            gc.collect()
            after_many = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
    per_game = (after_many - after_few) / 12
    assert per_game < 10_000, f"{per_game / 1000:.0f} KB retained per finished game"


_CLIENT = """
import asyncio, sys, websockets
async def main():
    socks = []
    for url in sys.argv[1:]:
        ws = await websockets.connect(url, max_size=None)  # offers per-message deflate
        await ws.recv()
        socks.append(ws)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    for ws in socks:
        await ws.close()
asyncio.run(main())
"""


def test_an_idle_page_costs_the_server_little_memory(db_path):
    """Served as ``smallworld serve`` serves (its uvicorn options): each open page that only
    waits costs the server ~45 KB traced (before: ~320 KB, mostly a zlib compressor for
    per-message deflate kept for the page's whole life, and the last payload sent; 1,000 idle
    pages grew the server by ~270 MB). The pages are opened by another process, so only the
    server's memory is traced here."""
    import subprocess
    import sys
    import threading
    import time

    import pytest
    import uvicorn

    from smallworld.cli.serve_cmd import UVICORN_OPTIONS
    from tests.web.browser_kit import free_port

    pytest.importorskip("websockets")
    app = create_app(db_path, bot_delay=0)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), **UVICORN_OPTIONS))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    while not srv.started:
        assert th.is_alive()
        time.sleep(0.05)
    base = f"127.0.0.1:{srv.config.port}"
    try:
        import httpx

        games = [httpx.post(f"http://{base}/api/games", timeout=30,
                            json={"seats": [{"name": "A"}, {"name": "B"}]}).json() for _ in range(4)]
        urls = [f"ws://{base}/ws/{g['id']}?token={g['host_token']}" for g in games]

        def open_pages(n):
            proc = subprocess.Popen([sys.executable, "-c", _CLIENT, *(urls * n)[:n]],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert proc.stdout.readline().strip() == "ready"
            return proc

        warm = open_pages(2)
        warm.communicate("", timeout=30)
        gc.collect()
        tracemalloc.start(1)
        try:
            before = tracemalloc.get_traced_memory()[0]
            pages = open_pages(40)
            time.sleep(0.5)
            gc.collect()
            per_page = (tracemalloc.get_traced_memory()[0] - before) / 40
            pages.communicate("", timeout=30)
        finally:
            tracemalloc.stop()
    finally:
        srv.should_exit = True
        th.join(timeout=10)
    assert per_page < 60_000, f"{per_page / 1000:.0f} KB per idle page"
