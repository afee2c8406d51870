"""Blended leaves (``mcts-blend``, the Hard level): ``mcts-plan``'s tree, most leaves valued
cheaply, a share of them deeply.

``mcts-plan`` (a research configuration, ``benchmarks/bot_variants.py``) values every leaf after
every seat has played on to the end of the bot's next two turns: a good judge, about ten times
dearer than the threat leaf at the end of the bot's own turn (``mcts-threat``). This bot keeps
``mcts-plan``'s tree (its own decisions of the turn, kept between them) and values **every**
leaf cheaply, at the end of the turn with the threat leaf; an evenly spread share of the
iterations goes on from that same position to the two-turn horizon and is valued there too:
every iteration of the turn's big choices (which combo, expand or go In Decline: ``big_share``
1, as ``mcts-plan``), one in twenty at conquest steps and ability choices (``deep_share``
0.05), which are most of the searched decisions. The deep value is what the search wants; the
cheap one, which every iteration has, is a control variate that tells it about the rest:

- over the deep samples of the decision, the deep value is regressed on the cheap one:
  ``deep ≈ α + β · cheap`` (least squares; with fewer than :data:`MIN_PAIRS` pairs β = 1
  and α is the mean difference);
- a node's value is the regression's prediction from the mean cheap value of *all* its visits,
  plus the mean residual of its own deep samples shrunk toward 0 by ``shrink`` pseudo-samples:
  ``α + β · mean(cheap) + Σ(deep − α − β · cheap) / (deep samples + shrink)``.

With many deep samples a node's value tends to the regression estimator of its deep mean
(unbiased for the two-turn value); with none, to what its cheap values predict.

It is a configuration of the one search loop (:class:`~smallworld.bots.search.SearchBot`): the
tree policy :class:`~smallworld.bots.tree.UCTTree` (``end`` left to the policy at conquest
steps), the playout :class:`~smallworld.bots.tree.FastPlayout`, the leaf
:class:`~smallworld.bots.leaves.BlendLeaf` (which holds the regression), the tree kept between
the decisions of a turn.
"""

from __future__ import annotations

from smallworld.bots.base import bot_rng
from smallworld.bots.leaves import BlendLeaf
from smallworld.bots.policy import HeuristicPolicy
from smallworld.bots.search import SearchBot
from smallworld.bots.tree import FastPlayout, UCTTree


class BlendSearchBot(SearchBot):
    """``mcts-plan``'s tree with blended leaves (see the module doc): the Hard level.

    Args:
        seed: bot seed. time_limit, iterations, clock: the budget
            (:class:`~smallworld.bots.search.SearchBot`). reuse: keep the tree between the
            decisions of a turn.
        exploration, max_candidates, prior, search_end: the tree policy's
            (:class:`~smallworld.bots.tree.UCTTree`).
        lookahead, threat, decline_bonus, deep_share, big_share, shrink: the leaf's
            (:class:`~smallworld.bots.leaves.BlendLeaf`; ``lookahead``: the deep leaf's stage,
            default 4; ``deep_share`` 0.05 at conquest steps and ability choices, ``big_share``
            1 at the turn's big choices).

    Raises:
        ValueError: as :class:`~smallworld.bots.leaves.BlendLeaf` and
            :class:`~smallworld.bots.search.SearchBot`.
    """

    name = "mcts-blend"

    def __init__(self, seed: int | str | None = None, time_limit: float = 0.5, iterations: int | None = None,
                 exploration: float = 0.25, max_candidates: int = 4, prior: float = 0.05, clock: str = "wall",
                 decline_bonus: float | None = None, reuse: bool = True, search_end: bool = False,
                 lookahead: int = 4, threat: bool = True, deep_share: float = 0.05, big_share: float = 1.0,
                 shrink: float = 4.0) -> None:
        rng = bot_rng(self.name, seed)
        greedy = HeuristicPolicy(rng, exact=True)
        tree = UCTTree(greedy.fast, exploration=exploration, max_candidates=max_candidates, prior=prior,
                       search_end=search_end)
        leaf = BlendLeaf(lookahead, threat, decline_bonus, deep_share=deep_share, big_share=big_share,
                         shrink=shrink)
        super().__init__(rng, greedy, tree=tree, playout=FastPlayout(greedy.fast), leaf=leaf,
                         time_limit=time_limit, iterations=iterations, clock=clock, reuse=reuse)


__all__ = ["BlendSearchBot"]
