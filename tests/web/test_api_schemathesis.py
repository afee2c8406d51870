"""Schema-driven fuzzing of the whole JSON API with schemathesis (issue #15): every route,
with generated bodies, parameters and tokens (random ones, and a real game's), answers
without a server error. Bounded: a fixed number of examples per route."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from smallworld.web.server import create_app

EXAMPLES = 15


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app(tmp_path_factory.mktemp("fuzz") / "games.sqlite3", bot_delay=0)


@pytest.fixture(scope="module")
def game(app):
    with TestClient(app) as c:
        seats = [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]
        return c.post("/api/games", json={"seats": seats, "seed": 3}).json()


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture(scope="module")
def api_schema(app):
    return schemathesis.openapi.from_asgi("/openapi.json", app)


def _no_server_error(response):
    assert response.status_code < 500, f"{response.status_code}: {response.text[:300]}"


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_fuzzed_requests_never_get_a_server_error(case):
    _no_server_error(case.call())


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_fuzzed_requests_with_a_real_games_tokens_never_get_a_server_error(case, game):
    if case.path_parameters and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = game["id"]
    if case.method.upper() == "DELETE":
        return  # deleting the shared game would leave the other cases nothing to reach
    case.headers = {**(case.headers or {}), "X-Token": game["host_token"]}
    _no_server_error(case.call())
