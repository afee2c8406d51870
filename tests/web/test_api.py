"""The web server's API: games, acting, refusals, tokens, hidden information, saving, import.

RULES §15 / R-SCORE-4: a seat's page only ever receives ``view(state, seat)``.
"""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from fastapi.testclient import TestClient

from smallworld.core.record import GameRecord, replay
from smallworld.web.server import create_app
from tests.web.conftest import act, new_game, seat_token, state

TWO_HUMANS = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def choose(legal: list[dict]) -> str:
    """A simple human policy: pick the top combo, conquer what is offered, place tokens, end."""
    texts = [a["text"] for a in legal]
    for prefix in ("pick", "expand", "conquer", "redeploy", "end"):
        for t in texts:
            if t.startswith(prefix):
                return t
    return texts[0]


def play_human_turns(client, gid, token, n, seat=None):
    """Play ``n`` actions as whoever the token may act for; returns the last payload."""
    p = state(client, gid, token, seat)
    for _ in range(n):
        if p["over"] or not p["legal"]:
            break
        r = act(client, gid, token, choose(p["legal"]), seat)
        assert r.status_code == 200, r.text
        p = r.json()
    return p


# ---- creating and acting ------------------------------------------------------------------------


def test_create_game_then_pick_and_conquer(client):
    g = new_game(client)
    assert g["hotseat"] == f"/play/{g['id']}?token={g['host_token']}"
    assert [s["kind"] for s in g["seats"]] == ["human", "bot", "bot"]
    assert g["seats"][0]["link"].startswith(f"/play/{g['id']}?seat=0&token=")
    assert g["seats"][1]["link"] is None  # bots have no link
    p = state(client, g["id"], g["host_token"])
    assert p["mode"] == "hotseat" and p["perspective"] == 0 and p["actor"] == 0
    assert p["view"]["phase"] == "pick" and p["view"]["round"] == 1
    assert {a["text"] for a in p["legal"]} >= {"pick 0", "pick 1"}
    assert p["log"][0]["text"] == "Round 1 of 10 · Anna's turn"
    r = act(client, g["id"], g["host_token"], "pick 0")
    assert r.status_code == 200, r.text
    p = r.json()
    assert p["view"]["phase"] == "conquer"
    assert p["view"]["players"][0]["race"] is not None
    assert any(e["kind"] == "pick" and e["text"].startswith("Anna picks") for e in p["log"])
    conquer = [a for a in p["legal"] if a["kind"] == "conquer"]
    assert conquer and conquer[0]["region"] and conquer[0]["label"].startswith("Conquer")
    # the hover hints: every Region has a status, targets a cost breakdown
    rid = conquer[0]["region"]
    hint = p["hints"][rid]
    assert hint["status"] in ("conquer", "final")
    assert hint["parts"]["base"] == 2 and hint["cost"] == hint["parts"]["cost"]
    blocked = [h for h in p["hints"].values() if h["status"] == "blocked"]
    assert blocked and all(h["reason"] for h in blocked)
    r = act(client, g["id"], g["host_token"], conquer[0]["text"])
    assert r.status_code == 200, r.text
    # plain words first (the Region's name), the board notation in the details line
    name = client.get(f"/api/games/{g['id']}/board", params={"token": g["host_token"]}).json()["regions"][rid]["name"]
    assert any(e["text"].startswith("Anna's") and "conquer" in e["text"] and name in e["text"]
               and f"({rid})" not in e["text"] and e["detail"] == f"conquer {rid}"
               for e in r.json()["log"])


def test_bots_play_until_a_human_must_act(client):
    g = new_game(client)
    p = play_human_turns(client, g["id"], g["host_token"], 60)
    # after Anna's first turn ends the bots played theirs: it is Anna's turn again
    assert p["actor"] == 0 or p["over"]
    kinds = {e["seat"] for e in p["log"] if e["kind"] == "turn"}
    assert kinds >= {0, 1, 2}


def test_a_whole_game_through_the_api(client):
    g = new_game(client, seed=21)
    p = play_human_turns(client, g["id"], g["host_token"], 2000)
    assert p["over"] is True
    res = p["view"]["result"]
    assert set(res) >= {"scores", "tokens", "winners"}
    # at the end every coin total is public
    assert all(pl["vc"] is not None for pl in p["view"]["players"])
    assert p["log"][-1]["kind"] == "over"
    games = client.get("/api/games").json()["games"]
    assert games[0]["status"] == "over" and games[0]["result"] == res
    # acting after the end is refused
    r = act(client, g["id"], g["host_token"], "end")
    assert r.status_code == 409 and "over" in r.json()["error"]


# ---- refusals ----------------------------------------------------------------------------------


def _count_actions(db_path, gid):
    with sqlite3.connect(db_path) as db:
        return db.execute("select count(*) from actions where game_id=?", (gid,)).fetchone()[0]


def test_illegal_actions_are_refused_with_the_engines_reason(client, db_path):
    g = new_game(client)
    gid, tok = g["id"], g["host_token"]
    before = _count_actions(db_path, gid)
    rid = state(client, gid, tok)["view"]["regions"][0]["id"]
    r = act(client, gid, tok, f"conquer {rid}")  # picking is the only legal move now
    assert r.status_code == 409
    assert "illegal action" in r.json()["error"] and "must pick" in r.json()["error"]
    r = act(client, gid, tok, "pick 9")
    assert r.status_code == 409 and "no combo at that position" in r.json()["error"]
    r = act(client, gid, tok, "conquer")  # wrong number of arguments
    assert r.status_code == 400 and r.json()["error"].startswith("bad action")
    r = act(client, gid, tok, "")
    assert r.status_code == 400 and "empty action" in r.json()["error"]
    r = act(client, gid, tok, "roll 3")  # a chance action is never a player's
    assert r.status_code == 409
    assert _count_actions(db_path, gid) == before
    assert state(client, gid, tok)["game"]["actions"] == before


def test_conquering_an_unreachable_region_is_refused(client):
    g = new_game(client)
    gid, tok = g["id"], g["host_token"]
    p = act(client, gid, tok, "pick 0").json()
    blocked = next(rid for rid, h in p["hints"].items() if h["status"] == "blocked" and "Entry" in h["reason"])
    r = act(client, gid, tok, f"conquer {blocked}")
    assert r.status_code == 409 and "R-CONQ-1" in r.json()["error"]
    r = act(client, gid, tok, "conquer Z9.1")
    assert r.status_code == 409 and "no Region 'Z9.1'" in r.json()["error"]


@pytest.mark.parametrize("body", [
    {},
    {"action": 5},
    {"action": ["pick", 0]},
    {"action": "pick 0", "seat": "first"},
    {"action": "x" * 500},
])
def test_bad_payloads_are_refused(client, body):
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/actions", json=body, headers={"X-Token": g["host_token"]})
    assert r.status_code == 422
    assert r.json()["error"].startswith("bad request")


def test_not_json_is_refused(client):
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/actions", content=b"pick 0",
                    headers={"X-Token": g["host_token"], "Content-Type": "application/json"})
    assert r.status_code == 422 and "error" in r.json()


def test_out_of_turn_actions_are_refused(client):
    g = new_game(client, seats=TWO_HUMANS)
    bob = seat_token(g, 1)
    r = act(client, g["id"], bob, "pick 0")
    assert r.status_code == 409
    assert r.json()["error"] == "it is not Bob's turn to act: waiting for Anna"
    # Bob's page offers no action while Anna is to play
    p = state(client, g["id"], bob)
    assert p["legal"] == [] and p["actor"] == 0


@pytest.mark.parametrize("seats,error", [
    ([{"name": "Solo"}], "2 to 5 seats"),
    ([{"name": "A"}] * 6, "2 to 5 seats"),
    ([{"name": "Anna"}, {"name": "anna"}], "two seats are called"),
    ([{"name": "A"}, {"name": "B", "kind": "bot", "bot": "genius"}], "unknown bot 'genius'"),
    ([{"name": "A"}, {"name": "B", "kind": "alien"}], "kind must be"),
])
def test_bad_new_games_are_refused(client, seats, error):
    r = client.post("/api/games", json={"seats": seats})
    assert r.status_code == 400 and error in r.json()["error"]


def test_unknown_edition_is_refused(client):
    r = client.post("/api/games", json={"seats": TWO_HUMANS, "edition": "chess"})
    assert r.status_code == 400 and "unknown edition" in r.json()["error"]


# ---- tokens ------------------------------------------------------------------------------------


def test_tokens_are_checked(client):
    g = new_game(client, seats=TWO_HUMANS)
    gid = g["id"]
    r = client.get(f"/api/games/{gid}/state")
    assert r.status_code == 401 and "missing token" in r.json()["error"]
    r = client.get(f"/api/games/{gid}/state", params={"token": "guess"})
    assert r.status_code == 403 and r.json()["error"] == "wrong token for this game"
    r = act(client, gid, "guess", "pick 0")
    assert r.status_code == 403
    r = client.get(f"/api/games/{gid}/state", params={"token": seat_token(g, 1), "seat": 0})
    assert r.status_code == 403 and "seat 1" in r.json()["error"]
    r = client.get("/api/games/nope/state", params={"token": g["host_token"]})
    assert r.status_code == 404
    r = client.get(f"/api/games/{gid}/state", params={"token": g["host_token"], "seat": 7})
    assert r.status_code == 400
    # a seat link cannot list the others' links or delete the game
    assert client.get(f"/api/games/{gid}/links", headers={"X-Token": seat_token(g, 0)}).status_code == 403
    assert client.delete(f"/api/games/{gid}", headers={"X-Token": seat_token(g, 0)}).status_code == 403
    assert client.get(f"/api/games/{gid}/links", headers={"X-Token": g["host_token"]}).status_code == 200


def test_host_cannot_act_for_a_bot(client):
    g = new_game(client)
    r = client.get(f"/api/games/{g['id']}/state", params={"token": g["host_token"], "seat": 1})
    assert r.status_code == 403 and "bot" in r.json()["error"]


# ---- hidden information (RULES §15) ------------------------------------------------------------


def _play_both(client, g, actions=40):
    """Two human seats playing through their own links."""
    toks = [seat_token(g, 0), seat_token(g, 1)]
    for _ in range(actions):
        p0 = state(client, g["id"], toks[0])
        if p0["over"]:
            break
        actor = p0["actor"]
        p = state(client, g["id"], toks[actor])
        r = act(client, g["id"], toks[actor], choose(p["legal"]))
        assert r.status_code == 200, r.text
    return toks


def test_a_seat_never_receives_another_seats_coins(client):
    g = new_game(client, seats=TWO_HUMANS, seed=3)
    toks = _play_both(client, g, 40)
    p0 = state(client, g["id"], toks[0])
    p1 = state(client, g["id"], toks[1])
    assert p0["view"]["round"] >= 2  # both have scored at least once
    assert p0["view"]["players"][0]["vc"] is not None and p0["view"]["players"][1]["vc"] is None
    assert p0["view"]["players"][1]["last_score"] is None
    assert p1["view"]["players"][0]["vc"] is None
    # Bob's scoring lines are in Bob's chronicle only
    bob_scores = [e for e in p1["log"] if e["kind"] == "score" and e["private"] == 1]
    assert bob_scores
    assert not [e for e in p0["log"] if e["private"] == 1]
    # nothing in Anna's payload carries Bob's total
    for key in ("vc", "last_score"):
        assert p0["view"]["players"][1][key] is None


def test_hotseat_shows_the_human_seat_to_act(client):
    g = new_game(client, seats=TWO_HUMANS)
    host = g["host_token"]
    p = state(client, g["id"], host)
    assert p["perspective"] == 0 and p["view"]["players"][1]["vc"] is None
    while p["actor"] == 0:
        p = act(client, g["id"], host, choose(p["legal"])).json()
    assert p["perspective"] == 1 and p["actor"] == 1
    assert p["view"]["players"][0]["vc"] is None and p["view"]["players"][1]["vc"] is not None


def test_websocket_pushes_each_seats_own_view(client):
    g = new_game(client, seats=TWO_HUMANS)
    gid = g["id"]
    a_tok, b_tok = seat_token(g, 0), seat_token(g, 1)
    with client.websocket_connect(f"/ws/{gid}?seat=1&token={b_tok}") as ws_b:
        first = ws_b.receive_json()
        assert first["type"] == "update" and first["perspective"] == 1 and first["log_reset"]
        n = first["log_total"]
        r = act(client, gid, a_tok, "pick 0")
        assert r.status_code == 200
        msg = ws_b.receive_json()
        assert msg["type"] == "update" and msg["view"]["players"][0]["race"] is not None
        assert msg["view"]["players"][0]["vc"] is None  # Anna's coins stay hidden from Bob
        assert not msg["log_reset"] and msg["log"] and msg["log"][0]["i"] == n
        assert msg["log"][0]["text"].startswith("Anna picks")


def test_websocket_refuses_a_wrong_token(client):
    g = new_game(client)
    with client.websocket_connect(f"/ws/{g['id']}?token=guess") as ws:
        msg = ws.receive_json()
        assert msg == {"type": "error", "error": "wrong token for this game"}


# ---- saving and resuming -----------------------------------------------------------------------


def test_every_action_is_stored_with_its_index(client, db_path):
    g = new_game(client)
    play_human_turns(client, g["id"], g["host_token"], 30)
    record = client.get(f"/api/games/{g['id']}/record", headers={"X-Token": g["host_token"]}).json()
    with sqlite3.connect(db_path) as db:
        rows = db.execute("select idx, text from actions where game_id=? order by idx", (g["id"],)).fetchall()
        header, seats = db.execute("select header, seats from games where id=?", (g["id"],)).fetchone()
    assert [i for i, _ in rows] == list(range(len(rows)))
    assert [t for _, t in rows] == record["actions"]
    assert json.loads(header) == record["header"]
    assert [s["kind"] for s in json.loads(seats)] == ["human", "bot", "bot"]
    assert json.loads(seats)[0]["token"] == seat_token(g, 0)


def test_a_restarted_server_resumes_the_same_game(db_path):
    with TestClient(create_app(db_path, bot_delay=0)) as c1:
        g = new_game(c1, seed=8)
        p1 = play_human_turns(c1, g["id"], g["host_token"], 20)
        assert not p1["over"]
        rec1 = c1.get(f"/api/games/{g['id']}/record", headers={"X-Token": g["host_token"]}).json()
    with TestClient(create_app(db_path, bot_delay=0)) as c2:
        p2 = state(c2, g["id"], g["host_token"])
        assert p2["view"] == p1["view"]
        assert [e["text"] for e in p2["log"]] == [e["text"] for e in p1["log"]]
        rec2 = c2.get(f"/api/games/{g['id']}/record", headers={"X-Token": g["host_token"]}).json()
        assert rec2 == rec1
        replay(GameRecord.from_json(rec2))  # the stored record replays
        # and the game goes on from there
        p3 = play_human_turns(c2, g["id"], g["host_token"], 5)
        assert p3["game"]["actions"] > p2["game"]["actions"]
        # the seat links still work after the restart
        assert state(c2, g["id"], seat_token(g, 0))["perspective"] == 0


def test_a_failed_write_undoes_the_action(client, monkeypatch):
    from smallworld.web.storage import StoreError

    g = new_game(client)
    store = client.app.state.store

    def broken(*a, **k):
        raise StoreError("disk full")

    monkeypatch.setattr(store, "append", broken)
    r = act(client, g["id"], g["host_token"], "pick 0")
    assert r.status_code == 503 and "not saved" in r.json()["error"]
    monkeypatch.undo()
    p = state(client, g["id"], g["host_token"])
    assert p["view"]["phase"] == "pick" and p["view"]["players"][0]["race"] is None
    assert act(client, g["id"], g["host_token"], "pick 0").status_code == 200


def test_export_then_import_gives_the_same_game(client):
    g = new_game(client, seed=13)
    p = play_human_turns(client, g["id"], g["host_token"], 25)
    r = client.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]})
    assert r.status_code == 200
    assert r.headers["content-disposition"].startswith("attachment")
    exported = r.text
    r = client.post("/api/games/import", content=exported.encode(), headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text
    imp = r.json()
    assert imp["id"] != g["id"] and all(s["kind"] == "human" for s in imp["seats"])
    q = state(client, imp["id"], imp["host_token"])
    assert q["view"]["regions"] == p["view"]["regions"]
    assert q["view"]["round"] == p["view"]["round"]
    again = client.get(f"/api/games/{imp['id']}/record", params={"token": imp["host_token"]}).json()
    assert again == json.loads(exported)
    # importing with bot seats: {"record": ..., "bots": {"1": "random"}}
    r = client.post("/api/games/import", json={"record": json.loads(exported), "bots": {"1": "random", "2": "random"}})
    assert r.status_code == 201 and [s["kind"] for s in r.json()["seats"]] == ["human", "bot", "bot"]


def test_a_seat_link_exports_only_after_the_game(client):
    g = new_game(client)
    r = client.get(f"/api/games/{g['id']}/record", params={"token": seat_token(g, 0)})
    assert r.status_code == 403 and "coins" in r.json()["error"]


@pytest.mark.parametrize("content,error", [
    (b"this is not json", "not valid JSON"),
    (b'{"header": {"format": 1}', "not valid JSON"),
    (b"[1, 2, 3]", "must be a JSON object"),
    (b'{"actions": []}', "no 'header'"),
    (b"\xff\xfe\x00", "not UTF-8"),
])
def test_corrupt_imports_are_refused(client, content, error):
    r = client.post("/api/games/import", content=content, headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert error in r.json()["error"]


def test_a_tampered_record_is_refused_naming_the_action(client):
    g = new_game(client)
    play_human_turns(client, g["id"], g["host_token"], 10)
    rec = client.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]}).json()
    i = next(k for k, a in enumerate(rec["actions"]) if a.startswith("pick"))
    rec["actions"][i] = "conquer L1.0"
    r = client.post("/api/games/import", json=rec)
    assert r.status_code == 400
    assert f"action {i + 1} ('conquer L1.0')" in r.json()["error"]
    n = len(client.get("/api/games").json()["games"])
    assert n == 1  # nothing was stored


def test_list_and_delete(client):
    g1 = new_game(client, seed=1)
    g2 = new_game(client, seed=2)
    games = client.get("/api/games").json()["games"]
    assert {x["id"] for x in games} == {g1["id"], g2["id"]}
    mine = next(x for x in games if x["id"] == g1["id"])
    assert mine["link"] == g1["hotseat"]  # the host's own machine sees the resume links
    assert "host_token" not in mine
    r = client.delete(f"/api/games/{g1['id']}", headers={"X-Token": g1["host_token"]})
    assert r.status_code == 200
    assert [x["id"] for x in client.get("/api/games").json()["games"]] == [g2["id"]]
    assert client.get(f"/api/games/{g1['id']}/state", params={"token": g1["host_token"]}).status_code == 404


def test_board_geometry_and_meta(client):
    g = new_game(client)
    b = client.get(f"/api/games/{g['id']}/board", params={"token": g["host_token"]}).json()
    assert b["svg"].startswith("<svg") and b["svg"].count('class="sw-face"') == 3
    p = state(client, g["id"], g["host_token"])
    ids = {r["id"] for r in p["view"]["regions"]}
    assert set(b["regions"]) == ids
    for rid in ids:
        assert f'id="{rid}"' in b["svg"]
    m = client.get("/api/meta").json()
    assert "random" in m["bots"] and m["races"]["trolls"]["summary"]
    assert m["items"]["doomhammer"]["summary"] and m["powers"]["sailing"]["value"] == 5


def test_pages_and_static_files_are_served(client):
    assert "Small World" in client.get("/").text
    assert re.search(r'src="/assets/play\.\w+\.js"', client.get("/play/whatever").text)
    for path in ("/static/js/play.js", "/static/js/board.js", "/static/css/app.css", "/static/img/icon.svg"):
        assert client.get(path).status_code == 200, path


# ---- bots in the background --------------------------------------------------------------------

BOT_FIRST = [{"name": "Robo", "kind": "bot", "bot": "random"}, {"name": "Anna", "kind": "human"}]


def test_bots_with_a_delay_play_in_the_background_and_push_each_move(db_path):
    with TestClient(create_app(db_path, bot_delay=0.01)) as c:
        g = new_game(c, seats=BOT_FIRST)
        with c.websocket_connect(f"/ws/{g['id']}?seat=1&token={seat_token(g, 1)}") as ws:
            pushes = [ws.receive_json()]
            while pushes[-1]["actor"] != 1:
                pushes.append(ws.receive_json())
                assert len(pushes) < 200
        assert len(pushes) > 2  # one push per bot move
        assert pushes[-1]["legal"] and pushes[-1]["view"]["phase"] == "pick"
        assert any(e["text"].startswith("Robo picks") for p in pushes for e in p["log"])


def test_a_bot_move_left_pending_by_a_stopped_server_is_played_on_restart(db_path):
    with TestClient(create_app(db_path, bot_delay=600)) as c1:  # bots would wait 10 minutes
        g = new_game(c1, seats=BOT_FIRST)
        p = state(c1, g["id"], g["host_token"])
        assert p["actor"] == 0 and p["actor_kind"] == "bot"
    with TestClient(create_app(db_path, bot_delay=0)) as c2:
        p = state(c2, g["id"], g["host_token"])
        assert p["actor"] == 1 and p["legal"]


def test_the_team_variant_can_be_played(client):
    g = new_game(client, seats=[{"name": "Ally", "kind": "human"}, {"name": "Hordo", "kind": "bot", "bot": "random"}],
                 edition="swow-team", seed=9)
    p = state(client, g["id"], g["host_token"])
    assert p["view"]["team"]["sides"] == ["A", "H"]
    p = play_human_turns(client, g["id"], g["host_token"], 3000)
    assert p["over"]


def test_an_engine_failure_rolls_the_game_back(db_path, monkeypatch):
    """A bug while applying (not a refusal) answers 500 JSON and leaves the game as stored."""
    from smallworld.core import game as game_mod

    client = TestClient(create_app(db_path, bot_delay=0), raise_server_exceptions=False)
    g = new_game(client)
    real = game_mod.Game.apply

    def exploding(self, action, **kw):
        real(self, action, **kw)  # the state changes, then something goes wrong
        raise RuntimeError("boom")

    monkeypatch.setattr(game_mod.Game, "apply", exploding)
    r = act(client, g["id"], g["host_token"], "pick 0")
    assert r.status_code == 500 and r.json() == {"error": "internal error (the server's log has the details)"}
    monkeypatch.undo()
    live = client.app.state.hub.get(g["id"])
    assert live.game.state.phase == "pick" and live.game.state.active[0] is None
    assert act(client, g["id"], g["host_token"], "pick 0").status_code == 200


def test_seat_payload_does_not_depend_on_other_seats_secrets(client):
    """Two worlds that differ only in Bob's coins and scoring lines give Anna the very same
    bytes (RULES §15)."""
    from smallworld.web.payload import seat_payload

    g = new_game(client, seats=TWO_HUMANS, seed=3)
    _play_both(client, g, 30)
    live = client.app.state.hub.get(g["id"])
    s = live.game.state
    before = json.dumps(seat_payload(live, 0, can_act=True, mode="seat"), sort_keys=True)
    s.vc[1] += 17
    s.last_score = s.last_score[:1] + ((("Regions", 99),),) + s.last_score[2:]  # shared tuples: replaced whole
    after = json.dumps(seat_payload(live, 0, can_act=True, mode="seat"), sort_keys=True)
    assert before == after
    assert json.dumps(seat_payload(live, 1, can_act=True, mode="seat")) != before


def test_the_payload_puts_the_turn_in_progress_into_words(client):
    """Tolls paid, uses per turn, races beaten and the box (view) reach the page, with the words
    the turn panel shows (smallworld.web.turnfacts); a waiting seat gets the same public facts."""
    from tests.conftest import scenario

    g = new_game(client, seats=[{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "human"},
                                {"name": "Chen", "kind": "human"}], seed=4)
    s = scenario("""
        boards = ["L1", "M1", "S1"]
        seats = ["Anna", "Bruno", "Chen"]
        turn = 0
        phase = "conquer"
        defeated = { humans = 1, pandaren = 2 }
        paid = ["harmony", "aegis", "marsh-L1.6"]
        [[players]]
        race = "gnomes"
        power = "portal-mage"
        hand = 3
        [[players]]
        race = "pandaren"
        power = "marshdweller"
        [[players]]
        race = "orcs"
        power = "defensive"
        [regions]
        "L1.1" = { player = 0, tokens = 3, item = "doomhammer" }
        "L1.6" = { player = 0, tokens = 2 }
        "L1.4" = { player = 2, tokens = 2, item = "aegis-of-aggramar" }
        [column]
        combos = [["tauren", "sailing", 0]]
        [turn_flags]
        portal-mage-uses = 2
        gnomes-airborne = true
    """)
    s.box[s.spec.race_index["tauren"]] = 9
    client.app.state.hub.get(g["id"]).game.state = s
    p = state(client, g["id"], seat_token(g, 0))
    v = p["view"]
    assert v["tolls_paid"] == ["aegis", "harmony", "marsh-L1.6"]
    assert v["defeated_this_turn"] == {"humans": 1, "pandaren": 2} and v["box"]["tauren"] == 9
    t = p["this_turn"]
    assert t["seat"] == 0
    tolls = {x["key"]: x for x in t["tolls"]}
    assert tolls["harmony"]["text"] == "Harmony paid to Bruno" and tolls["harmony"]["payee"] == 1
    assert tolls["harmony"]["amount"] == 2
    assert tolls["aegis"]["text"] == "Aegis paid" and tolls["aegis"]["amount"] == 2
    marsh = tolls["marsh-L1.6"]
    assert marsh["text"] == f"Marshdweller toll paid for {s.spec.names[s.spec.index['L1.6']]}"
    assert (marsh["region"], marsh["payee"], marsh["amount"]) == ("L1.6", 1, 1)
    uses = {x["id"]: x for x in t["uses"]}
    assert uses["portal-mage"]["text"] == "Portal Mage 2 of 2 used"
    assert (uses["portal-mage"]["used"], uses["portal-mage"]["max"]) == (2, 2)
    assert uses["gnomes"]["text"] == "Airborne assault used"
    assert uses["doomhammer"]["text"] == "Doomhammer ready"  # held by the Gnomes, not used yet
    assert "frostmourne" not in uses and "intimidating" not in uses  # nobody's here
    # Alliance Gnomes: the Horde would count, Humans (Alliance) and Pandaren (Neutral) do not
    assert [(b["race"], b["regions"], b["enemy"]) for b in t["beaten"]] == [("humans", 1, False), ("pandaren", 2, False)]
    assert t["faction_bonus"] is False
    # a waiting seat reads the same public facts (and no secret: Anna's coins stay hidden)
    q = state(client, g["id"], seat_token(g, 2))
    assert q["this_turn"] == t and q["view"]["players"][0]["vc"] is None


def test_meta_sends_the_bot_levels_and_a_level_or_raw_bot_name_is_accepted(client):
    """bots.LEVELS: Easy, Medium, Hard in /api/meta of both editions; a seat may name a level
    (``hard``) or a raw bot (``mcts``)."""
    from smallworld.bots import BOTS, LEVELS

    for path in ("/api/meta", "/api/meta?edition=classic"):
        levels = client.get(path).json()["levels"]
        assert [lv["name"] for lv in levels] == ["Easy", "Medium", "Hard"]
        assert all(lv["bot"] in BOTS and lv["description"] for lv in levels)
    g = new_game(client, seats=[{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "bot", "bot": "hard"},
                                {"name": "Cleo", "kind": "bot", "bot": "random"}])
    bots = [s.get("bot") for s in g["seats"]]
    assert bots[1] == LEVELS[2].bot and bots[2] == "random"
