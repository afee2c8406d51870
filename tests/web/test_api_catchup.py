"""Two server processes on one PostgreSQL database take turns on a game (issue #36 point 9):
a worker whose copy missed the other's moves plays the new actions only, instead of reading
and replaying the whole game for every move it hears of, and its chance goes on exactly as a
full replay's would (the finished game verifies).

Before: every move a worker heard of through another (a push to its pages, or a request for
the game) read the whole game and replayed it from the first action."""

from __future__ import annotations

import random
import time

from fastapi.testclient import TestClient

from smallworld.core.game import Game
from smallworld.web.server import create_app
from tests.web.conftest import state
from tests.web.test_api import TWO_HUMANS
from tests.web.test_api_postgres import pg_url  # noqa: F401 (a fixture)


def _heard(w, game_id, tok, known):
    """The game as worker ``w`` shows it once it has heard of the ``known`` actions: a move
    stored by the other worker reaches this one by a notification, a moment later (a page
    that acts on an older position meanwhile is refused and brought up to date)."""
    deadline = time.monotonic() + 10
    while True:
        p = state(w, game_id, tok)
        if p["game"]["actions"] >= known or time.monotonic() > deadline:
            return p
        time.sleep(0.02)


def test_workers_taking_turns_play_each_others_moves_without_replaying_the_game(pg_url, monkeypatch):  # noqa: F811
    replays = []
    real = Game.from_record.__func__

    def counting(cls, record, **kw):
        replays.append(len(record.actions))
        return real(cls, record, **kw)

    monkeypatch.setattr(Game, "from_record", classmethod(counting))
    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        r = a.post("/api/games", json={"seats": TWO_HUMANS})
        assert r.status_code == 201, r.text
        g = r.json()
        tok = g["host_token"]
        state(b, g["id"], tok)  # worker B reads the game once
        replays.clear()
        rng = random.Random(3)
        p, moves, workers, known = None, 0, (a, b), 0
        while moves < 3000:
            w = workers[(moves // 2) % 2]  # two moves on one worker, then two on the other
            p = _heard(w, g["id"], tok, known)
            if p["over"]:
                break
            r = w.post(f"/api/games/{g['id']}/actions", headers={"X-Token": tok},
                       json={"action": rng.choice(p["legal"])["text"]})
            assert r.status_code == 200, r.text
            known = r.json()["game"]["actions"]
            moves += 1
        assert p is not None and p["over"] and moves > 40
        # the end of the game reveals the sealed seed: each worker reads that game whole once
        assert len(replays) <= 2, f"{len(replays)} replays of the game in {moves} moves"
        for w in workers:
            v = w.get(f"/api/games/{g['id']}/verify", params={"token": tok}).json()
            assert v["ok"], v  # every die roll and draw follows from the revealed seed
        rec_a = a.get(f"/api/games/{g['id']}/record", params={"token": tok}).json()
        rec_b = b.get(f"/api/games/{g['id']}/record", params={"token": tok}).json()
        assert rec_a == rec_b


def test_a_worker_that_heard_of_a_newer_revision_reads_the_new_actions_without_asking_the_count(pg_url, monkeypatch):  # noqa: F811
    """A notification names the stored revision, and revisions only grow: a worker that heard of
    a newer one reads the new actions at once, one query per move instead of two (issue #36
    point 9); it shows the other worker's game."""
    from smallworld.web.storage import Store

    with TestClient(create_app(pg_url, bot_delay=0)) as a, TestClient(create_app(pg_url, bot_delay=0)) as b:
        r = a.post("/api/games", json={"seats": TWO_HUMANS})
        assert r.status_code == 201, r.text
        g = r.json()
        gid, tok = g["id"], g["host_token"]
        state(b, gid, tok)  # worker B reads the game once
        asked: list[str] = []
        real = Store.revision
        mine = b.app.state.store
        monkeypatch.setattr(Store, "revision", lambda self, game_id: (
            asked.append(game_id) if self is mine else None) or real(self, game_id))
        heard = b.app.state.hub.heard
        rng = random.Random(5)
        for _ in range(8):
            p = state(a, gid, tok)
            r = a.post(f"/api/games/{gid}/actions", headers={"X-Token": tok},
                       json={"action": rng.choice(p["legal"])["text"]})
            assert r.status_code == 200, r.text
            rev = r.json()["game"]["rev"]
            deadline = time.monotonic() + 10
            while heard.get(gid) != rev and time.monotonic() < deadline:
                time.sleep(0.01)  # the notification reaches worker B a moment later
            assert heard.get(gid) == rev
            seen = state(b, gid, tok)
            assert seen["game"]["rev"] == rev and seen["view"] == r.json()["view"]
        assert asked == []
