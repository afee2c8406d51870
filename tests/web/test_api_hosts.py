"""Who may reach the server (issue #15 points 2-3, browser issue #14 point 5): trusted host
names against DNS rebinding, other sites' origins, lobby privacy, body limits, seat links
that others can open."""

from __future__ import annotations

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from smallworld.web.server import create_app
from tests.web.conftest import new_game, seat_token
from tests.web.test_api import TWO_HUMANS

LAN = "192.168.1.5"  # the address the server printed for others
LOCAL = ("127.0.0.1", 50123)
NEIGHBOUR = ("192.168.1.77", 50123)


@pytest.fixture
def app(db_path):
    return create_app(db_path, bot_delay=0, hosts=[LAN])


def _client(app, peer, host):
    return TestClient(app, base_url=f"http://{host}", client=peer)


def test_a_foreign_host_name_reads_nothing_dns_rebinding(app):
    """A page on attacker.example re-pointed at 127.0.0.1 sends ``Host: attacker.example``:
    refused, no game and no token in the answer."""
    with _client(app, LOCAL, "127.0.0.1:8765") as c:
        g = new_game(c, seats=TWO_HUMANS)
    with _client(app, LOCAL, "attacker.example:8765") as evil:
        for path in ("/api/games", f"/api/games/{g['id']}/state?token={g['host_token']}", "/"):
            r = evil.get(path)
            assert r.status_code == 421, path
            assert "does not answer to the name 'attacker.example'" in r.json()["error"]
            assert g["host_token"] not in r.text
        r = evil.post("/api/games", json={"seats": TWO_HUMANS})
        assert r.status_code == 421
        with pytest.raises(WebSocketDisconnect), \
                evil.websocket_connect(f"ws://attacker.example/ws/{g['id']}?token={g['host_token']}") as ws:
            ws.receive_json()


def test_dns_rebinding_on_a_real_server(server):
    r = httpx.get(f"{server}/api/games", headers={"Host": "attacker.example"}, timeout=10)
    assert r.status_code == 421 and "token" not in r.text


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "localhost",
                                  f"{LAN}:8765", "127.0.0.2"])
def test_the_servers_own_names_are_trusted(app, host):
    with _client(app, LOCAL, host) as c:
        assert c.get("/api/meta").status_code == 200


def test_other_sites_origins_are_refused(app):
    with _client(app, LOCAL, "127.0.0.1:8765") as c:
        r = c.post("/api/games", json={"seats": TWO_HUMANS}, headers={"Origin": "http://evil.example"})
        assert r.status_code == 403 and "other web sites" in r.json()["error"]
        r = c.post("/api/games", json={"seats": TWO_HUMANS}, headers={"Origin": "http://127.0.0.1:8765"})
        assert r.status_code == 201


# ---- the lobby and who may create games ------------------------------------------------------


def test_the_lobby_shows_others_only_their_games_and_public_ones(app):
    with _client(app, LOCAL, "127.0.0.1:8765") as host:
        g1 = new_game(host, seats=TWO_HUMANS)
        g2 = new_game(host, seats=TWO_HUMANS)
        g3 = new_game(host, seats=TWO_HUMANS)
        assert len(host.get("/api/games").json()["games"]) == 3  # the owner's machine sees all
        r = host.patch(f"/api/games/{g3['id']}", json={"public": True}, headers={"X-Token": g3["host_token"]})
        assert r.status_code == 200
        r = host.patch(f"/api/games/{g2['id']}", json={"public": True}, headers={"X-Token": seat_token(g2, 0)})
        assert r.status_code == 403
    with _client(app, NEIGHBOUR, f"{LAN}:8765") as bob:
        lobby = bob.get("/api/games").json()
        assert lobby["local"] is False
        assert [g["id"] for g in lobby["games"]] == [g3["id"]]  # only the public game
        assert lobby["games"][0]["link"] is None
        bob_token = seat_token(g1, 1)
        lobby = bob.get("/api/games", headers={"X-Tokens": f"nonsense,{bob_token}"}).json()
        ids = {g["id"]: g for g in lobby["games"]}
        assert set(ids) == {g1["id"], g3["id"]}
        assert ids[g1["id"]]["link"] == f"/play/{g1['id']}?seat=1&token={bob_token}"
        for g in (g1, g2, g3):
            assert g["host_token"] not in str(lobby)


def test_only_the_servers_machine_starts_or_imports_games(app):
    with _client(app, NEIGHBOUR, f"{LAN}:8765") as bob:
        r = bob.post("/api/games", json={"seats": TWO_HUMANS})
        assert r.status_code == 403 and "computer running the server" in r.json()["error"]
        r = bob.post("/api/games/import", content=b"{}", headers={"Content-Type": "application/json"})
        assert r.status_code == 403
    with _client(app, (LAN, 50123), f"{LAN}:8765") as own_lan_address:
        assert own_lan_address.post("/api/games", json={"seats": TWO_HUMANS}).status_code == 201


# ---- body limits --------------------------------------------------------------------------------


def test_a_huge_body_is_refused_before_it_is_read(app):
    """A 50 MB seat list: 413 from its Content-Length (before: 16 s and 3.5 GB, then 400)."""
    with _client(app, LOCAL, "127.0.0.1") as c:
        big = b'{"seats": [' + b'{"name": "x"},' * 3_500_000 + b'{"name": "y"}]}'
        r = c.post("/api/games", content=big, headers={"Content-Type": "application/json"})
        assert r.status_code == 413 and "too large" in r.json()["error"]


def test_a_streamed_body_is_cut_off_at_the_limit(app):
    """No Content-Length (chunked): the bytes are counted as they arrive."""
    def chunks():
        yield b'{"seats": ['
        for _ in range(20_000):
            yield b'{"name": "x"},'
        yield b'{"name": "y"}]}'

    with _client(app, LOCAL, "127.0.0.1") as c:
        r = c.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
        assert r.status_code == 413
        r = c.post("/api/games/import", content=(b"x" * 100_000 for _ in range(60)),
                   headers={"Content-Type": "application/json"})
        assert r.status_code == 413 and "5000000" in r.json()["error"]


# ---- seat links others can open (#14 point 5) ----------------------------------------------------


def test_seat_links_use_the_address_the_host_reached(app):
    with _client(app, LOCAL, f"{LAN}:8765") as c:
        g = new_game(c, seats=TWO_HUMANS)
        assert g["seats"][1]["url"] == f"http://{LAN}:8765" + g["seats"][1]["link"]


def test_seat_links_from_a_loopback_page_use_the_printed_address(app):
    with _client(app, LOCAL, "127.0.0.1:8765") as c:
        g = new_game(c, seats=TWO_HUMANS)
        assert g["seats"][0]["url"] == f"http://{LAN}:8765" + g["seats"][0]["link"]
        links = c.get(f"/api/games/{g['id']}/links", headers={"X-Token": g["host_token"]}).json()
        assert links["seats"][1]["url"].startswith(f"http://{LAN}:8765/play/")


def test_a_loopback_only_server_keeps_loopback_links(db_path):
    with TestClient(create_app(db_path, bot_delay=0), base_url="http://127.0.0.1:8765", client=LOCAL) as c:
        g = new_game(c, seats=TWO_HUMANS)
        assert g["seats"][0]["url"].startswith("http://127.0.0.1:8765/play/")


# ---- malformed Host headers (issue #36 point 6) ---------------------------------------------------


def _raw(server, head: str) -> tuple[int, str]:
    """Send ``head`` (request line and headers) to the live server as it is; the status and
    the body of the answer."""
    import socket
    from urllib.parse import urlsplit

    u = urlsplit(server)
    with socket.create_connection((u.hostname, u.port), timeout=10) as s:
        s.sendall(head.replace("\n", "\r\n").encode() + b"\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data.split(b"\r\n\r\n", 1)[1].decode("latin-1")


def test_two_host_headers_are_refused(server):
    """Before: the last one won (and a proxy may have checked the first)."""
    port = server.rsplit(":", 1)[1]
    for first, second in ((f"127.0.0.1:{port}", "attacker.example"),
                          ("attacker.example", f"127.0.0.1:{port}"),
                          (f"127.0.0.1:{port}", f"127.0.0.1:{port}")):
        status, body = _raw(server, f"GET /api/games HTTP/1.1\nHost: {first}\nHost: {second}\n"
                                    "Connection: close\n")
        assert status == 400 and "more than one Host" in body and "token" not in body


@pytest.mark.parametrize("bad", ["127.0.0.1:{port}@attacker.example", "127.0.0.1@attacker.example",
                                 "127.0.0.1:{port}/x", "127.0.0.1 attacker.example",
                                 "127.0.0.1:{port}:80"])
def test_a_host_header_that_is_not_a_name_and_port_is_refused(server, bad):
    """``127.0.0.1:PORT@attacker.example`` was read as 127.0.0.1 and trusted."""
    port = server.rsplit(":", 1)[1]
    status, body = _raw(server, f"GET /api/games HTTP/1.1\nHost: {bad.format(port=port)}\n"
                                "Connection: close\n")
    assert status == 400 and "Host header" in body and "token" not in body
    # and a plain one is served
    status, _ = _raw(server, f"GET /api/meta HTTP/1.1\nHost: 127.0.0.1:{port}\nConnection: close\n")
    assert status == 200
