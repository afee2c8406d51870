"""Database work never blocks the event loop (issue #15 point 2): another program holding the
SQLite write lock delays only the writes that need it, which fail after a short wait with a
503 naming the cause; every other request is answered meanwhile."""

from __future__ import annotations

import sqlite3
import threading
import time

import httpx
import pytest

from smallworld.web.server import create_app
from tests.web.browser_kit import start_server
from tests.web.test_api import TWO_HUMANS


@pytest.fixture
def live_server(tmp_path):
    db = tmp_path / "games.sqlite3"
    # the lock wait, not the store deadline (5 s by default), is under test: under load the
    # deadline must not answer first
    url, srv, th = start_server(db, busy_timeout=3.0, store_deadline=15.0)
    yield str(url), url.app, db
    srv.should_exit = True
    th.join(timeout=10)


def test_a_held_write_lock_delays_only_the_write_and_answers_503(live_server):
    base, app, db = live_server
    with httpx.Client(base_url=base, timeout=60) as c:
        a = c.post("/api/games", json={"seats": TWO_HUMANS, "seed": 1}).json()
        b = c.post("/api/games", json={"seats": TWO_HUMANS, "seed": 2}).json()
        other = sqlite3.connect(db, timeout=0)
        other.execute("BEGIN IMMEDIATE")  # another program takes the write lock and keeps it
        try:
            answer = {}

            def write():
                answer["r"] = httpx.post(f"{base}/api/games/{a['id']}/actions", json={"action": "pick 0"},
                                         headers={"X-Token": a["host_token"]}, timeout=60)

            writer = threading.Thread(target=write)
            writer.start()
            lock = app.state.hub.live[a["id"]].lock
            while not lock.locked():  # the write is under way (waiting for the database)
                assert writer.is_alive()
                time.sleep(0.01)
            # meanwhile: another game's state, the lobby and the meta data are answered
            assert c.get(f"/api/games/{b['id']}/state", params={"token": b["host_token"]}).status_code == 200
            assert c.get("/api/games").status_code == 200
            assert c.get("/api/meta").status_code == 200
            assert writer.is_alive(), "the other requests were answered only after the write gave up"
            writer.join()
            r = answer["r"]
            assert r.status_code == 503
            assert r.json()["error"] == ("the action was not saved, so it was undone: could not save "
                                         "the action: the database is busy (another program is "
                                         "writing to it); try again in a moment")
        finally:
            other.rollback()
            other.close()
        # the game is as it was, and goes on once the lock is released
        p = c.get(f"/api/games/{a['id']}/state", params={"token": a["host_token"]}).json()
        assert p["view"]["phase"] == "pick"
        r = c.post(f"/api/games/{a['id']}/actions", json={"action": "pick 0"}, headers={"X-Token": a["host_token"]})
        assert r.status_code == 200, r.text


def test_the_live_game_table_is_bounded(tmp_path):
    """Idle games beyond the bound are forgotten (reloaded on use) — memory stays bounded
    however many games are touched (issue #15 point 6)."""
    from fastapi.testclient import TestClient

    app = create_app(tmp_path / "g.sqlite3", bot_delay=0)
    app.state.hub.max_live = 3
    with TestClient(app) as c:
        games = [c.post("/api/games", json={"seats": TWO_HUMANS, "seed": i}).json() for i in range(6)]
        assert len(app.state.hub.live) == 3
        for g in games:  # every game still answers, reloaded from the database
            r = c.get(f"/api/games/{g['id']}/state", params={"token": g["host_token"]})
            assert r.status_code == 200
        assert len(app.state.hub.live) == 3
        r = c.post(f"/api/games/{games[0]['id']}/actions", json={"action": "pick 0"},
                   headers={"X-Token": games[0]["host_token"]})
        assert r.status_code == 200
