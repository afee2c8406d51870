"""What the server says about End turn in the conquests (issue 35 point 1, R-TROOP-3): its
tooltip tells where the tokens in hand go, and ``warn`` is the plain question the page asks
before a turn is thrown away (tokens in hand and no Region, or nothing conquered in a turn that
could conquer). The browser side is tests/web/test_browser_traps.py."""

from __future__ import annotations

from tests.web.conftest import act, new_game

TWO = [{"name": "Anna", "kind": "human"}, {"name": "Bea", "kind": "human"}]


def _end(P):
    return next(a for a in P["legal"] if a["kind"] == "end")


def _conquests(P):
    return [a for a in P["legal"] if a["kind"] == "conquer" and P["hints"][a["region"]]["status"] == "conquer"]


def test_end_turn_words_and_questions(client):
    created = new_game(client, TWO, seed=5)
    gid, tok = created["id"], created["host_token"]
    P = act(client, gid, tok, "pick 0").json()
    hand = P["view"]["players"][0]["hand"]
    end = _end(P)
    # every token in hand, no Region: the turn would pass with nothing placed
    assert end["ends_turn"] is True and end["label"] == "End turn"
    assert end["warn"] == f"You still have {hand} tokens in hand and no Region. End your turn anyway?"
    assert "stay where they are" not in end["hint"] and f"{hand} tokens" in end["hint"]
    assert all(a["warn"] is None for a in P["legal"] if a["kind"] != "end")
    # one Region held: the tokens in hand join it, nothing is thrown away
    P = act(client, gid, tok, _conquests(P)[0]["text"]).json()
    end = _end(P)
    assert end["warn"] is None and end["ends_turn"] is True
    if P["view"]["players"][0]["hand"]:
        assert "join your tokens in" in end["hint"], end["hint"]
    # two Regions: End conquests leads to the placement, no question
    P = act(client, gid, tok, _conquests(P)[0]["text"]).json()
    end = _end(P)
    assert end["ends_turn"] is False and end["label"] == "End conquests" and end["warn"] is None
