"""Fair chance on the server (issue #15 point 4): every seat sees the commitment from its first
page, nothing leaks the secret seed before the end, the end reveals and checks it; a chosen
seed is marked as such to every seat; imports are sealed again."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from smallworld.cli import app as cli
from smallworld.web.server import create_app
from tests.web.conftest import new_game, seat_token, state
from tests.web.test_api import TWO_HUMANS, play_human_turns

ONE_HUMAN = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "bot", "bot": "random"},
             {"name": "Cleo", "kind": "bot", "bot": "random"}]


def _create(client, seats, **extra):
    r = client.post("/api/games", json={"seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def test_every_seat_sees_the_commitment_and_never_the_seed(client):
    g = _create(client, TWO_HUMANS)
    secret = client.app.state.hub.live[g["id"]].game.secret
    pages = [state(client, g["id"], seat_token(g, i)) for i in (0, 1)]
    commit = pages[0]["chance"]["commitment"]
    for p in pages:
        assert p["chance"]["kind"] == "sealed" and p["chance"]["commitment"] == commit
        assert "secret seed" in p["chance"]["text"] and commit[:12] in p["chance"]["text"]
    seen = [json.dumps(p) for p in pages]
    p = play_human_turns(client, g["id"], g["host_token"], 40)
    seen.append(json.dumps(p))
    with client.websocket_connect(f"/ws/{g['id']}?seat=1&token={seat_token(g, 1)}") as ws:
        seen.append(json.dumps(ws.receive_json()))
    rec = client.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]})
    seen.append(rec.text)  # the host's export before the end
    assert all(secret not in text for text in seen)
    assert rec.json()["header"]["chance"]["commit"] == commit and "seed" not in rec.json()["header"]


def test_the_end_reveals_the_seed_and_the_game_verifies(client, tmp_path):
    g = _create(client, ONE_HUMAN)
    p = play_human_turns(client, g["id"], g["host_token"], 3000)
    assert p["over"]
    assert p["chance"]["kind"] == "revealed" and p["chance"]["verified"] is True
    assert "checks out" in p["chance"]["text"]
    v = client.get(f"/api/games/{g['id']}/verify", params={"token": g["host_token"]}).json()
    assert v["ok"] and v["kind"] == "secret" and v["checked"] > 10
    rec = client.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]}).json()
    assert rec["header"]["seed"] == p["chance"]["seed"]
    f = tmp_path / "game.json"
    f.write_text(json.dumps(rec))
    r = CliRunner().invoke(cli, ["replay", str(f), "--verify"])
    assert r.exit_code == 0 and "chance verified" in r.output


def test_a_restarted_server_keeps_the_sealed_seed(db_path):
    with TestClient(create_app(db_path, bot_delay=0)) as c1:
        g = _create(c1, ONE_HUMAN)
        play_human_turns(c1, g["id"], g["host_token"], 30)
    with TestClient(create_app(db_path, bot_delay=0)) as c2:
        p = play_human_turns(c2, g["id"], g["host_token"], 3000)
        assert p["over"] and p["chance"]["verified"] is True


def test_a_chosen_seed_is_marked_to_every_seat(client):
    g = new_game(client, seats=TWO_HUMANS, seed=5)
    for i in (0, 1):
        c = state(client, g["id"], seat_token(g, i))["chance"]
        assert c["kind"] == "chosen" and "creator chose the seed" in c["text"]


def test_an_imported_game_in_progress_is_sealed_again(client):
    g = _create(client, ONE_HUMAN)
    play_human_turns(client, g["id"], g["host_token"], 20)
    rec = client.get(f"/api/games/{g['id']}/record", params={"token": g["host_token"]}).json()
    r = client.post("/api/games/import", json={"record": rec, "bots": {"1": "random", "2": "random"}})
    assert r.status_code == 201, r.text
    imp = r.json()
    p = state(client, imp["id"], imp["host_token"])
    assert p["chance"]["kind"] == "sealed"
    assert p["chance"]["commitment"] != rec["header"]["chance"]["commit"]
    p = play_human_turns(client, imp["id"], imp["host_token"], 3000)
    assert p["over"] and p["chance"]["verified"] is True
    v = client.get(f"/api/games/{imp['id']}/verify", params={"token": imp["host_token"]}).json()
    assert v["ok"] and v["unchecked"] > 0 and "before the game was imported" in v["message"]
