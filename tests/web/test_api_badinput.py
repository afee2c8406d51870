"""Bad input never crashes the server, never leaks driver text, never corrupts a game.

Each test here was a 500, a traceback or a hang before (issue #15, point 5).
"""

from __future__ import annotations

import json
import logging

import pytest
from sqlalchemy import create_engine

from tests.web.conftest import act, new_game, seat_token, state
from tests.web.test_api import TWO_HUMANS, play_human_turns

ODD_TOKENS = ["é", "tökén✓", "\u202e" * 3, "x" * 5000]


@pytest.mark.parametrize("token", ODD_TOKENS, ids=["e-acute", "mixed", "bidi", "5000-chars"])
def test_any_token_text_is_a_wrong_token_not_a_crash(client, token):
    """A token with non-ASCII characters (or absurdly long) is just a wrong token, on every
    route that takes one."""
    g = new_game(client, seats=TWO_HUMANS)
    gid = g["id"]
    for path in ("state", "board", "links", "record"):
        r = client.get(f"/api/games/{gid}/{path}", params={"token": token})
        assert r.status_code == 403, (path, r.text)
        assert r.json()["error"] == "wrong token for this game"
    raw = token.encode("utf-8")
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pick 0"}, headers={"X-Token": raw})
    assert r.status_code == 403
    r = client.delete(f"/api/games/{gid}", params={"token": token})
    assert r.status_code == 403
    with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
        assert ws.receive_json() == {"type": "error", "error": "wrong token for this game"}
    assert state(client, gid, g["host_token"])["game"]["actions"] >= 6  # the game is intact


def test_a_binary_websocket_frame_is_answered_and_other_text_ignored(client):
    g = new_game(client)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['host_token']}") as ws:
        assert ws.receive_json()["type"] == "update"
        ws.send_bytes(b"\x00\x01binary")
        ws.send_text("something else")
        ws.send_text("ping")
        assert ws.receive_json()["type"] == "error"  # the binary frame (issue #36 point 7)
        assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize("seed", ["1" * 5000, "-" + "9" * 4400, "x" * 1000],
                         ids=["5000-digits", "negative-4400-digits", "1000-letters"])
def test_an_absurd_seed_is_refused_naming_it(client, seed):
    r = client.post("/api/games", json={"seats": TWO_HUMANS, "seed": seed})
    assert r.status_code == 422, r.text
    assert "seed" in r.json()["error"]


def test_a_huge_number_as_seed_is_refused(client):
    body = '{"seats": [{"name": "A"}, {"name": "B"}], "seed": ' + "7" * 5000 + "}"
    r = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code in (400, 413, 422), r.text
    assert "error" in r.json()


def _readonly(client, db_path):
    store = client.app.state.store
    store.engine.dispose()
    store.engine = create_engine(f"sqlite:///file:{db_path}?mode=ro&uri=true", hide_parameters=True)


def test_a_read_only_database_answers_503_without_driver_text(client, db_path, caplog):
    """The write fails: a 503 naming the cause in plain words, no SQL, no parameters (tokens),
    in the answer or the log; the action is undone."""
    g = new_game(client, seats=TWO_HUMANS)
    before = state(client, g["id"], g["host_token"])
    _readonly(client, db_path)
    caplog.set_level(logging.DEBUG)
    r = act(client, g["id"], g["host_token"], "pick 0")
    assert r.status_code == 503, r.text
    err = r.json()["error"]
    assert "read-only" in err and "not saved" in err
    r2 = client.post("/api/games", json={"seats": TWO_HUMANS})
    assert r2.status_code == 503 and "read-only" in r2.json()["error"]
    for text in (err, r2.text, caplog.text):
        assert "INSERT" not in text and "UPDATE" not in text and "sqlite3" not in text
        assert g["host_token"] not in text and seat_token(g, 1) not in text
    after = state(client, g["id"], g["host_token"])
    assert after["view"] == before["view"]  # undone in memory too


# ---- imports -------------------------------------------------------------------------------


def _record(client, seed=3):
    g = new_game(client, seed=seed)
    play_human_turns(client, g["id"], g["host_token"], 10)
    return client.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]}).json()


@pytest.mark.parametrize("edit,error", [
    (lambda h: h.update(seats=["x" * 1_000_000, "B", "C"]), "longer than 24"),
    (lambda h: h.update(seats=["Anna", "anna", "C"]), "two seats are called"),
    (lambda h: h.update(seats=["A\nB", "B", "C"]), "not a plain name"),
    (lambda h: h.update(boards=[]), "not a legal selection"),
    (lambda h: h.update(boards=["L1", "L1", "S1"]), "not a legal selection"),
    (lambda h: h.update(seats=["A", "B"]), "do not match the players"),
], ids=["1MB-name", "duplicate-names", "newline-in-name", "no-boards", "board-twice", "seat-count"])
def test_imports_check_seats_and_boards_as_new_games_do(client, edit, error):
    rec = _record(client)
    n = len(client.get("/api/games").json()["games"])
    edit(rec["header"])
    r = client.post("/api/games/import", json=rec)
    assert r.status_code in (400, 413), r.text
    if r.status_code == 400:
        assert error in r.json()["error"]
    assert len(client.get("/api/games").json()["games"]) == n  # nothing stored


@pytest.mark.parametrize("content,error", [
    (b'{"header": ' + b"1" * 5000 + b"}", "number too long"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
], ids=["5000-digit-number", "deep-nesting"])
def test_absurd_import_files_are_refused(client, content, error):
    r = client.post("/api/games/import", content=content, headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert error in r.json()["error"]


# ---- the replay command -------------------------------------------------------------------


@pytest.mark.parametrize("content,error", [
    ('{"header": ' + "1" * 5000 + "}", "number too long"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
], ids=["5000-digit-number", "deep-nesting"])
def test_replay_command_refuses_absurd_files_without_a_traceback(tmp_path, content, error):
    from typer.testing import CliRunner

    from smallworld.cli import app

    f = tmp_path / "bad.json"
    f.write_text(content)
    r = CliRunner().invoke(app, ["replay", str(f)])
    assert r.exit_code == 2, r.output
    assert error in r.output and "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_replay_command_still_replays_a_good_record(tmp_path, client):
    from typer.testing import CliRunner

    from smallworld.cli import app

    f = tmp_path / "good.json"
    f.write_text(json.dumps(_record(client)))
    r = CliRunner().invoke(app, ["replay", str(f)])
    assert r.exit_code == 0 and "actions replayed" in r.output
