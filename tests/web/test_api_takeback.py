"""Take-backs and redeployment plans through the API (web/takeback.py, core/undo.py): a conquest
is undone until chance reveals something (RULES §15), the undone action leaves the record and
the database; a redeployment plan (R-TROOP-3) is applied all or nothing."""

from __future__ import annotations

from fastapi.testclient import TestClient

from smallworld.web.server import create_app
from tests.web.conftest import act, new_game, state

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "bot", "bot": "random"}]


def _quiet_conquest(P):
    items = {r["id"]: r.get("item") for r in P["view"]["regions"]}
    return next((a["text"] for a in P["legal"] if a["kind"] == "conquer" and not items.get(a["region"])), None)


def _to(client, gid, tok, want):
    """Play the first offered action until ``want(P)`` holds; returns P."""
    for _ in range(300):
        P = state(client, gid, tok)
        if want(P):
            return P
        assert P["legal"], "no move offered"
        r = act(client, gid, tok, P["legal"][0]["text"])
        assert r.status_code == 200, r.text
    raise AssertionError("position not reached")


def test_a_conquest_is_taken_back_everywhere(client, db_path):
    created = new_game(client, SEATS, seed=3)
    gid, tok = created["id"], created["host_token"]
    P = _to(client, gid, tok, lambda P: P["view"]["phase"] == "conquer" and _quiet_conquest(P))
    assert P["can_undo"] is False  # the pick revealed a new banner
    n_actions, n_log = P["game"]["actions"], P["log_total"]
    r = act(client, gid, tok, _quiet_conquest(P))
    assert r.status_code == 200, r.text
    after = r.json()
    if after["game"]["actions"] != n_actions + 1:
        return  # the conquest drew chance (nothing to take back): covered in tests/core
    assert after["can_undo"] is True
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Token": tok})
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["game"]["actions"] == n_actions and back["log_total"] == n_log
    assert back["view"] == P["view"] and back["can_undo"] is False
    # a second take-back would reach the pick, which revealed a banner: refused with that
    # reason, nothing changes
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Token": tok})
    assert r.status_code == 409 and "can no longer be taken back" in r.json()["error"]
    assert state(client, gid, tok)["game"]["actions"] == n_actions
    # the database lost the action too: a fresh server loads the same position
    with TestClient(create_app(db_path, bot_delay=0)) as c2:
        again = state(c2, gid, tok)
        assert again["game"]["actions"] == n_actions and again["view"] == P["view"]


def test_a_seat_link_cannot_take_back_another_seat(client):
    created = new_game(client, [{"name": "Anna"}, {"name": "Bob"}], seed=3)
    gid = created["id"]
    bob = created["seats"][1]["link"].split("token=")[1]
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Token": bob})
    assert r.status_code == 409


def test_a_redeployment_plan_is_all_or_nothing(client):
    created = new_game(client, SEATS, seed=3)
    gid, tok = created["id"], created["host_token"]
    P = _to(client, gid, tok, lambda P: P["view"]["phase"] == "redeploy" and P["legal"])
    hand = P["view"]["players"][P["perspective"]]["hand"]
    regions = sorted({a["region"] for a in P["legal"]})
    n = P["game"]["actions"]
    # too many tokens in the second step: refused, naming the step; nothing is applied
    bad = [f"redeploy {regions[0]} 1", f"redeploy {regions[-1]} {hand + 5}"]
    r = client.post(f"/api/games/{gid}/plan", json={"actions": bad}, headers={"X-Token": tok})
    assert r.status_code == 409 and "step 2" in r.json()["error"], r.text
    assert state(client, gid, tok)["game"]["actions"] == n
    # only placements belong in a plan
    r = client.post(f"/api/games/{gid}/plan", json={"actions": ["decline"]}, headers={"X-Token": tok})
    assert r.status_code == 409 and "not a placement" in r.json()["error"]
    # the whole hand, spread over the Regions: the turn ends when the plan is sent
    plan, left = [], hand
    for i, rid in enumerate(regions):
        k = left if i == len(regions) - 1 else min(1, left)
        if k:
            plan.append(f"redeploy {rid} {k}")
            left -= k
    r = client.post(f"/api/games/{gid}/plan", json={"actions": plan}, headers={"X-Token": tok})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["game"]["actions"] >= n + len(plan)
    assert after["view"]["players"][0]["hand"] == 0 or after["view"]["turn"] != 0


def test_a_take_back_the_database_refuses_changes_nothing(client, monkeypatch):
    """The database refuses the take-back: 503 naming it, and the game, its log and the
    take-back itself stay as they were (it can be asked again once the database answers)."""
    from smallworld.web.storage import StoreError

    created = new_game(client, SEATS, seed=3)
    gid, tok = created["id"], created["host_token"]
    P = _to(client, gid, tok, lambda P: P["view"]["phase"] == "conquer" and _quiet_conquest(P))
    r = act(client, gid, tok, _quiet_conquest(P))
    assert r.status_code == 200, r.text
    before = r.json()
    assert before["can_undo"] is True  # seed 3: this conquest draws no chance
    store = client.app.state.store
    real = store.truncate

    def refuse(*args, **kwargs):
        raise StoreError("the disk is full")

    monkeypatch.setattr(store, "truncate", refuse)
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Token": tok})
    assert r.status_code == 503 and "disk is full" in r.json()["error"]
    now = state(client, gid, tok)
    assert now["game"]["actions"] == before["game"]["actions"]
    assert now["view"] == before["view"] and now["log_total"] == before["log_total"]
    assert now["can_undo"] is True
    monkeypatch.setattr(store, "truncate", real)
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Token": tok})
    assert r.status_code == 200 and r.json()["game"]["actions"] == P["game"]["actions"]


def _end(P):
    return next(a for a in P["legal"] if a["kind"] == "end")


def test_ending_conquests_with_nothing_to_place_says_end_turn(client):
    """RULES §15, R-TROOP-3: a turn never ends on a button that does not say so. Holding one
    Region, ending the conquests leaves nothing to place: the turn ends, and the button says
    "End turn"; holding two, it leads to the placement (End turn comes with the plan)."""
    two = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    created = new_game(client, two, seed=5)
    gid, tok = created["id"], created["host_token"]
    P = _to(client, gid, tok, lambda P: P["view"]["phase"] == "conquer")
    assert _end(P)["ends_turn"] is True  # no Region held: nothing can be placed either
    r = act(client, gid, tok, next(a["text"] for a in P["legal"] if a["kind"] == "conquer"))
    P = r.json()
    end = _end(P)
    assert end["ends_turn"] is True and end["label"] == "End turn"
    assert not any(a["ends_turn"] for a in P["legal"] if a["kind"] == "conquer")
    r = act(client, gid, tok, next(a["text"] for a in P["legal"] if a["kind"] == "conquer"))
    P = r.json()
    end = _end(P)
    assert end["ends_turn"] is False and end["label"] == "End conquests"
    r = act(client, gid, tok, end["text"])
    assert r.json()["view"]["phase"] == "redeploy" and r.json()["actor"] == 0


def test_a_decline_is_marked_as_ending_the_turn(client):
    """R-DEC-1: putting the race In Decline ends the turn (the page asks first); expanding does not."""
    two = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    created = new_game(client, two, seed=5)
    gid, tok = created["id"], created["host_token"]
    P = _to(client, gid, tok, lambda P: P["view"]["phase"] == "decide")
    marks = {a["kind"]: a["ends_turn"] for a in P["legal"]}
    assert marks["decline"] is True and marks["expand"] is False


def test_ends_turn_is_true_to_what_the_action_does(client):
    """RULES §15: the page asks before an action marked ``ends_turn``. Over whole random games of
    two people, an action so marked passes the turn (or ends the game), and an unmarked one of
    the other kinds leaves the same seat to act unless chance was drawn in between."""
    import random

    two = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    rng = random.Random(4)
    marked = unmarked = 0
    for seed in (3, 8):
        created = new_game(client, two, seed=seed)
        gid, tok = created["id"], created["host_token"]
        P = state(client, gid, tok)
        while not P["over"]:
            a = rng.choice(P["legal"])
            before = (P["actor"], P["game"]["actions"])
            r = act(client, gid, tok, a["text"])
            assert r.status_code == 200, r.text
            P = r.json()
            if a["ends_turn"]:
                marked += 1
                assert P["over"] or P["actor"] != before[0], a
            elif a["kind"] not in ("conquer", "redeploy", "pick", "abandon"):
                unmarked += 1
                drew = P["game"]["actions"] > before[1] + 1  # chance drawn after the action
                assert drew or P["actor"] == before[0], a
    assert marked > 10 and unmarked > 10


def test_a_decline_before_a_goblin_bomb_is_revealed_is_marked_as_ending_the_turn(client):
    """R-DEC-1 and RULES §9 Goblins: the next seat's turn begins by revealing a Bomb (a draw).
    The decline still ends the turn, and is marked so (the page asks first); finding that out
    draws nothing."""
    from tests.conftest import scenario

    two = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    created = new_game(client, two, seed=5)
    gid, tok = created["id"], created["host_token"]
    s = scenario("""
        boards = ["L1", "M1"]
        round = 4
        turn = 0
        phase = "decide"
        [[players]]
        race = "orcs"
        power = "farmer"
        [[players]]
        race = "goblins"
        power = "mining"
        [regions]
        "L1.9" = { player = 0, tokens = 3, pieces = { bomb = 1 } }
        "L1.10" = { player = 1, tokens = 2 }
    """)
    client.app.state.hub.get(gid).game.state = s  # a position to read, not to play on
    P = state(client, gid, tok)
    marks = {a["kind"]: a["ends_turn"] for a in P["legal"]}
    assert marks == {"decline": True, "expand": False}
    live = client.app.state.hub.get(gid).game.state  # the game itself: nothing played or drawn
    assert live.current_player() == 0 and live.piece("bomb", live.region_of("L1.9")) == 1
