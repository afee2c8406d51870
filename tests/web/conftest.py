"""Fixtures for the web app tests: an app on a temporary SQLite file, bots playing at once."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from smallworld.web.server import create_app


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db_path):
    with TestClient(create_app(db_path, bot_delay=0)) as c:
        yield c


def new_game(client, seats=None, seed=5, **extra):
    """Create a game; returns the creation answer (id, host_token, seat links)."""
    seats = seats or [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "bot", "bot": "random"},
                      {"name": "Cleo", "kind": "bot", "bot": "random"}]
    r = client.post("/api/games", json={"seats": seats, "seed": seed, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def seat_token(created, seat):
    link = created["seats"][seat]["link"]
    return link.split("token=")[1]


def state(client, game_id, token, seat=None):
    params = {"token": token} if seat is None else {"token": token, "seat": seat}
    r = client.get(f"/api/games/{game_id}/state", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def act(client, game_id, token, action, seat=None):
    body = {"action": action} if seat is None else {"action": action, "seat": seat}
    return client.post(f"/api/games/{game_id}/actions", json=body, headers={"X-Token": token})
