"""A server killed mid-game (SIGKILL, no shutdown) resumes with no acknowledged action lost."""

from __future__ import annotations

import signal

import httpx

from tests.web.serve_kit import free_port, serve
from tests.web.test_api import choose


def test_killed_server_loses_no_acknowledged_action(tmp_path):
    db = tmp_path / "games.sqlite3"
    proc, base = serve(db, free_port())
    try:
        seats = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"},
                 {"name": "Cleo", "kind": "bot", "bot": "random"}]
        g = httpx.post(f"{base}/api/games", json={"seats": seats, "seed": 12}, timeout=10).json()
        gid, token = g["id"], g["host_token"]
        p = httpx.get(f"{base}/api/games/{gid}/state", params={"token": token}, timeout=10).json()
        for _ in range(25):
            r = httpx.post(f"{base}/api/games/{gid}/actions", json={"action": choose(p["legal"])},
                           headers={"X-Token": token}, timeout=10)
            assert r.status_code == 200, r.text
            p = r.json()
        acknowledged = httpx.get(f"{base}/api/games/{gid}/record", headers={"X-Token": token},
                                 timeout=10).json()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    proc, base = serve(db, free_port())
    try:
        again = httpx.get(f"{base}/api/games/{gid}/record", headers={"X-Token": token}, timeout=10).json()
        assert again["actions"] == acknowledged["actions"]
        p2 = httpx.get(f"{base}/api/games/{gid}/state", params={"token": token}, timeout=10).json()
        assert p2["view"] == p["view"]
        r = httpx.post(f"{base}/api/games/{gid}/actions", json={"action": choose(p2["legal"])},
                       headers={"X-Token": token}, timeout=10)
        assert r.status_code == 200, r.text  # and the game goes on
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
