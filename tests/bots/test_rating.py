"""Bot ratings (openskill Plackett-Luce, :mod:`smallworld.bots.rating`) and pool tournaments
(``smallworld tournament --pool --rating``)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from smallworld.bots.rating import game_ranks, ladder_markdown, rate_games
from smallworld.bots.tournament import schedule_pool
from smallworld.cli import app


def _game(lineup, scores, winners=None):
    if winners is None:
        best = max(scores)
        winners = [k for k, v in enumerate(scores) if v == best]
    return {"lineup": lineup, "scores": scores, "winners": winners}


def test_ranks_put_winners_first_then_scores_with_ties_shared():
    assert game_ranks([50, 70, 60], [1]) == [3, 1, 2]
    assert game_ranks([70, 70, 60], [0, 1]) == [1, 1, 2]
    assert game_ranks([60, 60, 80], [2]) == [2, 2, 1]
    # a winner by a tie-break ranks above an equal score
    assert game_ranks([70, 70, 10], [1]) == [2, 1, 3]


def test_a_bot_that_always_wins_rates_first_and_the_order_follows_strength():
    games = []
    for i in range(30):
        lineup = [["strong", "mid", "weak"], ["weak", "strong", "mid"], ["mid", "weak", "strong"]][i % 3]
        score = {"strong": 90, "mid": 70, "weak": 40}
        games.append(_game(lineup, [score[b] for b in lineup]))
    out = rate_games(games)
    assert out["rated"] == 30 and out["skipped"] == 0
    assert [r["bot"] for r in out["rows"]] == ["strong", "mid", "weak"]
    top = out["rows"][0]
    assert top["games"] == 30 and top["win_rate"] == 1.0 and top["ordinal"] == pytest.approx(top["mu"] - 3 * top["sigma"])
    assert out["rows"][0]["sigma"] < 8.34  # uncertainty shrinks from the default 25/3
    assert rate_games(games) == out  # reproducible
    table = ladder_markdown(out["rows"])
    assert table.splitlines()[2].startswith("| 1 | strong |")


def test_a_game_with_a_bot_in_two_seats_is_skipped():
    out = rate_games([_game(["a", "a", "b"], [10, 20, 30]), _game(["a", "b", "c"], [10, 20, 30])])
    assert out["rated"] == 1 and out["skipped"] == 1


def test_pool_schedule_draws_distinct_bots_reproducibly():
    pool = ["random", "greedy", "greedy-eps", "random-nodecline"]
    tasks = schedule_pool(pool, 3, 40, 5)
    assert tasks == schedule_pool(pool, 3, 40, 5)
    assert all(len(set(t.lineup)) == 3 and set(t.lineup) <= set(pool) for t in tasks)
    assert len({t.lineup for t in tasks}) > 10  # many seatings
    assert {t.seed for t in tasks} == set(range(5, 45))
    for name in pool:  # every bot in every seat
        assert {k for t in tasks for k, b in enumerate(t.lineup) if b == name} == {0, 1, 2}
    with pytest.raises(ValueError, match="pool of 2"):
        schedule_pool(["a", "b"], 3, 1, 0)


def test_cli_pool_with_ratings():
    args = ["tournament", "--pool", "--bots", "random,random-nodecline,greedy-eps,greedy", "--games", "4",
            "--seed", "3", "--workers", "1", "--rating"]
    r = CliRunner().invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["pool"] is True and len(data["results"]) == 4
    assert {row["bot"] for row in data["ratings"]} <= {"random", "random-nodecline", "greedy-eps", "greedy"}
    assert sum(row["games"] for row in data["ratings"]) == 12
    t = CliRunner().invoke(app, args)
    assert t.exit_code == 0, t.output
    assert "Ratings (openskill Plackett-Luce, 4 games rated)" in t.output
    assert "seats drawn from a pool of 4" in t.output
