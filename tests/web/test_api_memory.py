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
