"""The action route is served as a plain Starlette route (issue #36 point 9: FastAPI's
dependency and validation machinery was a fifth of the server's CPU per action): its body is
checked by :func:`routes_play.action_body` as FastAPI checked ``ActionIn``, bad bodies get the
same clear 422 errors, and the app matches it before every other route."""

from __future__ import annotations

import pytest
from starlette.routing import Route

from smallworld.web import routes_play
from smallworld.web.access import ApiError
from smallworld.web.routes_play import ActionIn, action_body
from tests.web.conftest import new_game, state
from tests.web.test_api import TWO_HUMANS


@pytest.mark.parametrize(("raw", "expected"), [
    (b'{"action": "pick 0"}', ActionIn(action="pick 0")),
    (b'{"action": "end", "seat": 1, "expect": 7, "since": 3}',
     ActionIn(action="end", seat=1, expect=7, since=3)),
    # pydantic's lax numbers, as FastAPI took them: "1" and 1.0 are seat 1; null is no value
    (b'{"action": "end", "seat": "1", "since": 2.0, "expect": null}', ActionIn(action="end", seat=1, since=2)),
    (b'{"action": "end", "other": 5}', ActionIn(action="end")),  # unknown fields ignored
])
def test_good_bodies_read_as_fastapi_read_them(raw, expected):
    assert action_body(raw) == expected


@pytest.mark.parametrize(("raw", "error"), [
    (b"", "bad request: body: Field required"),
    (b"{}", "bad request: action: Field required"),
    (b"pick 0", "bad request: the body is not JSON that can be read"),
    (b"\xff\xfe", "bad request: the body is not JSON that can be read"),
    (b'{"action": 5}', "bad request: action: Input should be a valid string"),
    (b'{"action": "end", "seat": "first"}',
     "bad request: seat: Input should be a valid integer, unable to parse string as an integer"),
    (b'{"action": "end", "seat": 1.5}',
     "bad request: seat: Input should be a valid integer, got a number with a fractional part"),
    (b'{"action": "' + b"x" * 201 + b'"}', "bad request: action: String should have at most 200 characters"),
    (b"[1]", "bad request: body: Input should be an object"),
    (b'{"seat": "x"}', "bad request: action: Field required; seat: Input should be a valid integer, "
                       "unable to parse string as an integer"),
])
def test_bad_bodies_are_refused_naming_the_field(raw, error):
    with pytest.raises(ApiError) as e:
        action_body(raw)
    assert (e.value.status, e.value.message) == (422, error)


def test_the_app_answers_a_bad_body_with_that_error(client):
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/actions", content=b'{"action": "pick 0", "seat": "first"}',
                    headers={"X-Token": g["host_token"], "Content-Type": "application/json"})
    assert r.status_code == 422
    assert r.json() == {"error": "bad request: seat: Input should be a valid integer, unable to parse "
                                 "string as an integer"}


def test_the_plain_route_is_matched_first_and_plays(client, monkeypatch):
    first = client.app.router.routes[0]
    assert isinstance(first, Route) and first.path == "/api/games/{game_id}/actions"
    assert first.endpoint is routes_play.api_act_plain
    served: list[str] = []
    real = routes_play._act

    async def spy(game_id, body, request, ctx):
        served.append(game_id)
        return await real(game_id, body, request, ctx)

    monkeypatch.setattr(routes_play, "_act", spy)
    g = new_game(client, seats=TWO_HUMANS)
    r = client.post(f"/api/games/{g['id']}/actions", json={"action": "pick 0"},
                    headers={"X-Token": g["host_token"]})
    assert r.status_code == 200, r.text
    assert served == [g["id"]]
    assert state(client, g["id"], g["host_token"])["game"]["actions"] == r.json()["game"]["actions"] > 0
