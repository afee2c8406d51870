"""A WebSocket frame the server does not read (issue #36 point 7): a binary frame is answered
with an error message at once (before: nothing at all), and the socket keeps its game, as does
every other page of the game."""

from __future__ import annotations

from tests.web.conftest import act, new_game, seat_token
from tests.web.test_api import TWO_HUMANS


def test_a_binary_frame_is_answered_and_the_game_goes_on(client):
    g = new_game(client, seats=TWO_HUMANS)
    gid = g["id"]
    anna, bob = seat_token(g, 0), seat_token(g, 1)
    with client.websocket_connect(f"/ws/{gid}?seat=0&token={anna}") as ws_a, \
            client.websocket_connect(f"/ws/{gid}?seat=1&token={bob}") as ws_b:
        assert ws_a.receive_json()["type"] == "update"
        assert ws_b.receive_json()["type"] == "update"
        ws_b.send_bytes(b"\x00\x01binary")
        ws_b.send_text("ping")
        # the binary frame is answered first (before: only the pong came)
        err = ws_b.receive_json()
        assert err["type"] == "error" and "binary" in err["error"]
        assert ws_b.receive_json() == {"type": "pong"}
        # both sockets still serve the game: Anna's move reaches them
        r = act(client, gid, anna, "pick 0")
        assert r.status_code == 200, r.text
        for ws in (ws_a, ws_b):
            msg = ws.receive_json()
            assert msg["type"] == "update" and msg["game"]["actions"] == r.json()["game"]["actions"]
        ws_a.send_text("ping")
        assert ws_a.receive_json() == {"type": "pong"}
