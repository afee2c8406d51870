"""Tournaments: seat rotation, seeds, reproducibility, summary statistics, the CLI command."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from smallworld.bots.tournament import (
    arrangements,
    play_task,
    run_tournament,
    schedule,
    seat_names,
    summarize,
    wilson,
)
from smallworld.cli import app
from smallworld.core.record import GameRecord, replay

runner = CliRunner()


def test_arrangements_rotate_every_bot_through_every_seat():
    three = arrangements(["greedy", "mcts", "random"], 3)
    assert len(three) == 6 and len(set(three)) == 6
    for seat in range(3):
        assert {a[seat] for a in three} == {"greedy", "mcts", "random"}
    dup = arrangements(["mcts", "greedy", "greedy"], 3)
    assert dup == [("mcts", "greedy", "greedy"), ("greedy", "mcts", "greedy"), ("greedy", "greedy", "mcts")]
    assert arrangements(["greedy", "random"], 3)[0] == ("greedy", "random", "greedy")
    assert arrangements(["greedy"], 4) == [("greedy",) * 4]
    with pytest.raises(ValueError, match="at most 2"):
        arrangements(["greedy", "random", "mcts"], 2)


def test_schedule_plays_each_deal_from_every_seat():
    tasks = schedule(["greedy", "mcts", "mcts"], 3, 7, 40)
    assert [t.seed for t in tasks] == [40, 40, 40, 41, 41, 41, 42]
    assert [t.lineup.index("greedy") for t in tasks[:3]] == [0, 1, 2]
    assert seat_names(("mcts", "greedy", "mcts")) == ["mcts", "greedy", "mcts#2"]


def test_a_bot_with_options_plays_under_its_spec(tmp_path, monkeypatch):
    """``--bots`` takes options after a colon (smallworld.bots.parse_bot_spec): the bot is made
    with them, and the results and records name it by its spec."""
    from smallworld.bots import tournament as tm

    made = []
    real = tm.make_bot

    def spy(name, seed=None, **options):
        made.append((name, options.get("epsilon")))
        return real(name, seed, **options)

    monkeypatch.setattr(tm, "make_bot", spy)
    tasks = schedule(["greedy-eps:epsilon=1.0", "greedy"], 2, 2, 9)
    res = run_tournament(tasks, workers=1, save_dir=tmp_path)
    assert ("greedy-eps", 1.0) in made and ("greedy", None) in made
    assert {r["bot"] for r in res.rows} == {"greedy-eps:epsilon=1.0", "greedy"}
    rec = GameRecord.load(sorted(tmp_path.glob("game-*.json"))[0])
    assert "greedy-eps:epsilon=1.0" in rec.header["bots"]
    bad = _cli("--bots", "genius:depth=3,greedy")
    assert bad.exit_code == 2 and "unknown bot" in bad.output


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_splits_shared_wins():
    base = {"think_seconds": [0.0, 0.0, 0.0], "decisions": [1, 1, 1], "max_think_seconds": [0, 0, 0]}
    games = [
        {"lineup": ["a", "b", "b"], "scores": [10, 10, 4], "winners": [0, 1], **base},
        {"lineup": ["b", "a", "b"], "scores": [3, 9, 2], "winners": [1], **base},
    ]
    rows = {r["bot"]: r for r in summarize(games)}
    assert rows["a"]["wins"] == 1.5 and rows["a"]["seat_games"] == 2 and rows["a"]["win_rate"] == 0.75
    assert rows["b"]["wins"] == 0.5 and rows["b"]["seat_games"] == 4
    assert rows["a"]["mean_score"] == 9.5


def test_tournament_is_reproducible_and_parallel_gives_the_same_games(tmp_path):
    """Same seed, same table: in one process and in a process pool, with an iteration budget
    for MCTS."""
    tasks = schedule(["mcts", "greedy", "random"], 3, 3, 5, bot_options={"iterations": 5})
    one = run_tournament(tasks, workers=1)
    two = run_tournament(tasks, workers=2, save_dir=tmp_path)
    strip = lambda games: [{k: g[k] for k in ("index", "seed", "lineup", "scores", "winners", "record")} for g in games]
    assert strip(one.games) == strip(two.games)
    assert [{k: v for k, v in r.items() if "think" not in k} for r in one.rows] == \
        [{k: v for k, v in r.items() if "think" not in k} for r in two.rows]
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == ["game-0000-seed5.json", "game-0001-seed5.json", "game-0002-seed5.json"]
    assert sorted(f.name for f in tmp_path.glob("result-*.json")) == [
        "result-0000-seed5.json", "result-0001-seed5.json", "result-0002-seed5.json"]
    rec = GameRecord.load(files[1])
    assert rec.header["bots"] == list(tasks[1].lineup)
    assert replay(rec).result["scores"] == one.games[1]["scores"]


def test_an_interrupted_tournament_resumes_without_replaying_finished_games(tmp_path, monkeypatch):
    """Games whose results were saved are taken from the save folder; the others are played;
    the whole equals an uninterrupted run. A saved result of another task (other bots) is not
    taken, and neither is a torn file."""
    import smallworld.bots.tournament as tournament

    tasks = schedule(["greedy", "random"], 2, 4, 9)
    whole = run_tournament(tasks, workers=1)
    run_tournament(tasks[:2], workers=1, save_dir=tmp_path)  # "interrupted" after two games
    (tmp_path / "result-0001-seed9.json").write_text('{"task": {"index": 1')  # torn write
    played = []
    real = tournament.play_task
    monkeypatch.setattr(tournament, "play_task", lambda t: played.append(t.index) or real(t))
    resumed = run_tournament(tasks, workers=1, save_dir=tmp_path, resume=True)
    assert played == [1, 2, 3]
    strip = lambda games: [{k: g[k] for k in ("index", "seed", "lineup", "scores", "winners", "record")} for g in games]
    assert strip(resumed.games) == strip(whole.games)
    assert resumed.rows == summarize(resumed.games)
    # other bots in the same folder: nothing is reused
    played.clear()
    other = schedule(["random", "random"], 2, 2, 9)
    run_tournament(other, workers=1, save_dir=tmp_path, resume=True)
    assert played == [0, 1]
    with pytest.raises(ValueError, match="resume needs save_dir"):
        run_tournament(tasks, resume=True)


def test_play_task_reports_thinking_time():
    r = play_task(schedule(["greedy", "random"], 2, 1, 9)[0])
    assert r["decisions"][0] > 10 and r["think_seconds"][0] > 0
    assert r["lineup"] == ["greedy", "random"] and len(r["scores"]) == 2


def _untimed(x):
    """``x`` without the thinking-time fields (wall-clock measurements)."""
    if isinstance(x, dict):
        return {k: _untimed(v) for k, v in x.items() if "think" not in k and k != "seconds"}
    if isinstance(x, list):
        return [_untimed(v) for v in x]
    return x


def _cli(*args):
    return runner.invoke(app, ["tournament", *args])


def test_cli_table_and_json_are_reproducible(tmp_path):
    args = ["--bots", "greedy,mcts,random", "--players", "3", "--games", "3", "--seed", "2",
            "--workers", "1", "--mcts-iterations", "4"]
    a = _cli(*args, "--json")
    b = _cli(*args, "--json")
    assert a.exit_code == 0, a.output
    assert _untimed(json.loads(a.stdout)) == _untimed(json.loads(b.stdout))
    data = json.loads(a.stdout)
    assert data["ci"] == "wilson-95" and data["arrangements"] == 6
    assert {r["bot"] for r in data["rows"]} == {"greedy", "mcts", "random"}
    assert sum(r["wins"] for r in data["rows"]) == pytest.approx(3)
    t = _cli(*args, "--save-dir", str(tmp_path))
    assert t.exit_code == 0, t.output
    for label in ("win rate", "95% CI (Wilson)", "mean VC", "greedy", "mcts", "random"):
        assert label in t.output
    assert len(list(tmp_path.glob("game-*.json"))) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,genius"], "unknown bot 'genius'"),
        (["--bots", ","], "at least one bot"),
        (["--players", "7"], "players must be 2 to 5"),
        (["--players", "2", "--bots", "greedy,mcts,random"], "3 bots for 2 seats"),
        (["--games", "0"], "games must be at least 1"),
        (["--games", "many"], "--games"),
        (["--workers", "0"], "workers must be at least 1"),
        (["--edition", "nonesuch"], "unknown edition"),  # classic is an edition now
        (["--backend", "dask"], "unknown backend"),
        (["--address", "ray://x:10001"], "--address needs --backend ray"),
        (["--mcts-time", "0"], "mcts time must be positive"),
        (["--mcts-iterations", "0"], "mcts iterations must be at least 1"),
        (["--clock", "moon"], "clock must be wall or cpu"),
        (["--pool", "--bots", "greedy,random"], "a pool of 2 bots for 3 seats"),
        (["--resume"], "--resume needs --save-dir"),
    ],
)
def test_cli_errors_are_clear(args, message):
    r = _cli(*args)
    assert r.exit_code == 2
    flat = " ".join(r.output.replace("│", " ").split())  # rich may wrap the error box
    assert message in flat


def test_cli_says_when_games_leave_seats_unbalanced():
    """3 games over 6 seat arrangements leave some seatings unplayed: the table says so, and
    names the multiple that balances them; a multiple of 6 says nothing."""
    base = ["--bots", "greedy,random", "--players", "2", "--workers", "1", "--seed", "3"]
    r = _cli(*base, "--games", "3")
    assert r.exit_code == 0, r.output
    assert "seats are unbalanced" in r.output and "multiple of 2" in r.output
    r = _cli(*base, "--games", "4")
    assert r.exit_code == 0, r.output
    assert "unbalanced" not in r.output
    data = json.loads(_cli(*base, "--games", "3", "--json").stdout)
    assert data["balanced"] is False
