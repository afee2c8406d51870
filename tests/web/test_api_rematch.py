"""Rematch (issue 35 point 10) through the API: "Play again" on a finished game starts a game with
the same seats, bots and edition, a new sealed seed and the seats rotated; asking again gives the
same game; each old seat link finds its seat's new link (the same secret, at its new place)."""

from __future__ import annotations

from tests.web.conftest import finished_record, new_game, seat_token, state


def _finished(client):
    done = client.post("/api/games/import", json={"record": finished_record(players=3), "bots": {"2": "random"}})
    assert done.status_code == 201, done.text
    return done.json()


def test_play_again_rotates_the_seats_and_moves_the_links(client):
    old = _finished(client)
    anna, bruno = seat_token(old, 0), seat_token(old, 1)
    gid = old["id"]
    # nothing yet: the old links know of no rematch
    assert client.get(f"/api/games/{gid}/rematch", params={"token": bruno}).json() == {"id": None, "link": None}
    # Bruno's seat link starts it: his link moves to his new seat (seats rotated: Bruno, Chen, Anna)
    r = client.post(f"/api/games/{gid}/rematch", json={}, headers={"X-Token": bruno})
    assert r.status_code == 201, r.text
    new_id = r.json()["id"]
    assert new_id != gid
    assert r.json()["link"] == f"/play/{new_id}?seat=0&token={bruno}"
    assert "host_token" not in r.json() and "seats" not in r.json()  # a seat is not the host
    # asking again (a second tab, the host) gives the same game
    again = client.post(f"/api/games/{gid}/rematch", json={}, headers={"X-Token": old["host_token"]})
    assert again.status_code == 200 and again.json()["id"] == new_id
    host = again.json()
    assert [(s["name"], s["kind"], s["bot"]) for s in host["seats"]] == [
        ("Bruno", "human", None), ("Chen", "bot", "random"), ("Anna", "human", None)]
    assert host["link"] == host["hotseat"] == f"/play/{new_id}?token={host['host_token']}"
    # Anna's old link shown the finished game finds her new seat
    moved = client.get(f"/api/games/{gid}/rematch", params={"token": anna}).json()
    assert moved == {"id": new_id, "link": f"/play/{new_id}?seat=2&token={anna}"}
    P = state(client, new_id, anna, seat=2)
    assert P["perspective"] == 2
    assert [s["name"] for s in P["game"]["seats"]] == ["Bruno", "Chen", "Anna"]
    assert P["view"]["edition"] == state(client, gid, anna)["view"]["edition"]
    assert not P["over"] and P["view"]["round"] == 1
    # a new seed, sealed (the finished game's was revealed at its end)
    assert P["chance"] != state(client, gid, anna)["chance"]
    # a stranger's token is refused
    assert client.post(f"/api/games/{gid}/rematch", json={}, headers={"X-Token": "nope"}).status_code == 403


def test_a_game_in_play_has_no_rematch(client):
    live = new_game(client)
    r = client.post(f"/api/games/{live['id']}/rematch", json={}, headers={"X-Token": live["host_token"]})
    assert r.status_code == 409 and "not over" in r.json()["error"]


def test_a_deleted_rematch_can_be_started_again(client):
    old = _finished(client)
    host = {"X-Token": old["host_token"]}
    first = client.post(f"/api/games/{old['id']}/rematch", json={}, headers=host).json()
    assert client.delete(f"/api/games/{first['id']}", headers=host | {"X-Token": first["host_token"]}).status_code == 200
    second = client.post(f"/api/games/{old['id']}/rematch", json={}, headers=host)
    assert second.status_code == 201 and second.json()["id"] != first["id"]


def test_rotation_keeps_team_sides_and_teammates():
    """R-TEAM-1 gives sides by seat number: in the team variant each player moves round among
    the seats of its own side (4 players A H A H; 5 players A H N A H), so teammates stay
    together; one seat per side (2, 3 players, other editions): a plain rotation."""
    from smallworld.web.games import Seat
    from smallworld.web.rematch import rotated

    names = lambda seats: [s.name for s in seats]
    five = [Seat(n, "human", token=n.lower()) for n in ("Anna", "Bruno", "Chen", "Dara", "Eli")]
    assert names(rotated(five)) == ["Bruno", "Chen", "Dara", "Eli", "Anna"]
    assert names(rotated(five, ("A", "H", "N", "A", "H"))) == ["Dara", "Eli", "Chen", "Anna", "Bruno"]
    assert names(rotated(five[:4], ("A", "H", "A", "H"))) == ["Chen", "Dara", "Anna", "Bruno"]
    assert names(rotated(five[:3], ("A", "H", "N"))) == ["Bruno", "Chen", "Anna"]
    assert [s.token for s in rotated(five)] == ["bruno", "chen", "dara", "eli", "anna"]


def test_a_team_rematch_keeps_the_sides(client):
    import random

    from smallworld.core.game import Game

    g = Game.new(4, seed=3, edition="swow-team", seats=["Anna", "Bruno", "Chen", "Dara"])
    g.settle()
    rng = random.Random(3)
    while not g.state.is_over():
        g.apply(rng.choice(g.legal_actions()))
        g.settle()
    done = client.post("/api/games/import", json={"record": g.record.to_json()})
    assert done.status_code == 201, done.text
    old = done.json()
    r = client.post(f"/api/games/{old['id']}/rematch", json={}, headers={"X-Token": old["host_token"]})
    assert r.status_code == 201, r.text
    new = r.json()
    assert [s["name"] for s in new["seats"]] == ["Chen", "Dara", "Anna", "Bruno"]
    side = {s["name"]: s["side"] for s in old["seats"]}
    assert all(s["side"] == side[s["name"]] for s in new["seats"])  # Anna and Chen still Alliance
    assert state(client, new["id"], new["host_token"])["view"]["edition"] == "swow-team"
