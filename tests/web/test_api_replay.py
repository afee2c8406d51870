"""The replay API (web/replayview.py): positions of a saved game as a spectator sees them
(RULES §15: no coins of a game in play), steps between moves, round starts, clear errors."""

from __future__ import annotations

from tests.web.conftest import act, new_game, state

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "bot", "bot": "random"}]


def test_replay_positions_steps_and_rounds(client):
    g = new_game(client, SEATS, seed=6)
    gid, tok = g["id"], g["host_token"]
    for _ in range(40):
        P = state(client, gid, tok)
        assert act(client, gid, tok, P["legal"][0]["text"]).status_code == 200
    total = state(client, gid, tok)["game"]["actions"]
    F = client.get(f"/api/games/{gid}/replay", params={"token": tok, "at": 0}).json()
    assert F["at"] == 0 and F["total"] == total and F["stops"][0] == 0 and F["stops"][-1] == total
    assert F["rounds"][0]["round"] == 1 and F["log"] == []
    last = client.get(f"/api/games/{gid}/replay", params={"token": tok}).json()
    assert last["at"] == total
    # a spectator's view: the game is in play, so nobody's coins are shown
    assert all(p["vc"] is None for p in last["view"]["players"])
    assert all(e["private"] is None for e in last["log"])
    mid = F["stops"][len(F["stops"]) // 2]
    M = client.get(f"/api/games/{gid}/replay", params={"token": tok, "at": mid, "log": "none"}).json()
    assert M["at"] == mid and M["log"] == []
    assert client.get(f"/api/games/{gid}/replay", params={"token": tok, "at": mid, "log": "all"}).json()["log"] == last["log"]


def test_replay_refuses_bad_positions(client):
    g = new_game(client, SEATS, seed=6)
    gid, tok = g["id"], g["host_token"]
    r = client.get(f"/api/games/{gid}/replay", params={"token": tok, "at": 10_000})
    assert r.status_code == 400 and "outside this game" in r.json()["error"]
    r = client.get(f"/api/games/{gid}/replay", params={"token": tok, "at": "x"})
    assert r.status_code == 400 and "number of moves" in r.json()["error"]
    r = client.get(f"/api/games/{gid}/replay", params={"token": tok, "log": "some"})
    assert r.status_code == 400
    assert client.get(f"/api/games/{gid}/replay", params={"token": "nope"}).status_code == 403
