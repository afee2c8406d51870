"""Take-backs decided from the stored game (issue #36 point 1): with two server processes on
one database, a take-back asked through one process after the other rolled a die is refused
(before: 200, the roll removed and drawn again from the wrong position, and the game no longer
verified); a take-back survives a restart and works through any process; the store itself
never removes a chance outcome (RULES §15).

Two apps on one SQLite file stand for two workers here (the logic is the backend's;
``test_api_postgres.py`` runs the first case on PostgreSQL too)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from smallworld.core.fairness import verify
from smallworld.core.undo import UndoRefused, is_chance_text
from smallworld.web.server import create_app
from smallworld.web.storage import Store, StoreStale
from tests.web.conftest import act, new_game, state
from tests.web.test_api_takeback import SEATS, _quiet_conquest, _to


def _undo(client, gid, tok):
    return client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Token": tok})


def _record(client, gid, tok):
    r = client.get(f"/api/games/{gid}/record", params={"token": tok})
    assert r.status_code == 200, r.text
    return r.json()


def _a_quiet_conquest(client, seed=3):
    """A game (chosen seed: its chance can be checked while it is played) where the host's
    seat has just made a conquest that drew no chance. Returns (game id, token, payload)."""
    created = new_game(client, SEATS, seed=seed)
    gid, tok = created["id"], created["host_token"]
    P = _to(client, gid, tok, lambda P: P["view"]["phase"] == "conquer" and _quiet_conquest(P))
    r = act(client, gid, tok, _quiet_conquest(P))
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["game"]["actions"] == P["game"]["actions"] + 1 and after["can_undo"] is True
    return gid, tok, after


def undo_after_a_roll_elsewhere(a, b):
    """Conquer through worker ``a`` (which keeps a take-back), conquer through worker ``b``
    until the die is rolled, then ask ``a`` for the take-back: refused, nothing removed, and
    the stored game's chance still follows from its seed."""
    gid, tok, after_a = _a_quiet_conquest(a)
    n = after_a["game"]["actions"]
    P = state(b, gid, tok)
    assert P["game"]["actions"] == n
    rolled = None
    for _ in range(30):
        conquests = [x["text"] for x in P["legal"] if x["kind"] == "conquer"]
        if not conquests:
            break
        # a final conquest (with the die) as soon as one is offered
        final = [t for t in conquests
                 if (P["hints"] or {}).get(t.split()[1], {}).get("status") == "final"]
        r = act(b, gid, tok, (final or conquests)[0])
        assert r.status_code == 200, r.text
        P = r.json()
        new = _record(b, gid, tok)["actions"][n:]
        rolled = next((t for t in new if is_chance_text(t)), None)
        if rolled:
            break
    assert rolled is not None and rolled.startswith("roll"), "worker B's conquests drew no die"
    held = _record(b, gid, tok)
    r = _undo(a, gid, tok)
    assert r.status_code == 409, r.text  # before: 200, the roll removed
    assert "die was rolled" in r.json()["error"]
    # nothing was removed, both workers hold the stored game, and its chance checks out
    assert _record(a, gid, tok) == held == _record(b, gid, tok)
    v = verify(_stored_record(a, gid))
    assert v.ok and v.checked > 0, v.message
    assert state(a, gid, tok)["can_undo"] is False
    return gid, tok


def _stored_record(client, gid):
    from smallworld.core.record import GameRecord

    stored = client.app.state.store.load(gid)
    return GameRecord(dict(stored.header), list(stored.actions), stored.result)


@pytest.fixture
def two_workers(db_path):
    with TestClient(create_app(db_path, bot_delay=0)) as a, TestClient(create_app(db_path, bot_delay=0)) as b:
        yield a, b


def test_a_take_back_after_a_roll_on_another_worker_is_refused(two_workers):
    undo_after_a_roll_elsewhere(*two_workers)


def test_a_take_back_survives_a_restart(db_path):
    """Before: the undo stack lived in the process's memory, so a restart lost it."""
    with TestClient(create_app(db_path, bot_delay=0)) as a:
        gid, tok, after = _a_quiet_conquest(a)
    with TestClient(create_app(db_path, bot_delay=0)) as again:
        P = state(again, gid, tok)
        assert P["can_undo"] is True and P["game"]["rev"] == after["game"]["rev"]
        r = _undo(again, gid, tok)
        assert r.status_code == 200, r.text
        back = r.json()
        assert back["game"]["actions"] == after["game"]["actions"] - 1
        assert back["game"]["rev"] > after["game"]["rev"]
        rec = _record(again, gid, tok)
    # the take-back is stored, with the revision the pages order their answers by
    with TestClient(create_app(db_path, bot_delay=0)) as third:
        P = state(third, gid, tok)
        assert P["game"]["rev"] == back["game"]["rev"] and P["view"] == back["view"]
        assert _record(third, gid, tok) == rec


def test_a_take_back_through_another_worker_and_the_stale_copy_catches_up(two_workers):
    """A conquers, B takes it back (B never saw it made): allowed, it is decided from the
    stored game. A's copy still holds the conquest: A's next action is refused (never written
    on top of the wrong game, even at the same action count), and A catches up."""
    a, b = two_workers
    gid, tok, _after = _a_quiet_conquest(a)
    r = _undo(b, gid, tok)
    assert r.status_code == 200, r.text
    back = r.json()
    # A's copy is one action ahead: an action made there is refused, then A is up to date
    P = state(a, gid, tok)
    if P["game"]["rev"] != back["game"]["rev"]:  # A did not read the database (SQLite)
        legal = [x["text"] for x in P["legal"]]
        r = act(a, gid, tok, legal[0])
        assert r.status_code == 409 and "moved on" in r.json()["error"], r.text
    P = state(a, gid, tok)
    assert P["game"]["rev"] == back["game"]["rev"] and P["view"] == back["view"]
    r = act(a, gid, tok, _quiet_conquest(P))
    assert r.status_code == 200, r.text
    stored = _stored_record(b, gid)
    assert _record(a, gid, tok)["actions"] == stored.actions
    assert verify(stored).ok


def test_the_store_never_takes_back_a_chance_outcome(db_path):
    """Whatever the caller's copy says: the stored tail is checked under the row lock."""
    store = Store(db_path)
    try:
        store.create(game_id="g1", title="t", header={"players": 2}, seats=[], host_token="h",
                     actions=["banner trolls"], round=1, result=None)
        store.append("g1", 1, ["pick 0", "conquer L1.1", "roll 2", "conquer L1.2"], round=1,
                     result=None, taken_back=0)
        with pytest.raises(UndoRefused):  # the roll would go with it
            store.truncate("g1", 2, round=1, expect=5, taken_back=0)
        with pytest.raises(UndoRefused):  # below the floor (the setup)
            store.truncate("g1", 0, round=1, expect=5, taken_back=0)
        with pytest.raises(StoreStale):  # a copy that is not the stored game
            store.truncate("g1", 4, round=1, expect=4, taken_back=0)
        assert store.load("g1").actions[-2:] == ["roll 2", "conquer L1.2"]
        store.truncate("g1", 4, round=1, expect=5, taken_back=0)
        stored = store.load("g1")
        assert stored.actions[-1] == "roll 2" and stored.taken_back == 1
        assert store.revision("g1") == 4 + 2
        # an append from a copy that missed the take-back is refused even at the right count
        with pytest.raises(StoreStale):
            store.append("g1", 4, ["conquer L1.3"], round=1, result=None, taken_back=0)
        store.append("g1", 4, ["conquer L1.3"], round=1, result=None, taken_back=1)
    finally:
        store.close()


def test_a_database_of_schema_2_gains_the_take_back_columns(db_path):
    """A database from before take-backs were stored opens: its games have taken nothing
    back and may be taken back from their last action on."""
    import sqlite3

    store = Store(db_path)
    store.create(game_id="g1", title="t", header={"players": 2}, seats=[], host_token="h",
                 actions=["banner trolls", "pick 0"], round=1, result=None)
    store.close()
    con = sqlite3.connect(db_path)
    con.execute("ALTER TABLE games DROP COLUMN taken_back")
    con.execute("ALTER TABLE games DROP COLUMN undo_floor")
    con.commit()
    con.close()
    store = Store(db_path)
    try:
        stored = store.load("g1")
        assert stored.taken_back == 0 and stored.undo_floor == 0
        assert store.revision("g1") == 2
    finally:
        store.close()
