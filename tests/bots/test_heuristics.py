"""The greedy policy's judgement in set positions, the projection model, and the MCTS budget."""

from __future__ import annotations

import random
from itertools import pairwise

from smallworld.bots import make_bot
from smallworld.bots import search as search_module
from smallworld.bots.evaluate import (
    expected_final,
    project,
    project_choice,
    remaining_turns,
    utility,
)
from smallworld.bots.mcts import MCTSBot
from smallworld.bots.policy import HeuristicPolicy
from smallworld.core import engine
from smallworld.core.actions import Action
from smallworld.core.conquest import conquest_cost, targets
from tests.conftest import scenario


def _greedy(s, seat=0):
    return make_bot("greedy", 1).choose(s, seat, engine.legal_actions(s))


def test_redeploy_reinforces_the_threatened_border():
    """R-TROOP-3: tokens go next to the opponent's Active stack and to the Entry Region."""
    s = scenario("""
        boards = ["L1", "M1", "S3"]
        round = 4
        phase = "redeploy"
        [[players]]
        race = "orcs"
        power = "farmer"
        hand = 5
        [[players]]
        race = "humans"
        power = "mining"
        [[players]]
        [regions]
        "L1.1" = { player = 0, tokens = 1 }
        "L1.2" = { player = 0, tokens = 1 }
        "L1.3" = { player = 0, tokens = 1 }
        "L1.6" = { player = 1, tokens = 5 }
    """)
    plan = HeuristicPolicy(random.Random(0)).redeploy_plan(s, 0)
    ids = s.spec.region_ids
    by_id = {ids[r]: n for r, n in plan.items()}
    assert sum(by_id.values()) == 5
    assert by_id.get("L1.1", 0) >= 3  # the exposed Entry Region next to the enemy
    assert _greedy(s).kind == "redeploy"


def test_conquers_the_cheapest_worthwhile_region_first():
    """R-CONQ-3: an empty adjacent Region (2) before Murlocs (3) or an Entry Region of
    another board (3 with the travel cost)."""
    s = scenario("""
        boards = ["L1", "M1", "S3"]
        round = 3
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "enraged"
        hand = 5
        [[players]]
        [[players]]
        [regions]
        "L1.1" = { player = 0, tokens = 1 }
        "L1.2" = { murlocs = 1 }
    """)
    a = _greedy(s)
    assert a.kind == "conquer"
    r = s.spec.region(a.args[0])
    assert conquest_cost(s, 0, r, targets(s, 0)[r]) == 2


def test_tries_the_final_conquest_rather_than_stopping():
    """R-CONQ-9: with 1 token and every target costing 2+, the die is worth a try."""
    s = scenario("""
        boards = ["L1", "M1", "S3"]
        round = 5
        phase = "conquer"
        conquests = 2
        [[players]]
        race = "orcs"
        power = "farmer"
        hand = 1
        [[players]]
        [[players]]
        [regions]
        "L1.1" = { player = 0, tokens = 1 }
    """)
    assert _greedy(s).kind == "conquer"


def _exhausted(round_):
    return scenario(f"""
        boards = ["L1", "M1", "S3"]
        round = {round_}
        phase = "decide"
        [[players]]
        race = "orcs"
        power = "farmer"
        turns_with_race = 3
        [[players]]
        race = "humans"
        power = "mining"
        [[players]]
        [regions]
        "L1.0" = {{ player = 0, tokens = 1 }}
        "L1.1" = {{ player = 0, tokens = 1 }}
        "L1.2" = {{ player = 0, tokens = 1 }}
        "L1.3" = {{ player = 0, tokens = 1 }}
        "L1.4" = {{ player = 0, tokens = 1 }}
        "L1.5" = {{ player = 0, tokens = 2 }}
        "L1.13" = {{ player = 1, tokens = 4 }}
    """)


def test_declines_an_exhausted_race_with_rounds_left_but_not_in_the_last_round():
    """R-DEC-1: six Regions and one spare token: go In Decline in round 4; in the last round
    a new race could never pay off."""
    assert _greedy(_exhausted(4)) == Action("decline")
    assert _greedy(_exhausted(10)) == Action("expand")


def test_projection_model():
    # more spare tokens, more income; nothing left to play, nothing projected
    assert project(3, 0, 8, 5, active=True, may_decline=True) > project(3, 0, 2, 5, active=True, may_decline=True)
    assert project(3, 2, 8, 0, active=True, may_decline=True) == 0.0
    # an exhausted race with turns left: declining beats expanding; on the last turn it does not
    expand, decline = project_choice(6, 0, 0, 5)
    assert decline > expand
    expand, decline = project_choice(6, 0, 0, 1)
    assert expand >= decline


def test_expected_final_and_utility_at_the_end():
    from smallworld.bots.play import play_game

    g = play_game([make_bot("greedy", k) for k in range(3)], seed=2)
    s = g.state
    assert remaining_turns(s, 0) == 0
    assert [expected_final(s, q) for q in range(3)] == [float(v) for v in s.result["scores"]]
    w = s.result["winners"][0]
    assert utility(s, w) > 0.5 > min(utility(s, q) for q in range(3) if q != w)


def test_mcts_is_instant_on_trivial_decisions_and_keeps_its_time_budget(monkeypatch):
    """A single legal action is answered without search; a search stops at its deadline (a
    fake clock that advances 0.01 s per reading: no wall-clock bound in tests)."""
    s = _exhausted(4)
    bot = MCTSBot(1, time_limit=0.2)
    assert bot.choose(s, 0, [Action("expand")]) == Action("expand")
    assert bot.stats["searches"] == 0
    clock = iter(range(10**6))
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(clock) * 0.01)
    bot.choose(s, 0, engine.legal_actions(s))
    assert bot.stats["searches"] == 1
    # one clock reading per iteration after the first candidates: about 0.2 s / 0.01 s of them
    assert 2 <= bot.last_stats["iterations"] <= 20 + len(engine.legal_actions(s))


def test_mcts_with_an_iteration_budget_is_reproducible():
    s = _exhausted(4)
    runs = []
    for _ in range(2):
        bot = MCTSBot(7, iterations=20)
        runs.append((bot.choose(s, 0, engine.legal_actions(s)), bot.last_stats["children"]))
    assert runs[0] == runs[1]
    assert runs[0][1] and sum(v[0] for v in runs[0][1].values()) == 20



def test_position_valuer_and_hold_tables_give_position_values_floats():
    """position_valuer (the turn's factors computed once) is position_value to the last bit,
    on copies of the same turn and on states of later steps, turns and combos (recomputed);
    held_active / held_decline are geometric of the hold rates."""
    from smallworld.bots.evaluate import (
        HOLD_ACTIVE,
        HOLD_DECLINE,
        geometric,
        held_active,
        held_decline,
        position_value,
        position_valuer,
    )
    from smallworld.bots.play import play_game

    for n in range(-2, 70):
        assert held_active(n) == geometric(HOLD_ACTIVE, n)
        assert held_decline(n) == geometric(HOLD_DECLINE, n)
    states = []

    class Keeper:
        def __init__(self, seat):
            self.bot = make_bot("greedy", f"valuer:{seat}")

        def choose(self, s, p, legal):
            states.append(s.copy())
            return self.bot.choose(s, p, legal)

    play_game([Keeper(k) for k in range(3)], seed=31)
    states = states[::5]
    same = other = 0
    for s, t in pairwise(states):
        for p in range(3):
            value = position_valuer(s, p)
            assert value(s) == position_value(s, p)
            assert value(t) == position_value(t, p)  # a later decision (often another turn)
            for a in engine.legal_actions(s)[:4]:
                u = s.copy()
                engine.apply_action(u, a, check=False)
                assert value(u) == position_value(u, p)
                if (u.round, u.turn, u.step, u.phase) == (s.round, s.turn, s.step, s.phase):
                    same += 1
                else:
                    other += 1
    assert same > 50 and other > 10
