"""A server killed mid-game (SIGKILL, no shutdown) resumes with no acknowledged action lost."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx

from tests.web.test_api import choose


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _start(db, port):
    proc = subprocess.Popen(
        [sys.executable, "-m", "smallworld", "serve", "--no-browser", "--port", str(port),
         "--db", str(db), "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "CI": "true"},
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):  # up to 20 s to come up
        try:
            if httpx.get(f"{base}/api/meta", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise RuntimeError("the server exited at start")
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not come up")


def test_killed_server_loses_no_acknowledged_action(tmp_path):
    db = tmp_path / "games.sqlite3"
    port = _free_port()
    proc, base = _start(db, port)
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
    proc, base = _start(db, _free_port())
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
