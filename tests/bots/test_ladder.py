"""The training ladder (smallworld.bots.ladder): random that never declines, ε-greedy, and the
fast search bot; like every bot they choose legal actions and never read hidden facts."""

from __future__ import annotations

import pytest

from smallworld.bots import BOTS, EpsilonGreedyBot, GreedyBot, make_bot
from smallworld.core import engine
from smallworld.core.actions import Action
from smallworld.core.game import Game
from tests.bots.test_hidden_information import _decision_points, _twin

LADDER = ["random-nodecline", "greedy-eps", "mcts-fast"]


def _play(names: list[str], seed: int, **opts) -> Game:
    g = Game.new(len(names), seed=seed)
    g.settle()
    bots = [make_bot(n, f"{seed}:{p}", **opts) for p, n in enumerate(names)]
    while not g.state.is_over():
        p = g.current_player()
        legal = g.legal_actions()
        a = bots[p].choose(g.state, p, legal)
        assert a in legal
        g.apply(a, check=False)
        g.settle()
    return g


def test_ladder_bots_are_registered():
    assert set(LADDER) <= set(BOTS)
    assert make_bot("greedy-eps", epsilon=0.4).epsilon == 0.4
    assert make_bot("mcts-fast").iterations == 12
    with pytest.raises(ValueError):
        EpsilonGreedyBot(epsilon=-0.1)


def test_random_nodecline_never_declines_when_it_may_expand():
    g = _play(["random-nodecline", "random"], seed=5)
    g2 = Game.new(2, seed=5)  # replay to see who declined
    declines_by_seat = {0: 0, 1: 0}
    for text in g.record.actions:
        if text == "decline":
            declines_by_seat[g2.state.current_player()] += 1
        g2.apply(text)
    assert declines_by_seat[0] == 0
    assert declines_by_seat[1] >= 1  # the plain random bot does
    bot = make_bot("random-nodecline", 1)
    assert bot.choose(g.state, 0, [Action("decline")]) == Action("decline")  # the only choice


def test_epsilon_zero_is_greedy_and_epsilon_one_is_random():
    for s in _decision_points(3, want=6):
        p = s.current_player()
        legal = engine.legal_actions(s)
        assert EpsilonGreedyBot("x", epsilon=0.0).choose(s, p, legal) == GreedyBot("x").choose(s, p, legal)
    s = _decision_points(4, want=1)[0]
    p = s.current_player()
    legal = engine.legal_actions(s)
    bot = EpsilonGreedyBot("y", epsilon=1.0)
    assert len({bot.choose(s, p, legal) for _ in range(40)}) > 1


@pytest.mark.parametrize("name", LADDER)
def test_ladder_bots_ignore_hidden_facts(name):
    for i, s in enumerate(_decision_points(3, want=5)):
        seat = s.current_player()
        twin = _twin(s, seat, 9)
        a = make_bot(name, f"twin-{i}").choose(s, seat, engine.legal_actions(s))
        b = make_bot(name, f"twin-{i}").choose(twin, seat, engine.legal_actions(twin))
        assert a == b


def test_fast_search_bot_is_reproducible():
    for i, s in enumerate(_decision_points(4, want=4)):
        p = s.current_player()
        legal = engine.legal_actions(s)
        assert make_bot("mcts-fast", i).choose(s, p, legal) == make_bot("mcts-fast", i).choose(s, p, legal)
