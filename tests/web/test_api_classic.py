"""The classic edition over the API: created from the lobby's list, its payload, its tables in
``/api/meta?edition=classic`` and its map drawing (C2..C5 through the Edition's loader)."""

from __future__ import annotations

from tests.web.conftest import act, new_game, seat_token, state

ANNA_BOB = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "bot", "bot": "random"}]


def test_meta_lists_every_edition_and_gives_classic_tables(client):
    m = client.get("/api/meta").json()
    assert [e["id"] for e in m["editions"]] == ["swow", "swow-team", "classic"]
    assert m["edition"] == "swow" and "swow-team" in m["serves"]
    c = client.get("/api/meta", params={"edition": "classic"}).json()
    assert c["edition"] == "classic" and c["serves"] == ["classic"]
    assert c["races"]["ratmen"]["name"] == "Ratmen"
    assert c["races"]["trolls"]["summary"].startswith("A Troll Lair")
    assert c["powers"]["dragon-master"]["summary"]
    assert c["items"] == {} and c["factions"] is False and c["neutral"]["name"] == "Lost Tribes"
    assert c["die"] == [0, 0, 0, 1, 2, 3]
    assert client.get("/api/meta", params={"edition": "chess"}).status_code == 404


def test_a_classic_game_is_created_and_its_payload_read(client):
    created = new_game(client, seats=ANNA_BOB, seed=3, edition="classic")
    tok = seat_token(created, 0)
    P = state(client, created["id"], tok)
    assert P["game"]["edition"] == "classic"
    assert P["game"]["edition_name"].startswith("Small World")
    assert P["game"]["boards"] == ["C2"]
    assert P["view"]["phase"] == "pick"
    regions = {r["id"] for r in P["view"]["regions"]}
    assert all(r.startswith("C2.") for r in regions)
    # Lost Tribes start on the map (C-SET-3)
    assert any(r["occupant"] for r in P["view"]["regions"])
    labels = [x["label"] for x in P["legal"]]
    assert labels and all("None" not in x and "undefined" not in x for x in labels)
    board = client.get(f"/api/games/{created['id']}/board", params={"token": tok}).json()
    assert [f["id"] for f in board["faces"]] == ["C2"] and set(board["regions"]) == regions
    assert 'data-face="C2"' in board["svg"]
    # a pick and the conquest hints
    r = act(client, created["id"], tok, "pick 0")
    assert r.status_code == 200, r.text
    P = r.json()
    assert P["view"]["phase"] == "conquer" and P["hints"]
    conquer = [x for x in P["legal"] if x["kind"] == "conquer"]
    assert conquer and conquer[0]["label"].startswith("Conquer ")
    assert P["this_turn"]["faction_bonus"] is False


def test_an_unknown_edition_is_refused_with_the_known_ones(client):
    r = client.post("/api/games", json={"seats": ANNA_BOB, "edition": "chess"})
    assert r.status_code == 400 and "classic" in r.json()["error"]


def test_classic_log_lines_speak_plainly():
    """The chronicle of classic games: Region names, not ``C2.4``; Lost Tribes, not Murlocs; the
    classic races and powers by name; scorings sorted into their sources."""
    import random
    import re

    from smallworld.core import edition as core_editions
    from smallworld.core.game import Game
    from smallworld.web.games import rebuild_log

    ed = core_editions.get("classic")
    raw_ids = [k for k in (*ed.races, *ed.powers) if "-" in k]  # ids a name never spells
    notation = re.compile(r"\bC\d\.\d+\b|\b[RC]-[A-Z]+-\d+|\bnull\b|\bundefined\b|\bNone\b|Murloc")
    for seed, players in ((1, 2), (2, 3), (3, 5)):
        g = Game.new(players, seed=seed, edition="classic")
        g.settle()
        rng = random.Random(seed)
        while not g.state.is_over():
            g.apply(rng.choice(g.legal_actions()))
            g.settle()
        log = rebuild_log(g.record)
        texts = [log.text(e) for e in log.entries]  # entries hold events; the words are said per reader
        bad = [t for t in texts if notation.search(t) or any(i in t for i in raw_ids)]
        assert not bad, bad[:5]
        assert any("Lost Tribes" in t for t in texts)
    # the scoring lines name their sources (the engine's scored events, C-SCORE-1): a race's line
    # (Wizards' Magic Sources) is the race's, a power's (Alchemist, Wealthy) the power's
    lines = [x for evs in g.record.events for ev in evs if ev["kind"] == "scored" for x in ev["lines"]]
    names = {"race": [r.name for r in ed.races.values()], "power": [p.name for p in ed.powers.values()]}
    told = [x for x in lines if x["source"] in names]
    assert told and all(any(x["label"].startswith(n) for n in names[x["source"]]) for x in told)
