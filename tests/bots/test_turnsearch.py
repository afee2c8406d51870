"""The one search loop (:mod:`smallworld.bots.search`) with a static leaf at the end of the turn
or later, as the research configurations of ``benchmarks/bot_variants.py`` build it
(``mcts-turn``, ``mcts-plan``): decline, budgets, reproducibility, tree reuse within a turn."""

from __future__ import annotations

import random

import pytest

from benchmarks.bot_variants import PlanSearchBot, TurnSearchBot
from smallworld.bots import make_bot
from smallworld.bots import search as search_module
from smallworld.bots.leaves import leaf_value
from smallworld.bots.play import play_game
from smallworld.bots.search import clock_function
from smallworld.core import chance, engine
from smallworld.core.actions import Action
from smallworld.core.engine import phase_of
from smallworld.core.state import CHANCE, CONQUER
from smallworld.scenarios import scenario_from_text
from tests.bots.test_heuristics import _exhausted


def test_declines_when_declining_is_clearly_right():
    """R-DEC-1: round 4, six Regions and one spare token (the race cannot grow): go In Decline.
    The static leaf value alone scores both moves alike (expanding keeps the option to decline
    "later"); the decline correction is what makes the bot decline."""
    s = _exhausted(4)
    bot = TurnSearchBot(1, iterations=200)
    assert bot.choose(s, 0, engine.legal_actions(s)) == Action("decline")
    visits = {a: v for a, (v, _mean) in bot.last_stats["children"].items()}
    assert visits["decline"] > 2 * visits["expand"]


def test_expands_in_the_last_round():
    """In the last round a new race could never pay off: keep expanding."""
    s = _exhausted(10)
    assert TurnSearchBot(1, iterations=200).choose(s, 0, engine.legal_actions(s)) == Action("expand")


def test_iteration_budget_is_exact_and_reproducible():
    s = _exhausted(4)
    runs = []
    for _ in range(2):
        bot = TurnSearchBot(7, iterations=30)
        runs.append((bot.choose(s, 0, engine.legal_actions(s)), bot.last_stats["children"]))
        assert bot.last_stats["iterations"] == 30
    assert runs[0] == runs[1]
    assert sum(v[0] for v in runs[0][1].values()) == 30


def test_time_budget_on_either_clock(monkeypatch):
    assert clock_function("cpu") is not clock_function("wall")
    with pytest.raises(ValueError, match="clock"):
        TurnSearchBot(1, clock="moon")
    s = _exhausted(4)
    ticks = iter(range(10**6))
    monkeypatch.setattr(search_module.time, "process_time", lambda: next(ticks) * 0.01)
    bot = TurnSearchBot(1, time_limit=0.2, clock="cpu")
    bot.choose(s, 0, engine.legal_actions(s))
    assert 2 <= bot.last_stats["iterations"] <= 22


def _conquest_turn():
    return scenario_from_text("""
        boards = ["L1", "M1", "S3"]
        round = 3
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "farmer"
        hand = 8
        [[players]]
        race = "humans"
        power = "mining"
        [[players]]
        [regions]
        "L1.9" = { player = 0, tokens = 2 }
        "L1.13" = { player = 1, tokens = 2 }
    """)


def test_the_tree_is_kept_between_decisions_of_one_turn():
    """After a conquest the next decision of the same turn starts from the kept subtree (its
    visits count), a new turn from a new tree."""
    s = _conquest_turn()
    bot = TurnSearchBot(3, iterations=60)
    a = bot.choose(s, 0, engine.legal_actions(s))
    assert a.kind != "end"  # eight tokens in hand: it conquers
    engine.apply_action(s, a)
    while s.current_player() == CHANCE:
        engine.apply_action(s, chance.sample(s, random.Random(0)))
    assert phase_of(s) == CONQUER and s.current_player() == 0
    bot.choose(s, 0, engine.legal_actions(s))
    assert bot.stats["reused"] > 0
    assert bot.last_stats["root_visits"] > 60
    fresh = TurnSearchBot(3, iterations=60, reuse=False)
    fresh.choose(s, 0, engine.legal_actions(s))
    assert fresh.stats["reused"] == 0 and fresh.last_stats["root_visits"] == 60


def test_leaf_value_of_a_finished_game_follows_the_winner():
    g = play_game([make_bot("greedy", k) for k in range(3)], seed=4)
    s = g.state
    w = s.result["winners"][0]
    assert leaf_value(s, w) > 0.5 > min(leaf_value(s, q) for q in range(3) if q != w)
    assert leaf_value(s, w, bonus=100.0) == leaf_value(s, w)  # no decline bonus after the end


def test_end_is_searched_only_where_the_policy_would_end():
    s = _conquest_turn()
    legal = engine.legal_actions(s)
    bot = TurnSearchBot(3, iterations=10)
    greedy_choice = bot.greedy.choose(s, 0, legal)
    assert greedy_choice.kind == "conquer"
    assert Action("end") not in bot.tree.candidates(s, 0, legal, greedy_choice)
    assert Action("end") in TurnSearchBot(3, search_end=True).tree.candidates(s, 0, legal, greedy_choice)
    assert Action("end") in bot.tree.candidates(s, 0, legal, Action("end"))


@pytest.mark.parametrize(("lookahead", "leaf_at"), [(0, (3, 1)), (1, (4, 0)), (2, (4, 1)), (4, (5, 1))])
def test_lookahead_sets_where_the_leaf_is_valued(leaf_calls, lookahead, leaf_at):
    """Seat 0 searching in round 3: the leaf is valued when its turn is over (lookahead 0), when
    its next turn begins (1), when that one is over (2), or after two more of its turns (4);
    every other seat's turn in between is played out by the policy."""
    s = _conquest_turn()
    bot = TurnSearchBot(3, iterations=12, lookahead=lookahead)
    bot.choose(s, 0, engine.legal_actions(s))
    seen = [(r, t) for r, t, _threat in leaf_calls]
    assert len(seen) == 12 and set(seen) == {leaf_at}, seen


def test_mcts_plan_is_the_turn_search_with_lookahead_four():
    s = _conquest_turn()
    plan = PlanSearchBot(5, iterations=40)
    same = TurnSearchBot(5, iterations=40, lookahead=4)
    same.rng.seed("bot:mcts-plan:5")  # a bot's RNG is seeded with its name too (bot_rng)
    assert plan.lookahead == 4 and TurnSearchBot(5).lookahead == 0
    assert plan.choose(s, 0, engine.legal_actions(s)) == same.choose(s, 0, engine.legal_actions(s))
    assert plan.last_stats["children"] == same.last_stats["children"]
