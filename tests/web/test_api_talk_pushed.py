"""The table talk and the rematch are pushed on the game's WebSocket (as the game's updates
are), so another seat's page hears them at once instead of at its next poll (before: each page
asked ``GET .../chat`` every 3 s and ``GET .../rematch`` every 4 s, and the socket carried
neither). Each page is told what it may read: its own link in the rematch; spectators (the
watch link) have no socket here and read the talk only when the host allows it."""

from __future__ import annotations

from contextlib import ExitStack

from tests.web.conftest import finished_record, new_game, seat_token
from tests.web.test_api import TWO_HUMANS


def _after(ws):
    """The messages pushed to ``ws`` before now (then a ``ping``'s ``pong``: the outbox is in
    order), updates left out."""
    ws.send_text("ping")
    got = []
    while (msg := ws.receive_json())["type"] != "pong":
        if msg["type"] != "update":
            got.append(msg)
    return got


def test_a_message_said_is_pushed_to_every_page_of_the_game(client):
    g = new_game(client, seats=TWO_HUMANS)
    gid = g["id"]
    anna, bruno = seat_token(g, 0), seat_token(g, 1)
    with ExitStack() as stack:
        pages = [stack.enter_context(client.websocket_connect(url)) for url in
                 (f"/ws/{gid}?seat=0&token={anna}", f"/ws/{gid}?seat=1&token={bruno}",
                  f"/ws/{gid}?token={g['host_token']}")]
        for ws in pages:
            assert ws.receive_json()["type"] == "update"
        r = client.post(f"/api/games/{gid}/chat", json={"text": "  good   luck "}, headers={"X-Token": anna})
        assert r.status_code == 201, r.text
        said = r.json()["message"]
        assert said["text"] == "good luck" and said["seat"] == 0 and said["n"] == 0
        for ws in pages:  # Bruno's page, the host's, and Anna's own other pages
            assert _after(ws) == [{"type": "talk", "message": said}]
        # a refused message (empty) is pushed to nobody
        assert client.post(f"/api/games/{gid}/chat", json={"text": " "}, headers={"X-Token": bruno}).status_code == 400
        assert _after(pages[0]) == []


def test_the_rematch_is_pushed_to_each_page_with_its_own_link(client):
    done = client.post("/api/games/import", json={"record": finished_record(players=3), "bots": {"2": "random"}})
    assert done.status_code == 201, done.text
    old = done.json()
    gid, anna, bruno = old["id"], seat_token(old, 0), seat_token(old, 1)
    with client.websocket_connect(f"/ws/{gid}?seat=0&token={anna}") as ws_anna, \
            client.websocket_connect(f"/ws/{gid}?token={old['host_token']}") as ws_host:
        for ws in (ws_anna, ws_host):
            assert ws.receive_json()["type"] == "update"
        r = client.post(f"/api/games/{gid}/rematch", json={}, headers={"X-Token": bruno})
        assert r.status_code == 201, r.text
        new_id = r.json()["id"]
        # Anna's page is told her own seat's link (seats rotated: Bruno, Chen, Anna), the host
        # page the hotseat link: what GET .../rematch answers each
        assert _after(ws_anna) == [{"type": "rematch", "id": new_id, "link": f"/play/{new_id}?seat=2&token={anna}"}]
        host_link = client.get(f"/api/games/{gid}/rematch", params={"token": old["host_token"]}).json()["link"]
        assert _after(ws_host) == [{"type": "rematch", "id": new_id, "link": host_link}]
        # asked again, the same rematch: nothing new is pushed
        assert client.post(f"/api/games/{gid}/rematch", json={}, headers={"X-Token": anna}).status_code == 200
        assert _after(ws_anna) == []
