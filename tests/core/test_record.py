"""Determinism, game records and replay (DESIGN: a game is its header plus its action log)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from smallworld.cli import app
from smallworld.core.errors import ReplayError
from smallworld.core.record import GameRecord, replay
from tests.conftest import play_random

runner = CliRunner()


def test_same_seed_same_game():
    """Determinism: no global RNG; a seed fixes boards, draws and dice."""
    a = play_random(3, seed=21)
    b = play_random(3, seed=21)
    assert a.record.to_json() == b.record.to_json()
    c = play_random(3, seed=22)
    assert c.record.actions != a.record.actions


def test_record_header_and_chance_actions():
    g = play_random(3, seed=4)
    h = g.record.header
    assert {"format", "engine", "edition", "players", "boards", "seats", "seed"} <= set(h)
    assert h["players"] == 3 and len(h["boards"]) == 3 and h["seed"] == 4
    kinds = {a.split()[0] for a in g.record.actions}
    assert {"banner", "badge", "pick", "conquer"} <= kinds


def test_replay_reproduces_the_final_state():
    g = play_random(4, seed=8)
    s = replay(GameRecord.loads(g.record.dumps()))
    assert s == g.state
    assert s.result == g.state.result


def test_tampered_record_names_the_first_bad_action():
    g = play_random(3, seed=3)
    data = g.record.to_json()
    i = next(k for k, a in enumerate(data["actions"]) if a.startswith("conquer"))
    data["actions"][i] = "conquer Z9.9"
    with pytest.raises(ReplayError) as e:
        replay(GameRecord.from_json(data))
    assert e.value.index == i and "Z9.9" in str(e.value) and f"action {i + 1}" in str(e.value)


def test_record_missing_its_end_is_detected():
    g = play_random(3, seed=3)
    data = g.record.to_json()
    data["actions"] = data["actions"][:-5]
    with pytest.raises(ReplayError, match="not over"):
        replay(GameRecord.from_json(data))


@pytest.mark.parametrize("mutate, msg", [
    (lambda d: d.pop("header"), "no 'header'"),
    (lambda d: d["header"].pop("boards"), "lacks 'boards'"),
    (lambda d: d["header"].update(boards=["X1"]), "bad game record header"),
    (lambda d: d["header"].update(format=99), "format 99"),
    (lambda d: d.update(actions="pick 0"), "list of action texts"),
])
def test_malformed_records(mutate, msg):
    g = play_random(2, seed=1)
    data = g.record.to_json()
    mutate(data)
    with pytest.raises(ReplayError, match=msg):
        replay(GameRecord.from_json(data))


def test_cli_replay_prints_scores(tmp_path):
    g = play_random(3, seed=6)
    path = tmp_path / "g.json"
    g.record.save(path)
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 0, r.output
    winner = g.state.spec.seats[g.state.result["winners"][0]]
    assert f"{winner}: {g.state.result['scores'][g.state.result['winners'][0]]} VC" in r.output


def test_cli_replay_truncated_file_exit_2(tmp_path):
    g = play_random(3, seed=6)
    path = tmp_path / "g.json"
    path.write_text(g.record.dumps()[:-200])
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 2
    assert "not valid JSON" in r.output and "Traceback" not in r.output


def test_cli_replay_tampered_exit_2(tmp_path):
    g = play_random(3, seed=6)
    data = g.record.to_json()
    data["actions"][20] = "pick 9"
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 2 and "action 21" in r.output


def test_cli_replay_missing_file_exit_2(tmp_path):
    r = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert r.exit_code == 2 and "cannot read" in r.output
