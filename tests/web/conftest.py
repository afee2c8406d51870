"""Fixtures for the web app tests: an app on a temporary SQLite file, bots playing at once; for
the browser tests a live server (``server``), headless Chromium and a page (see browser_kit.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from smallworld.web.server import create_app


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A live server in a thread, ``http://127.0.0.1:PORT`` (``.app``: the app); bots play
    without delay."""
    from tests.web.browser_kit import start_server

    url, srv, th = start_server(tmp_path_factory.mktemp("web") / "games.sqlite3")
    yield url
    srv.should_exit = True
    th.join(timeout=10)


@pytest.fixture(scope="module")
def chromium():
    from tests.web.browser_kit import ARGS, CHROMIUM, require_browser

    sync_api = require_browser()
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page_(chromium):
    """A 1440x900 page; ``page_.errors`` collects page errors and console errors."""
    ctx = chromium.new_context(viewport={"width": 1440, "height": 900})
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    yield pg
    ctx.close()


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


def finished_record(seed=8, players=3):
    """The JSON record of a finished game of ``players`` (Anna, Bruno, Chen) played by random
    choices from ``seed`` (to import, replay or watch)."""
    import random

    from smallworld.core.game import Game

    g = Game.new(players, seed=seed, seats=["Anna", "Bruno", "Chen"][:players])
    g.settle()
    rng = random.Random(seed)
    while not g.state.is_over():
        g.apply(rng.choice(g.legal_actions()))
        g.settle()
    return g.record.to_json()


def every_route(app):
    """Every HTTP route of the app as ``(methods, path)``, the included routers' too (FastAPI
    keeps an included router as one lazy entry of ``app.routes``; the app includes its routers
    without a prefix), pages and routes left out of the OpenAPI document included."""
    from fastapi.routing import APIRoute

    def walk(routes):
        for r in routes:
            if isinstance(r, APIRoute):
                yield set(r.methods), r.path
            elif hasattr(r, "original_router"):
                yield from walk(r.original_router.routes)

    return list(walk(app.routes))
