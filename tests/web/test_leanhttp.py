"""The load generator's HTTP client (``benchmarks/leanhttp.py``) reads the server's answers as
httpx does: JSON bodies (gzipped ones too), statuses, several requests on one kept-alive
connection, and a clear error when the server has gone (its next request reconnects).

The server is a separate ``smallworld serve`` process (``tests/web/serve_kit.py``): one for the
module, and one of its own for the test that kills it; both are killed at the end whatever
happens."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.serve_kit import Served, served

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from leanhttp import LeanConnection  # a benchmark's module, not a package

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]


@pytest.fixture(scope="module")
def lean_server(tmp_path_factory) -> Iterator[Served]:
    """The module's server process, started once."""
    with served(tmp_path_factory.mktemp("leanhttp") / "games.sqlite3") as s:
        yield s


@pytest.fixture
def own_server(tmp_path) -> Iterator[Served]:
    """A server process for one test, which may kill it and start it again."""
    with served(tmp_path / "games.sqlite3") as s:
        yield s


def test_answers_match_httpx_on_one_kept_alive_connection(lean_server):
    base = lean_server.base

    async def run() -> None:
        conn = LeanConnection(base)
        try:
            created = await conn.request("POST", "/api/games", {"seats": SEATS})
            assert created.status_code == 201
            g = created.json()
            token = {"X-Token": g["host_token"]}
            first = conn._streams
            state = await conn.request("GET", f"/api/games/{g['id']}/state", None, token)
            assert conn._streams is first  # the same connection, kept alive
            assert state.headers.get("content-encoding") == "gzip"  # asked as a browser asks
            want = httpx.get(f"{base}/api/games/{g['id']}/state", headers=token, timeout=10).json()
            assert state.json() == want
            moved = await conn.request("POST", f"/api/games/{g['id']}/actions",
                                       {"action": want["legal"][0]["text"], "since": want["log_total"]}, token)
            assert moved.status_code == 200 and moved.json()["game"]["actions"] > want["game"]["actions"]
            refused = await conn.request("POST", f"/api/games/{g['id']}/actions", {"action": 5}, token)
            assert refused.status_code == 422
            assert refused.json()["error"] == "bad request: action: Input should be a valid string"
            missing = await conn.request("GET", "/api/games/nope/state", None, token)
            assert missing.status_code == 404
        finally:
            await conn.close()

    asyncio.run(run())


def test_a_server_gone_is_an_oserror_and_the_next_request_reconnects(own_server):
    async def run() -> None:
        conn = LeanConnection(own_server.base, timeout=10)
        try:
            assert (await conn.request("GET", "/api/meta")).status_code == 200
            own_server.kill()
            try:
                await conn.request("GET", "/api/meta")
            except OSError:
                pass
            else:
                raise AssertionError("a request to a killed server answered")
            assert conn._streams is None  # dropped: the next request opens a new connection
            own_server.start()  # the same port and database
            assert (await conn.request("GET", "/api/meta")).status_code == 200
        finally:
            await conn.close()

    asyncio.run(run())
