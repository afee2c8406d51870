"""``mcts-blend`` (:mod:`smallworld.bots.blend`): every leaf valued cheaply at the end of the
turn, a share of them also at the two-turn horizon, the cheap values corrected by the deep."""

from __future__ import annotations

import pytest

from smallworld.bots import make_bot
from smallworld.bots.blend import BlendSearchBot
from smallworld.bots.leaves import MIN_PAIRS
from smallworld.bots.search import Node
from smallworld.core import engine
from smallworld.core.actions import Action
from tests.bots.test_heuristics import _exhausted
from tests.bots.test_turnsearch import _conquest_turn


def _node(cheap: list[float], deep: list[tuple[float, float]]) -> Node:
    """A node whose visits had these cheap values, and these (cheap, deep) pairs besides."""
    nd = Node()
    for c in cheap:
        nd.visits += 1
        nd.value += c
    for c, d in deep:
        nd.visits += 1
        nd.value += c
        nd.deep += 1
        nd.deep_value += d
        nd.deep_cheap += c
    return nd


def test_the_hard_level_is_the_blend_with_every_big_choice_valued_deep():
    from smallworld.bots import level_bot

    bot = make_bot(level_bot("hard"), 1)
    assert isinstance(bot, BlendSearchBot)
    leaf = bot.leaf
    assert (leaf.big_share, leaf.small_share, leaf.lookahead, leaf.threat) == (1.0, 0.05, 4, True)


def test_the_regression_of_deep_on_cheap_is_fitted_from_enough_pairs():
    leaf = BlendSearchBot(1, iterations=10).leaf
    assert leaf.regression() == (0.0, 1.0)  # no pairs: the cheap value as it is
    path = [Node()]
    for c in (0.2, 0.4):
        leaf.add(path, c, c + 0.1)
    alpha, beta = leaf.regression()  # too few pairs to fit a slope: the mean difference
    assert beta == 1.0 and alpha == pytest.approx(0.1)
    leaf._pairs = [0, 0.0, 0.0, 0.0, 0.0]  # a new decision: its own pairs (as begin does)
    for k in range(MIN_PAIRS):
        c = 0.1 + 0.05 * k
        leaf.add(path, c, 0.2 + 0.5 * c)
    alpha, beta = leaf.regression()
    assert beta == pytest.approx(0.5) and alpha == pytest.approx(0.2)
    assert path[0].visits == 2 + MIN_PAIRS and path[0].deep == 2 + MIN_PAIRS


def test_a_node_is_judged_by_its_deep_values_where_it_has_them():
    """Two nodes with the same cheap values: the one whose deep values are better is worth more;
    a node without deep values is worth what the regression predicts from its cheap ones."""
    leaf = BlendSearchBot(1, iterations=10, shrink=4.0).leaf
    leaf._alpha, leaf._beta = 0.1, 0.5
    alone = _node([0.6] * 20, [])
    assert leaf.blended_value(alone) == pytest.approx(0.1 + 0.5 * 0.6)
    good = _node([0.6] * 20, [(0.6, 0.9)] * 12)
    poor = _node([0.6] * 20, [(0.6, 0.2)] * 12)
    assert leaf.blended_value(good) > leaf.blended_value(alone) > leaf.blended_value(poor)
    # the residual is shrunk by 4 pseudo-samples: 12 of them move it 12/16 of the way
    assert leaf.blended_value(good) == pytest.approx(0.4 + (0.9 - 0.4) * 12 / 16)
    assert leaf.blended_value(Node()) == 0.0


def test_a_share_of_the_iterations_is_valued_deep_spread_evenly():
    s = _conquest_turn()
    bot = make_bot("mcts-blend", 3, iterations=100, deep_share=0.25)
    assert isinstance(bot, BlendSearchBot)
    bot.choose(s, 0, engine.legal_actions(s))
    root = bot._tree
    assert root.visits == 100 and root.deep == 25
    assert bot.leaf._pairs[0] == 25
    # a big choice may have its own share: every iteration deep
    s = _exhausted(4)
    big = make_bot("mcts-blend", 3, iterations=50, deep_share=0.1)  # big_share 1 by default
    big.choose(s, 0, engine.legal_actions(s))
    assert big._tree.visits == 50 and big._tree.deep == 50


def test_the_blended_search_declines_an_exhausted_race_and_expands_at_the_end():
    """R-DEC-1: as ``mcts-turn`` and ``mcts-plan``, the decline correction applies to both of its
    leaves."""
    s = _exhausted(4)
    assert make_bot("mcts-blend", 1, iterations=200).choose(s, 0, engine.legal_actions(s)) == Action("decline")
    s = _exhausted(10)
    assert make_bot("mcts-blend", 1, iterations=200).choose(s, 0, engine.legal_actions(s)) == Action("expand")


@pytest.mark.parametrize("options", [{"deep_share": 0.0}, {"deep_share": 1.5}, {"big_share": 0.0},
                                     {"shrink": -1.0}])
def test_bad_shares_are_refused(options):
    with pytest.raises(ValueError, match=r"share|shrink"):
        BlendSearchBot(1, **options)


def test_the_cheap_leaf_is_at_the_end_of_the_turn_the_deep_one_two_turns_later(leaf_calls):
    """Seat 0 searching in round 3: every iteration is valued when its turn is over, with the
    threat leaf; every fourth (``deep_share`` 0.25) also after two more of its turns, without."""
    s = _conquest_turn()
    bot = BlendSearchBot(3, iterations=12, deep_share=0.25, big_share=0.25)
    bot.choose(s, 0, engine.legal_actions(s))
    seen = leaf_calls
    assert seen.count((3, 1, True)) == 12 and seen.count((5, 1, False)) == 3 and len(seen) == 15, seen
