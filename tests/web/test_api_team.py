"""The team variant "Battle for Azeroth" (RULES §12) through the web API: creating a team game,
each seat's side, teammates' coins (R-TEAM-6), the side scores and shared victory (R-TEAM-7).
"""

from __future__ import annotations

from tests.web.conftest import new_game, seat_token, state
from tests.web.test_api import play_human_turns

FOUR = [
    {"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "bot", "bot": "random"},
    {"name": "Cleo", "kind": "human"}, {"name": "Dan", "kind": "bot", "bot": "random"},
]


def test_the_lobby_knows_the_sides_of_a_team_game(client):
    m = client.get("/api/meta").json()
    assert {"id": "swow-team", "name": "Battle for Azeroth (team variant)"} in m["editions"]
    assert m["team_sides"] == {"2": ["A", "H"], "3": ["A", "H", "N"], "4": ["A", "H", "A", "H"],
                               "5": ["A", "H", "N", "A", "H"]}
    assert m["side_names"] == {"A": "Alliance", "H": "Horde", "N": "Neutral"}


def test_a_team_game_from_creation_to_the_result_by_side(client):
    g = new_game(client, seats=FOUR, edition="swow-team", seed=31)
    # R-TEAM-1: sides follow the seat order, and the creation answer says which is which
    assert [s["side"] for s in g["seats"]] == ["A", "H", "A", "H"]
    anna, cleo = seat_token(g, 0), seat_token(g, 2)

    # Anna's private page: her teammate Cleo's coins, not the Horde's (R-TEAM-6)
    p = state(client, g["id"], anna, 0)
    assert p["game"]["edition"] == "swow-team"
    assert p["view"]["team"]["sides"] == ["A", "H", "A", "H"]
    assert [pl["side"] for pl in p["view"]["players"]] == ["A", "H", "A", "H"]
    vcs = [pl["vc"] for pl in p["view"]["players"]]
    assert vcs[0] is not None and vcs[2] is not None and vcs[1] is None and vcs[3] is None
    # Anna picks from the Alliance column
    assert set(p["view"]["team"]["columns"]) == {"A", "H"}
    picks = [a for a in p["legal"] if a["kind"] == "pick"]
    assert picks and all(p["view"]["team"]["columns"]["A"][int(a["args"][0])]["race"] for a in picks)
    q = state(client, g["id"], cleo, 2)
    assert q["view"]["players"][0]["vc"] is not None and q["view"]["players"][1]["vc"] is None

    # play to the end from the host page (both humans)
    p = play_human_turns(client, g["id"], g["host_token"], 4000)
    assert p["over"]
    res = p["view"]["result"]
    scores = res["scores"]
    # R-TEAM-7 (4 players): a side scores the lower of its two players
    assert res["sides"] == {"A": min(scores[0], scores[2]), "H": min(scores[1], scores[3])}
    won = res["winning_sides"]
    assert won and all(res["sides"][x] == max(res["sides"].values()) for x in won)
    assert res["winners"] == sorted(i for i, x in enumerate(["A", "H", "A", "H"]) if x in won)

    # the chronicle's last line names the winning side and its side score, not one player's coins
    names = {"A": "the Alliance (Anna and Cleo)", "H": "the Horde (Bob and Dan)"}
    over = p["log"][-1]
    assert over["kind"] == "over"
    assert names[won[0]] in over["text"] and f"side score of {res['sides'][won[0]]} coins" in over["text"]

    # the saved-games list keeps the result by side
    listed = client.get("/api/games").json()["games"][0]
    assert listed["edition"] == "swow-team" and listed["result"]["winning_sides"] == won


def test_a_two_player_team_game_is_one_player_per_side(client):
    g = new_game(client, seats=FOUR[:2], edition="swow-team", seed=8)
    assert [s["side"] for s in g["seats"]] == ["A", "H"]
    p = play_human_turns(client, g["id"], g["host_token"], 3000)
    res = p["view"]["result"]
    assert res["sides"] == {"A": res["scores"][0], "H": res["scores"][1]}


def test_score_entries_carry_the_round_of_the_turn_that_scored(client):
    """The last seat's scoring moves the round on: its log entry keeps the round it scored in
    (the page's scoring toast says "Round N")."""
    g = new_game(client, seats=[{"name": "Bob", "kind": "bot", "bot": "random"}, {"name": "Anna", "kind": "human"}], seed=12)
    token = seat_token(g, 1)
    p = play_human_turns(client, g["id"], token, 3000, seat=1)
    assert p["over"]
    mine = [e for e in p["log"] if e["kind"] == "score" and e["seat"] == 1]
    assert [e["round"] for e in mine] == list(range(1, p["view"]["rounds"] + 1))
