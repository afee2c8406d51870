"""Table talk (issue 35 point 11) through the API: the seats talk in plain text with length and
rate limits; the talk is kept with the game but never in its record; nobody can change or delete
a message; spectators read it only when the host allows."""

from __future__ import annotations

from smallworld.web.tabletalk import MAX_TEXT, RATE_COUNT
from tests.web.conftest import new_game, seat_token

TWO = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "human"}]


def _say(client, gid, token, text, **extra):
    return client.post(f"/api/games/{gid}/chat", json={"text": text, **extra}, headers={"X-Token": token})


def test_seats_talk_in_plain_text_kept_with_the_game_not_in_its_record(client):
    g = new_game(client, seats=TWO)
    gid, anna, bruno = g["id"], seat_token(g, 0), seat_token(g, 1)
    r = _say(client, gid, anna, "  <script>alert('x')</script>\n  good   luck\u0007 ")
    assert r.status_code == 201, r.text
    assert r.json()["message"]["text"] == "<script>alert('x')</script> good luck"  # text, as typed
    assert _say(client, gid, bruno, "thanks").status_code == 201
    talk = client.get(f"/api/games/{gid}/chat", params={"token": bruno}).json()
    assert [(m["n"], m["seat"], m["name"], m["text"]) for m in talk["messages"]] == [
        (0, 0, "Anna", "<script>alert('x')</script> good luck"), (1, 1, "Bruno", "thanks")]
    assert talk["spectators"] is False
    later = client.get(f"/api/games/{gid}/chat", params={"token": anna, "since": 1}).json()
    assert [m["text"] for m in later["messages"]] == ["thanks"]
    # the hotseat host speaks for the seat to play
    assert _say(client, gid, g["host_token"], "hi").json()["message"]["seat"] == 0
    # kept with the game, never in its record (replays and their verification never see it)
    record = client.get(f"/api/games/{gid}/record", params={"token": g["host_token"]}).text
    assert "good luck" not in record and "thanks" not in record
    # no way to change or delete a message
    for method in ("PUT", "PATCH", "DELETE"):
        for path in (f"/api/games/{gid}/chat", f"/api/games/{gid}/chat/0"):
            r = client.request(method, path, json={"text": "edited"}, headers={"X-Token": anna})
            assert r.status_code in (404, 405), (method, path, r.status_code)
    assert [m["text"] for m in client.get(f"/api/games/{gid}/chat", params={"token": anna}).json()["messages"]][:2] == [
        "<script>alert('x')</script> good luck", "thanks"]
    assert client.get(f"/api/games/{gid}/chat", params={"token": "nope"}).status_code == 403


def test_length_and_rate_limits(client):
    g = new_game(client, seats=TWO)
    gid, anna = g["id"], seat_token(g, 0)
    assert _say(client, gid, anna, "   ").status_code == 400
    long = _say(client, gid, anna, "x" * (MAX_TEXT + 1))
    assert long.status_code == 400 and str(MAX_TEXT) in long.json()["error"]
    assert _say(client, gid, anna, "x" * MAX_TEXT).status_code == 201
    codes = [_say(client, gid, anna, f"m{i}").status_code for i in range(RATE_COUNT)]
    assert codes == [201] * (RATE_COUNT - 1) + [429]
    # another seat is not slowed by Anna
    assert _say(client, gid, seat_token(g, 1), "me too").status_code == 201


def test_spectators_read_only_when_the_host_allows(client):
    g = new_game(client, seats=TWO, watch="live")
    gid, anna = g["id"], seat_token(g, 0)
    _say(client, gid, anna, "hello table")
    link = client.get(f"/api/games/{gid}/watch/setting", params={"token": g["host_token"]}).json()["link"]
    key = link.split("watch=")[1]
    assert client.get(f"/api/games/{gid}/watch/chat", params={"watch": key}).status_code == 403
    assert client.put(f"/api/games/{gid}/chat/setting", json={"spectators": True},
                      headers={"X-Token": anna}).status_code == 403  # a seat is not the host
    assert client.put(f"/api/games/{gid}/chat/setting", json={"spectators": True},
                      headers={"X-Token": g["host_token"]}).status_code == 200
    seen = client.get(f"/api/games/{gid}/watch/chat", params={"watch": key})
    assert seen.status_code == 200 and [m["text"] for m in seen.json()["messages"]] == ["hello table"]
    assert client.get(f"/api/games/{gid}/watch/chat", params={"watch": "wrong"}).status_code == 404
    # read-only: the watch key speaks for nobody
    assert client.post(f"/api/games/{gid}/chat", json={"text": "hi"}, headers={"X-Token": key}).status_code == 403
