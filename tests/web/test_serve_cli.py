"""``smallworld`` with no command, and ``smallworld serve``: options, database, address."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from smallworld.cli import app

runner = CliRunner()


def _fake_run(calls):
    def run(app_, host, port, **kw):
        calls.append({"app": app_, "host": host, "port": port})
    return run


def test_no_arguments_starts_the_server(monkeypatch, tmp_path):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", _fake_run(calls))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("CI", "1")  # never open a browser here
    r = runner.invoke(app, [])
    assert r.exit_code == 0, r.output
    assert "Small World of Warcraft is running at http://127.0.0.1:" in r.output
    assert calls and calls[0]["host"] == "127.0.0.1" and calls[0]["port"] >= 8765
    assert (tmp_path / "smallworld" / "games.sqlite3").exists()


def test_serve_options(monkeypatch, tmp_path):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", _fake_run(calls))
    db = tmp_path / "sub" / "my.sqlite3"
    r = runner.invoke(app, ["serve", "--port", "8799", "--db", str(db), "--no-browser", "--bot-delay", "0"])
    assert r.exit_code == 0, r.output
    assert "http://127.0.0.1:8799/" in r.output and str(db) in r.output
    assert calls[0]["port"] == 8799 and db.exists()
    assert calls[0]["app"].state.bot_delay == 0


def test_other_commands_still_work():
    r = runner.invoke(app, ["boards", "list"])
    assert r.exit_code == 0 and "L1" in r.output
    r = runner.invoke(app, ["--help"])
    assert r.exit_code == 0 and "serve" in r.output and "simulate" in r.output


def test_bare_command_takes_the_serve_options(monkeypatch, tmp_path):
    """``smallworld --port P --db F`` is the main job with those options, like ``serve``."""
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", _fake_run(calls))
    db = tmp_path / "bare.sqlite3"
    r = runner.invoke(app, ["--port", "8798", "--db", str(db), "--no-browser", "--bot-delay", "0"])
    assert r.exit_code == 0, r.output
    assert "http://127.0.0.1:8798/" in r.output
    assert calls[0]["port"] == 8798 and db.exists()
    assert calls[0]["app"].state.bot_delay == 0


def test_a_websocket_with_a_very_long_url_is_answered(tmp_path):
    """A 60,000-character WebSocket URL gets an answer (before: never answered, the
    connection held open)."""
    import signal
    import socket

    from tests.web.serve_kit import free_port, serve

    proc, base = serve(tmp_path / "g.sqlite3", free_port())
    try:
        port = int(base.rsplit(":", 1)[1])
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(30)  # a hang guard, not a speed goal
        s.sendall((f"GET /ws/abc?token={'a' * 60_000} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                   "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = s.recv(200)
        s.close()
        assert answer.startswith(b"HTTP/1.1 ")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)


def test_serving_the_network_prints_the_addresses_others_can_use(monkeypatch, tmp_path):
    """``--host 0.0.0.0``: the server prints its LAN address for the other players and trusts
    it as a host name; seat links use it (#14 point 5)."""
    import uvicorn
    from fastapi.testclient import TestClient

    from smallworld.web import guard

    calls = []
    monkeypatch.setattr(uvicorn, "run", _fake_run(calls))
    monkeypatch.setattr(guard, "machine_addresses", lambda: ["192.168.1.5"])
    r = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", "8797", "--db",
                            str(tmp_path / "g.sqlite3"), "--no-browser"])
    assert r.exit_code == 0, r.output
    assert "Other players on your network can join at http://192.168.1.5:8797/" in r.output
    with TestClient(calls[0]["app"], base_url="http://127.0.0.1:8797", client=("127.0.0.1", 5)) as c:
        g = c.post("/api/games", json={"seats": [{"name": "A"}, {"name": "B"}]}).json()
        assert g["seats"][1]["url"].startswith("http://192.168.1.5:8797/play/")
    with TestClient(calls[0]["app"], base_url="http://192.168.1.5:8797", client=("192.168.1.9", 5)) as c:
        assert c.get("/api/games").status_code == 200


def test_a_second_server_on_the_same_database_says_so_and_exits(monkeypatch, tmp_path):
    """Before: it silently took the next port and served stale games (#15 point 6)."""
    import signal

    import uvicorn

    from tests.web.serve_kit import free_port, serve

    db = tmp_path / "games.sqlite3"
    proc, base = serve(db, free_port())
    try:
        calls = []
        monkeypatch.setattr(uvicorn, "run", _fake_run(calls))
        r = runner.invoke(app, ["serve", "--db", str(db), "--no-browser"])
        assert r.exit_code == 1 and not calls
        assert f"another Small World server is already using {db} at {base}/" in r.output
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    # killed: the database is free again
    calls = []
    monkeypatch.setattr(uvicorn, "run", _fake_run(calls))
    r = runner.invoke(app, ["serve", "--db", str(db), "--no-browser", "--port", "8796"])
    assert r.exit_code == 0 and calls


def test_a_write_protected_shm_file_is_refused_at_start(monkeypatch, tmp_path):
    """SQLite maps ``-shm`` into memory: a write-protected one killed the server with SIGBUS
    at the first write. Now the start refuses it, naming the file (#15 point 6)."""
    import os
    from pathlib import Path

    from smallworld.web.storage import Store

    db = tmp_path / "games.sqlite3"
    Store(db).close()
    shm = Path(f"{db}-shm")
    shm.write_bytes(b"")
    shm.chmod(0o444)
    if os.geteuid() == 0:  # root may write anything: see the file as its owner would
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, m: not (Path(p) == shm and m == os.W_OK) and real(p, m))
    r = runner.invoke(app, ["serve", "--db", str(db), "--no-browser", "--port", "8795"])
    assert r.exit_code == 1
    assert "write-protected" in r.output and "-shm" in r.output


@pytest.mark.parametrize("where", ["proc", "sys", "file"])
def test_a_database_place_that_cannot_be_written_is_one_sentence(monkeypatch, tmp_path, where):
    """``serve --db`` where nothing can be written (a read-only filesystem, as root): before, a
    traceback from filelock; now one sentence naming the place, exit 1 (issue #36 point 6).
    The tests run as root, so the places refuse root too: /proc, /sys, a file used as a
    folder."""
    import uvicorn

    if where == "file":
        (tmp_path / "afile").write_text("x")
        db = tmp_path / "afile" / "games.sqlite3"
    else:
        db = {"proc": "/proc/self/games.sqlite3", "sys": "/sys/smallworld-test/games.sqlite3"}[where]
    calls = []
    monkeypatch.setattr(uvicorn, "run", _fake_run(calls))
    r = runner.invoke(app, ["serve", "--db", str(db), "--no-browser", "--port", "8794"])
    assert r.exit_code == 1 and not calls
    assert isinstance(r.exception, SystemExit), r.exception  # no traceback
    assert r.output.startswith(f"error: cannot keep the games in {db}: its folder")
    assert "Traceback" not in r.output and r.output.count("\n") == 1
