"""The command line (``smallworld ...``)."""

from __future__ import annotations

import json
import os

from typer.testing import CliRunner

from smallworld.cli import app
from smallworld.core.record import GameRecord, replay

runner = CliRunner()


def test_simulate_json_plays_complete_games(tmp_path):
    """R-TURN-1: complete 5-player games on the real boards; JSON summary; records saved."""
    r = runner.invoke(app, ["simulate", "--players", "5", "--games", "3", "--seed", "1", "--json",
                            "--save-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout.strip().splitlines()[-1])
    games = data["games"]
    assert [g["seed"] for g in games] == [1, 2, 3]
    for g in games:
        assert len(g["scores"]) == 5 and g["rounds"] == 8 and g["actions"] > 50
        assert g["winner"] in g["winners"]
        assert max(g["scores"]) == g["scores"][g["winner"]]
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3
    s = replay(GameRecord.load(files[0]))
    assert s.result["scores"] == games[0]["scores"]


def test_simulate_is_reproducible():
    args = ["simulate", "--players", "3", "--games", "2", "--seed", "9", "--json"]
    a = runner.invoke(app, args).stdout
    b = runner.invoke(app, args).stdout
    assert a == b


def test_simulate_table_output():
    r = runner.invoke(app, ["simulate", "--players", "2", "--games", "2"])
    assert r.exit_code == 0 and "mean VC" in r.output


def test_simulate_invalid_options():
    r = runner.invoke(app, ["simulate", "--players", "7"])
    assert r.exit_code == 2 and "--players" in r.output
    r = runner.invoke(app, ["simulate", "--bot", "genius"])
    assert r.exit_code == 2 and "unknown bot" in r.output
    r = runner.invoke(app, ["simulate", "--games", "0"])
    assert r.exit_code == 2


def test_bench_prints_figures():
    r = runner.invoke(app, ["bench", "--games", "10"])
    assert r.exit_code == 0, r.output
    for label in ("2 players", "3 players", "5 players", "state copy", "legal actions", "games/s",
                  "games per CPU second"):
        assert label in r.output
    # says which engine it measured: this suite runs the checkout (pure Python) unless the
    # compiled run of scripts/test_compiled.sh
    from smallworld.bench import build_info

    assert f"engine: {build_info()['label']}" in r.output
    compiled = os.environ.get("SMALLWORLD_EXPECT_COMPILED") == "1"
    assert ("pure Python" in r.output) is not compiled


def test_simulate_json_team_has_no_lone_winner():
    """R-TEAM-7: a side wins, so the team variant's JSON gives ``winners`` and
    ``winning_sides`` only, never a single ``winner`` seat."""
    r = runner.invoke(app, ["simulate", "--players", "4", "--games", "1", "--seed", "2",
                            "--edition", "swow-team", "--json"])
    assert r.exit_code == 0, r.output
    game = json.loads(r.stdout)["games"][0]
    assert "winner" not in game
    assert game["winners"] and game["winning_sides"]
    plain = json.loads(runner.invoke(app, ["simulate", "--players", "2", "--games", "1", "--json"]).stdout)
    assert plain["games"][0]["winner"] == plain["games"][0]["winners"][0]


def test_replay_checks_the_recorded_events(tmp_path):
    """A record's events (format 2) must be what its actions did: an edited one exits 2 naming
    the action; the same record without events (format 1) replays."""
    r = runner.invoke(app, ["simulate", "--players", "3", "--games", "1", "--seed", "4",
                            "--save-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    path = next(tmp_path.iterdir())
    assert runner.invoke(app, ["replay", str(path), "--verify"]).exit_code == 0
    data = json.loads(path.read_text())
    i = next(k for k, evs in enumerate(data["events"]) if any(e["kind"] == "conquered" for e in evs))
    e = next(e for e in data["events"][i] if e["kind"] == "conquered")
    e["cost"] += 1
    path.write_text(json.dumps(data))
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 2 and f"action {i + 1}" in r.output, r.output
    del data["events"]
    data["header"]["format"] = 1
    path.write_text(json.dumps(data))
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 0
