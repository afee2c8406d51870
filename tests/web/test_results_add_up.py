"""The results add up (issue 35 point 13): for every seat of finished games of both editions and
the team variant, the starting coins, every scoring's lines, the coins taken from and paid for
combos, the tolls paid and received and any other change sum to the seat's final coins; none of
it reaches a page before the game is over (RULES §15)."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from smallworld.bots import make_bot
from smallworld.bots.play import play_game
from smallworld.web.games import rebuild_log
from tests.web.conftest import act, new_game, seat_token, state


def _sums(log, n):
    total = [0] * n
    by_source: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for e in log.entries:
        if e["kind"] == "score":
            for _label, v in e["lines"]:
                total[e["seat"]] += int(v)
    for c in log.coins:
        total[c["seat"]] += c["n"]
        by_source[c["seat"]][c["source"]] += c["n"]
    return total, by_source


@pytest.mark.parametrize("edition,players", [("swow", 3), ("swow", 5), ("classic", 3), ("classic", 2), ("swow-team", 4)])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_seat_s_coins_add_up(edition, players, seed):
    bots = [make_bot("greedy", f"r{seed}-{p}") for p in range(players)]
    g = play_game(bots, seed=seed, edition=edition)
    s = g.state
    assert s.is_over()
    log = rebuild_log(g.record)
    total, by_source = _sums(log, players)
    assert total == [int(v) for v in s.vc], (total, s.vc)
    for q in range(players):
        assert by_source[q]["Start"] == 5
        # picks are paid (a combo below the top, or a team row) and coins lying on combos taken
        assert by_source[q].get("Paid for combos", 0) <= 0 and by_source[q].get("From combos", 0) >= 0


def test_random_games_add_up_too():
    from smallworld.core.game import Game

    for edition, n in (("swow", 4), ("classic", 5), ("swow-team", 5)):
        g = Game.new(n, seed=3, edition=edition)
        g.settle()
        rng = random.Random(3)
        while not g.state.is_over():
            g.apply(rng.choice(g.legal_actions()))
            g.settle()
        total, _ = _sums(rebuild_log(g.record), n)
        assert total == [int(v) for v in g.state.vc], edition


def test_the_ledger_is_given_only_with_the_results(client):
    created = new_game(client, seed=4)
    tok = seat_token(created, 0)
    assert state(client, created["id"], tok)["coins"] is None
    act(client, created["id"], tok, "pick 0")
    assert state(client, created["id"], tok)["coins"] is None
