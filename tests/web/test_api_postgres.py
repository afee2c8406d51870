"""The server on PostgreSQL, with several server processes sharing the games (issue #15,
scale-out): any process serves any game, a move stored by one is pushed by the others
(LISTEN/NOTIFY), one writer per game (row lock), and a killed worker loses nothing.

Runs against a real PostgreSQL: ``SMALLWORLD_TEST_PG`` (a URL of a database the tests may
create databases from; ``scripts/test.sh`` starts Debian's PostgreSQL and sets it), else
``postgresql://smallworld_test:smallworld@127.0.0.1:5432/postgres``. Skipped with a message
when none answers.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import time

import httpx
import pytest
from fastapi.testclient import TestClient

from smallworld.web.server import create_app
from tests.web.conftest import seat_token, state
from tests.web.test_api import TWO_HUMANS, choose, play_human_turns

DEFAULT = "postgresql://smallworld_test:smallworld@127.0.0.1:5432/postgres"


@pytest.fixture(scope="module")
def pg_url():
    psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed")
    admin = os.environ.get("SMALLWORLD_TEST_PG", DEFAULT)
    try:
        con = psycopg.connect(admin, autocommit=True, connect_timeout=3)
    except psycopg.Error as e:
        pytest.skip(f"PostgreSQL not available at {admin.split('@')[-1]} ({type(e).__name__}); "
                    "scripts/test.sh starts it when the Debian package is installed")
    name = "sw_test_" + secrets.token_hex(4)
    con.execute(f"CREATE DATABASE {name}")
    base, _, _ = admin.rpartition("/")
    yield f"{base}/{name}"
    con.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    con.close()


def _new(client, seats=TWO_HUMANS):
    r = client.post("/api/games", json={"seats": seats})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_game_on_postgresql_is_played_and_resumed(pg_url):
    with TestClient(create_app(pg_url, bot_delay=0)) as c1:
        g = _new(c1, [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}])
        p1 = play_human_turns(c1, g["id"], g["host_token"], 25)
        rec1 = c1.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]}).json()
    with TestClient(create_app(pg_url, bot_delay=0)) as c2:
        assert state(c2, g["id"], g["host_token"])["view"] == p1["view"]
        assert c2.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]}).json() == rec1
        p = play_human_turns(c2, g["id"], g["host_token"], 3000)
        assert p["over"] and p["chance"]["verified"] is True


def test_two_workers_serve_the_same_game_and_push_each_others_moves(pg_url):
    """Worker A holds a page open; Bob's moves go through worker B: A catches up, and A's
    page is pushed B's moves (NOTIFY), so any worker can serve any request."""
    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        g = _new(a)
        anna, bob = seat_token(g, 0), seat_token(g, 1)
        with a.websocket_connect(f"/ws/{g['id']}?seat=1&token={bob}") as ws:
            first = ws.receive_json()
            n = first["game"]["actions"]
            p = state(b, g["id"], anna)  # worker B loads the game
            r = b.post(f"/api/games/{g['id']}/actions", json={"action": choose(p["legal"])},
                       headers={"X-Token": anna})
            assert r.status_code == 200, r.text
            pushed = ws.receive_json()  # on worker A's socket, through PostgreSQL
            assert pushed["game"]["actions"] > n
        # and worker A, asked next, acts on the current game (no stale copy, no 409)
        p = state(a, g["id"], anna)
        assert p["game"]["actions"] == r.json()["game"]["actions"]
        r2 = a.post(f"/api/games/{g['id']}/actions", json={"action": choose(p["legal"])},
                    headers={"X-Token": anna})
        assert r2.status_code == 200, r2.text
        rec_a = a.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]}).json()
        rec_b = b.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]}).json()
        assert rec_a == rec_b


def test_one_writer_per_game_a_stale_copy_is_refused_then_caught_up(pg_url):
    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        g = _new(a)
        tok = g["host_token"]
        pa = state(a, g["id"], tok)
        state(b, g["id"], tok)
        assert b.post(f"/api/games/{g['id']}/actions", json={"action": "pick 0"},
                      headers={"X-Token": tok}).status_code == 200
        live_a = a.app.state.hub.live[g["id"]]
        # worker A's copy is behind; write from it directly: the row lock and count refuse it
        from smallworld.web.storage import StoreStale

        with pytest.raises(StoreStale):
            live_a.act(a.app.state.store, 0, choose(pa["legal"]))
        assert len(live_a.game.record.actions) == pa["game"]["actions"]  # rolled back
        rec = b.get(f"/api/games/{g['id']}/record", params={"token": tok}).json()
        assert rec["actions"][pa["game"]["actions"]] == "pick 0"


def _children(pid):
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(x) for x in out.stdout.split()]


def test_killing_a_worker_loses_no_acknowledged_action(pg_url):
    from tests.web.serve_kit import free_port, serve

    proc, base = serve(pg_url, free_port(), workers=2)
    try:
        with httpx.Client(base_url=base, timeout=30) as c:
            g = c.post("/api/games", json={"seats": TWO_HUMANS}).json()
            tok = g["host_token"]
            acked = []
            p = c.get(f"/api/games/{g['id']}/state", params={"token": tok}).json()
            killed = False
            for i in range(60):
                if i == 30:
                    workers = _children(proc.pid)
                    assert len(workers) >= 2, workers
                    os.kill(workers[0], signal.SIGKILL)  # one worker dies mid-game
                    killed = True
                if p["over"]:
                    break
                action = choose(p["legal"])
                try:
                    r = c.post(f"/api/games/{g['id']}/actions", json={"action": action},
                               headers={"X-Token": tok})
                except httpx.HTTPError:  # the connection was on the killed worker
                    p = c.get(f"/api/games/{g['id']}/state", params={"token": tok}).json()
                    continue
                if r.status_code == 200:
                    acked.append((p["game"]["actions"], action))
                    p = r.json()
                else:
                    p = c.get(f"/api/games/{g['id']}/state", params={"token": tok}).json()
            assert killed and len(acked) > 40
            rec = c.get(f"/api/games/{g['id']}/record", params={"token": tok}).json()
            for at, action in acked:
                assert rec["actions"][at] == action
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_workers_taking_turns_on_one_game_ask_the_database_only_when_told(pg_url):
    """Requests for one game alternate between two workers: every action is accepted (a move
    not yet heard of is caught up and the action played on the current game), and a worker
    reads the game's count from the database only when a notification (or nothing heard yet)
    says it may have changed, not on every request."""
    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        g = _new(a)
        tok = g["host_token"]
        reads = {"a": 0, "b": 0}
        for name, client in (("a", a), ("b", b)):
            store = client.app.state.store
            real = store.revision

            def counted(game_id, _real=real, _name=name):
                reads[_name] += 1
                return _real(game_id)

            store.revision = counted
        deadline = time.time() + 10
        while not (a.app.state.hub.listening and b.app.state.hub.listening):
            assert time.time() < deadline, "the workers did not start listening"
            time.sleep(0.02)
        played = 0
        for i in range(24):
            w = (a, b)[(i // 3) % 2]  # three requests on one worker, then three on the other
            p = state(w, g["id"], tok)
            if p["over"]:
                break
            r = w.post(f"/api/games/{g['id']}/actions", json={"action": choose(p["legal"])},
                       headers={"X-Token": tok})
            assert r.status_code == 200, r.text
            played += 1
        assert played == 24
        # 48 requests; a worker reads the count when it first sees the game and when told of
        # the other's moves, not on each of its 24 requests
        assert reads["a"] + reads["b"] < 30, reads
        rec_a = a.get(f"/api/games/{g['id']}/record", params={"token": tok}).json()
        rec_b = b.get(f"/api/games/{g['id']}/record", params={"token": tok}).json()
        assert rec_a == rec_b and len(rec_a["actions"]) >= 24


def test_a_game_deleted_on_one_worker_is_gone_on_the_other(pg_url):
    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        g = _new(a)
        tok = g["host_token"]
        state(b, g["id"], tok)
        state(b, g["id"], tok)
        assert a.delete(f"/api/games/{g['id']}", headers={"X-Token": tok}).status_code in (200, 204)
        deadline = time.time() + 10
        while True:
            r = b.get(f"/api/games/{g['id']}/state", params={"token": tok})
            if r.status_code == 404:
                break
            assert time.time() < deadline, r.status_code
            time.sleep(0.05)


def test_an_action_on_a_worker_that_has_not_heard_the_last_move_is_played_on_the_caught_up_game(pg_url):
    """The page saw a move stored through worker A; its next action reaches worker B before B
    heard of that move (B's copy is one move behind and the action does not fit it): B catches
    up from the database and plays the action, rather than refusing it as illegal."""
    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        g = _new(a)
        tok = g["host_token"]
        deadline = time.time() + 10
        while not (a.app.state.hub.listening and b.app.state.hub.listening):
            assert time.time() < deadline, "the workers did not start listening"
            time.sleep(0.02)
        p = state(b, g["id"], tok)  # B reads the game (and marks it read since listening)
        stale = p["game"]["actions"]
        r = a.post(f"/api/games/{g['id']}/actions", json={"action": "pick 0"}, headers={"X-Token": tok})
        assert r.status_code == 200, r.text
        nxt = r.json()
        time.sleep(0.3)  # B's listener hears it ...
        hub_b = b.app.state.hub
        hub_b.hear(g["id"], stale)  # ... and we make B forget it, as if not yet delivered
        assert len(hub_b.live[g["id"]].game.record.actions) == stale
        action = choose(nxt["legal"])  # an action of the game after "pick 0"
        r2 = b.post(f"/api/games/{g['id']}/actions", json={"action": action}, headers={"X-Token": tok})
        assert r2.status_code == 200, r2.text
        rec = b.get(f"/api/games/{g['id']}/record", params={"token": tok}).json()
        assert rec["actions"][stale] == "pick 0" and action in rec["actions"][stale + 1:]
        # and worker A has the move too once its listener hears it (a moment later: under load
        # the record read through A right after B's answer could still be A's copy before it)
        deadline = time.time() + 10
        while True:
            rec_a = a.get(f"/api/games/{g['id']}/record", params={"token": tok}).json()
            if rec_a["actions"] == rec["actions"]:
                break
            assert time.time() < deadline, "worker A never heard the move played through B"
            time.sleep(0.05)


def test_postgresql_keeps_synchronous_commits_by_default(pg_url):
    from smallworld.web.storage import Store

    store = Store(pg_url)
    assert store.durability == "full"
    with store.engine.connect() as con:
        assert con.exec_driver_sql("SHOW synchronous_commit").scalar() == "on"
    store.close()


def test_a_take_back_after_a_roll_on_another_worker_is_refused(pg_url):
    """Issue #36 point 1 on PostgreSQL: a conquest through worker A, conquests through worker
    B until the die is rolled, then a take-back through A: refused, nothing removed, and the
    stored game's chance checks out (tests/web/test_api_takeback_workers.py)."""
    from tests.web.test_api_takeback_workers import undo_after_a_roll_elsewhere

    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        undo_after_a_roll_elsewhere(a, b)


def test_a_take_back_through_another_worker_is_pushed_and_the_copies_agree(pg_url):
    """A conquers, B takes it back: A hears of it (the revision, not the action count, tells
    a take-back apart) and acts on the game as stored."""
    from tests.web.test_api_takeback_workers import _a_quiet_conquest, _quiet_conquest

    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        gid, tok, _after = _a_quiet_conquest(a)
        r = b.post(f"/api/games/{gid}/undo", json={}, headers={"X-Token": tok})
        assert r.status_code == 200, r.text
        back = r.json()
        deadline = time.time() + 10
        while True:
            p = state(a, gid, tok)
            if p["game"]["rev"] == back["game"]["rev"]:
                break
            assert time.time() < deadline, "worker A never caught up with the take-back"
            time.sleep(0.05)
        assert p["view"] == back["view"]
        r = a.post(f"/api/games/{gid}/actions", json={"action": _quiet_conquest(p)},
                   headers={"X-Token": tok})
        assert r.status_code == 200, r.text
        rec_a = a.get(f"/api/games/{gid}/record", params={"token": tok}).json()
        rec_b = b.get(f"/api/games/{gid}/record", params={"token": tok}).json()
        assert rec_a == rec_b


def _pushed_within(ws, kind, seconds=10.0):
    """The first message of type ``kind`` pushed to ``ws`` within ``seconds`` (asked by ``ping``
    after ``ping``: a page's messages arrive in order), or an AssertionError."""
    deadline = time.time() + seconds
    while True:
        ws.send_text("ping")
        while (msg := ws.receive_json())["type"] != "pong":
            if msg["type"] == kind:
                return msg
        assert time.time() < deadline, f"no {kind!r} pushed within {seconds} s"
        time.sleep(0.05)


def test_the_table_talk_and_the_rematch_said_on_one_worker_are_pushed_by_the_other(pg_url):
    """Anna's page is on worker A; Bruno talks, then starts the rematch, through worker B: A's
    page hears both (NOTIFY), the rematch with Anna's own new link."""
    from tests.web.conftest import finished_record

    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        done = a.post("/api/games/import", json={"record": finished_record(players=3), "bots": {"2": "random"}})
        assert done.status_code == 201, done.text
        old = done.json()
        gid, anna, bruno = old["id"], seat_token(old, 0), seat_token(old, 1)
        with a.websocket_connect(f"/ws/{gid}?seat=0&token={anna}") as ws:
            assert ws.receive_json()["type"] == "update"
            r = b.post(f"/api/games/{gid}/chat", json={"text": "again?"}, headers={"X-Token": bruno})
            assert r.status_code == 201, r.text
            assert _pushed_within(ws, "talk")["message"] == r.json()["message"]
            r = b.post(f"/api/games/{gid}/rematch", json={}, headers={"X-Token": bruno})
            assert r.status_code == 201, r.text
            new_id = r.json()["id"]
            pushed = _pushed_within(ws, "rematch")
            assert pushed == {"type": "rematch", "id": new_id, "link": f"/play/{new_id}?seat=2&token={anna}"}


def _end_every_connection(pg_url):
    """What a restart of PostgreSQL does to the server's connections: each is ended by the
    database (pg_terminate_backend: the server's goodbye, then the socket closed)."""
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    time.sleep(0.3)


def test_connections_the_database_ended_are_replaced_before_any_request_uses_them(pg_url):
    """After a PostgreSQL restart every pooled connection is dead: the next requests (reads,
    actions, a take-back) are answered as before and stored, none gets a 503 for a connection
    that died while idle (the pool checks each one it hands out; issue #36 point 9 made that
    check a look at the socket instead of a round trip to the database)."""
    with TestClient(create_app(pg_url, bot_delay=0)) as c:
        g = _new(c)
        token = g["host_token"]
        play_human_turns(c, g["id"], token, 4)
        for _ in range(2):
            _end_every_connection(pg_url)
            p = state(c, g["id"], token)
            for _ in range(3):
                r = c.post(f"/api/games/{g['id']}/actions", json={"action": choose(p["legal"])},
                           headers={"X-Token": token})
                assert r.status_code == 200, r.text
                p = r.json()
        _end_every_connection(pg_url)
        undo = c.post(f"/api/games/{g['id']}/undo", json={}, headers={"X-Token": token})
        assert undo.status_code in (200, 409), undo.text  # 409: chance since (RULES §15)
        held = state(c, g["id"], token)["game"]["actions"]
    with TestClient(create_app(pg_url, bot_delay=0)) as fresh:
        assert state(fresh, g["id"], token)["game"]["actions"] == held
