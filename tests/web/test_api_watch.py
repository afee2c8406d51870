"""Spectators (:mod:`smallworld.web.watch`): a game's read-only watch link shows only public
information (no seat's coins, no legal action, no private log line), is refused when the host
left it off or before the end when the host opened it only then, and lags the chosen number of
moves behind a live game."""

from __future__ import annotations

import json

from tests.web.conftest import act, finished_record, new_game, seat_token, state

HUMANS = [{"name": "Anna"}, {"name": "Bob"}]


def _setting(client, created, **body):
    h = {"X-Token": created["host_token"]}
    if body:
        r = client.put(f"/api/games/{created['id']}/watch/setting", json=body, headers=h)
    else:
        r = client.get(f"/api/games/{created['id']}/watch/setting", headers=h)
    assert r.status_code == 200, r.text
    return r.json()


def _key(link):
    return link.split("watch=")[1]


def _play_a_while(client, created, moves=12):
    """The human seats play (hotseat): a conquest when there is one, else the first action
    that is not a redeployment."""
    for _ in range(moves):
        s = state(client, created["id"], created["host_token"])
        legal = [a for a in s["legal"] if a["kind"] not in ("redeploy", "abandon")]
        if s["view"]["result"] is not None or not legal:
            return
        legal.sort(key=lambda a: a["kind"] != "conquer")
        r = act(client, created["id"], created["host_token"], legal[0]["text"])
        assert r.status_code == 200, r.text


def _no_secrets(frame):
    assert "legal" not in frame and "hints" not in frame
    assert frame["view"]["viewer"] is None
    assert all(p["vc"] is None for p in frame["view"]["players"]), frame["view"]["players"]
    assert all(e["private"] is None for e in frame["log"])
    text = json.dumps(frame)
    assert '"vc": ' not in text.replace('"vc": null', "")


def test_the_watch_link_shows_only_public_information(client):
    created = new_game(client, HUMANS, seed=4, watch="live")
    setting = _setting(client, created)
    assert setting["mode"] == "live" and setting["delay"] == 0
    gid, key = created["id"], _key(setting["link"])
    assert setting["link"] == f"/replay/{gid}?watch={key}"
    assert key not in (created["host_token"], *(seat_token(created, i) for i in range(2)))
    _play_a_while(client, created)
    r = client.get(f"/api/games/{gid}/watch", params={"watch": key, "log": "all"})
    assert r.status_code == 200, r.text
    frame = r.json()
    _no_secrets(frame)
    assert frame["at"] == frame["total"] > 0
    # every position on the way is the spectator's too
    for at in frame["stops"]:
        f = client.get(f"/api/games/{gid}/watch", params={"watch": key, "at": at}).json()
        _no_secrets(f)
    assert client.get(f"/api/games/{gid}/watch/board", params={"watch": key}).status_code == 200
    # the key opens nothing else: not the seat's state, not an action
    assert client.get(f"/api/games/{gid}/state", params={"token": key}).status_code == 403
    assert act(client, gid, key, "pick 0").status_code == 403
    # a wrong key, or none, is refused
    for bad in ("", "0" * 24, created["host_token"]):
        assert client.get(f"/api/games/{gid}/watch", params={"watch": bad}).status_code == 404


def test_off_refuses_the_watch_link(client):
    created = new_game(client, HUMANS, seed=4)  # off unless the host opens it
    setting = _setting(client, created)
    assert setting["mode"] == "off"
    gid, key = created["id"], _key(setting["link"])
    r = client.get(f"/api/games/{gid}/watch", params={"watch": key})
    assert r.status_code == 404 and "not open to spectators" in r.json()["error"]
    assert client.get(f"/api/games/{gid}/watch/board", params={"watch": key}).status_code == 404
    # opened, then closed again from the host page
    _setting(client, created, mode="live", delay=0)
    assert client.get(f"/api/games/{gid}/watch", params={"watch": key}).status_code == 200
    _setting(client, created, mode="off")
    assert client.get(f"/api/games/{gid}/watch", params={"watch": key}).status_code == 404


def test_after_the_end_refuses_before_the_end(client):
    created = new_game(client, HUMANS, seed=4, watch="end")
    gid, key = created["id"], _key(_setting(client, created)["link"])
    _play_a_while(client, created, moves=6)
    r = client.get(f"/api/games/{gid}/watch", params={"watch": key})
    assert r.status_code == 403 and "once it is over" in r.json()["error"]
    assert client.get(f"/api/games/{gid}/watch/board", params={"watch": key}).status_code == 403
    # a finished game (imported) opened after the end: the whole game, final coins public
    done = client.post("/api/games/import", json={"record": finished_record(players=2)})
    assert done.status_code == 201, done.text
    done = done.json()
    key = _key(_setting(client, done, mode="end")["link"])
    r = client.get(f"/api/games/{done['id']}/watch", params={"watch": key, "log": "all"})
    assert r.status_code == 200 and r.json()["over"] is True
    assert "legal" not in r.json()


def test_a_live_watch_lags_the_chosen_number_of_moves(client):
    created = new_game(client, HUMANS, seed=4, watch="live", watch_delay=2)
    gid, key = created["id"], _key(_setting(client, created)["link"])
    _play_a_while(client, created, moves=10)
    full = client.get(f"/api/games/{gid}/replay", params={"token": created["host_token"]}).json()
    seen = client.get(f"/api/games/{gid}/watch", params={"watch": key, "log": "all"}).json()
    assert seen["total"] == full["stops"][-3] < full["total"]
    assert seen["game"]["actions"] == seen["game"]["rev"] == seen["total"]  # not how far it went
    assert seen["stops"] == [s for s in full["stops"] if s <= seen["total"]]
    assert all(e["at"] < seen["total"] for e in seen["log"])
    # a position past the delay is not given
    r = client.get(f"/api/games/{gid}/watch", params={"watch": key, "at": full["total"]})
    assert r.status_code == 400


def test_only_the_host_sets_who_may_watch(client):
    created = new_game(client, HUMANS, seed=4)
    gid = created["id"]
    seat = {"X-Token": seat_token(created, 0)}
    assert client.get(f"/api/games/{gid}/watch/setting", headers=seat).status_code == 403
    assert client.put(f"/api/games/{gid}/watch/setting", json={"mode": "live"}, headers=seat).status_code == 403
    r = client.put(f"/api/games/{gid}/watch/setting", json={"mode": "always"},
                   headers={"X-Token": created["host_token"]})
    assert r.status_code == 400
    assert client.post("/api/games", json={"seats": HUMANS, "watch": "always"}).status_code == 400


def test_a_database_of_schema_3_gains_the_watch_column(db_path):
    """A database from before watch links opens: its games are not open to spectators, and
    the host can open them."""
    import sqlite3

    from smallworld.web.storage import Store

    store = Store(db_path)
    store.create(game_id="g1", title="t", header={"players": 2}, seats=[], host_token="h",
                 actions=["banner trolls"], round=1, result=None)
    store.close()
    con = sqlite3.connect(db_path)
    con.execute("ALTER TABLE games DROP COLUMN watch")
    con.commit()
    con.close()
    store = Store(db_path)
    try:
        assert store.watch("g1") == "off"
        store.set_watch("g1", "live:2")
        assert store.watch("g1") == "live:2" and store.watch("nope") is None
    finally:
        store.close()
