"""Who can know the dice (issue #36 point 4): a sealed game's secret seed never leaves the
server before the end (no page, no export or record download, no replay, no lobby, no socket,
no import of an exported record), and wherever fairness is described (the pages' fairness
text, the verify answer, the README) it says plainly that the host is trusted for secrecy:
verifying proves only that no outcome was changed after the commitment."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from smallworld.web.games import HOST_TRUST, bot_seed
from smallworld.web.server import create_app
from tests.web.conftest import act, every_route, seat_token, state
from tests.web.test_api import choose

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"},
         {"name": "Cleo", "kind": "bot", "bot": "random"}]
README = Path(__file__).resolve().parents[2] / "README.md"


def _sealed_game(c):
    r = c.post("/api/games", json={"seats": SEATS})  # no seed: a sealed secret seed
    assert r.status_code == 201, r.text
    g = r.json()
    for _ in range(12):  # some play, bots included
        p = state(c, g["id"], g["host_token"])
        act(c, g["id"], g["host_token"], choose(p["legal"]))
    return g


def _leaks(text, secrets):
    return [s for s in secrets if s and s in text]


def test_the_sealed_seed_never_leaves_the_server_before_the_end(db_path):
    app = create_app(db_path, bot_delay=0)
    with TestClient(app, base_url="http://127.0.0.1:8765", client=("127.0.0.1", 5)) as c:
        g = _sealed_game(c)
        gid = g["id"]
        live = app.state.hub.live[gid]
        secret = app.state.store.load(gid).secret
        assert secret and live.game.secret == secret and not live.game.state.is_over()
        hidden = [secret, bot_seed(live.game, 2)]  # the bots' seeds come from it too
        tokens = [g["host_token"], seat_token(g, 0), seat_token(g, 1)]
        answers = []
        # every GET route of the app (a new one is covered too), with every link's token
        routes = every_route(app)
        assert len(routes) > 20 and ("GET", "/api/games/{game_id}/state") in [
            (m, p) for ms, p in routes for m in ms]
        for methods, path in routes:
            if "GET" not in methods:
                continue
            for tok in tokens:
                url = path.replace("{game_id}", gid)
                answers.append((url, c.get(url, params={"token": tok, "at": "3"})))
                answers.append((url, c.get(url, headers={"X-Token": tok, "X-Tokens": tok})))
        for tok, seat in ((g["host_token"], None), (tokens[1], 0), (tokens[2], 1)):
            q = f"ws://127.0.0.1:8765/ws/{gid}?token={tok}" + (f"&seat={seat}" if seat is not None else "")
            with c.websocket_connect(q) as ws:
                answers.append((q, ws.receive_text()))
        exported = c.get(f"/api/games/{gid}/record", params={"token": g["host_token"]})
        assert exported.status_code == 200
        answers.append(("export", exported))
        for where, answer in answers:
            text = answer if isinstance(answer, str) else answer.text
            assert not _leaks(text, hidden), where
        # the export carries the commitment only; an import of it is sealed with a new secret
        record = exported.json()
        assert "seed" not in record["header"] and record["header"]["chance"]["commit"]
        r = c.post("/api/games/import", content=exported.text,
                   headers={"Content-Type": "application/json"})
        assert r.status_code == 201, r.text
        imp = r.json()
        again = c.get(f"/api/games/{imp['id']}/record", params={"token": imp["host_token"]}).text
        new_secret = app.state.store.load(imp["id"]).secret
        assert new_secret and new_secret != secret
        assert not _leaks(again, [secret, new_secret])
        lobby = c.get("/api/games").text
        assert not _leaks(lobby, [secret, new_secret])


def test_fairness_says_the_host_is_trusted_for_secrecy(client):
    r = client.post("/api/games", json={"seats": SEATS[:2]})
    g = r.json()
    p = state(client, g["id"], g["host_token"])
    assert p["chance"]["kind"] == "sealed"
    assert HOST_TRUST in p["chance"]["text"] and p["chance"]["host"] == HOST_TRUST
    v = client.get(f"/api/games/{g['id']}/verify", params={"token": g["host_token"]}).json()
    assert v["host"] == HOST_TRUST
    assert "host is trusted" in HOST_TRUST and "predict every roll" in HOST_TRUST
    assert "no roll or draw was changed" in HOST_TRUST


def test_the_readme_says_who_can_know_the_dice():
    text = README.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `smallworld replay FILE"))
    assert "The host is trusted for secrecy" in row
    assert "predict every roll" in row and "no roll or draw was changed" in row
    json.dumps(row)  # one table row
