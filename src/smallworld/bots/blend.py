"""Blended leaves (``mcts-blend``, the Hard level): ``mcts-plan``'s tree, most leaves valued
cheaply, a share of them deeply.

``mcts-plan`` (:class:`~smallworld.bots.turnsearch.PlanSearchBot`) values every leaf after
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
(unbiased for the two-turn value); with none, to what its cheap values predict. UCB1 and the
rest (candidates, decline correction, ``end`` left to the policy, tree reuse) are those of
:class:`~smallworld.bots.turnsearch.TurnSearchBot`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smallworld.bots.mcts import _Node
from smallworld.bots.turnsearch import TurnSearchBot
from smallworld.core.actions import Action
from smallworld.core.engine import phase_of
from smallworld.core.state import DECIDE, PICK, State

#: deep samples of a decision needed before α and β are fitted (fewer: β = 1)
MIN_PAIRS = 10
#: bounds of the fitted slope β
BETA_RANGE = (0.0, 2.0)


class BlendSearchBot(TurnSearchBot):
    """``mcts-plan``'s tree with blended leaves (see the module doc). Arguments as
    :class:`~smallworld.bots.turnsearch.TurnSearchBot` (``lookahead``: the deep leaf's,
    default 4; ``threat``: the cheap leaf's threat, default on), and:

    - ``deep_share`` (0 to 1, default 0.05): the share of iterations also valued at the
      lookahead, spread evenly (every twentieth at 0.05), at conquest steps and ability choices;
    - ``big_share`` (default 1): the same at the turn's big choices (which combo, expand or go
      In Decline); at 1 every iteration of a big choice is valued at the lookahead, as
      ``mcts-plan`` values it;
    - ``shrink`` (default 4): pseudo-samples toward the regression's prediction in a node's
      deep residual.

    Raises:
        ValueError: ``deep_share`` or ``big_share`` outside (0, 1], or a negative ``shrink``.
    """

    name = "mcts-blend"
    default_lookahead = 4
    default_threat = True

    def __init__(self, *args: Any, deep_share: float = 0.05, big_share: float = 1.0,
                 shrink: float = 4.0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not (0.0 < deep_share <= 1.0 and 0.0 < big_share <= 1.0):
            raise ValueError("deep_share and big_share must be in (0, 1]")
        if shrink < 0:
            raise ValueError("shrink must be at least 0")
        self.small_share = float(deep_share)
        self.big_share = float(big_share)
        self._deep_share = self.small_share
        self.shrink = float(shrink)
        #: this decision's deep samples: count, Σcheap, Σdeep, Σcheap², Σcheap·deep
        self._pairs = [0, 0.0, 0.0, 0.0, 0.0]
        self._alpha = 0.0
        self._beta = 1.0

    def _begin(self, world: State, player: int, legal: list[Action]) -> Action:
        self._deep_share = self.big_share if phase_of(world) in (PICK, DECIDE) else self.small_share
        self._pairs = [0, 0.0, 0.0, 0.0, 0.0]
        self._alpha, self._beta = 0.0, 1.0
        return super()._begin(world, player, legal)

    def regression(self) -> tuple[float, float]:
        """``(α, β)`` of this decision's deep samples: deep ≈ α + β · cheap (see the module
        doc)."""
        n, sx, sy, sxx, sxy = self._pairs
        if n == 0:
            return 0.0, 1.0
        if n < MIN_PAIRS:
            return (sy - sx) / n, 1.0
        var = sxx - sx * sx / n
        if var <= 1e-12:
            return (sy - sx) / n, 1.0
        lo, hi = BETA_RANGE
        beta = min(hi, max(lo, (sxy - sx * sy / n) / var))
        return (sy - beta * sx) / n, beta

    def _blend_backup(self, path: list[_Node], cheap: float, deep: float | None) -> None:
        if deep is None:
            for nd in path:
                nd.visits += 1
                nd.value += cheap
            return
        for nd in path:
            nd.visits += 1
            nd.value += cheap
            nd.deep += 1
            nd.deep_value += deep
            nd.deep_cheap += cheap
        pairs = self._pairs
        pairs[0] += 1
        pairs[1] += cheap
        pairs[2] += deep
        pairs[3] += cheap * cheap
        pairs[4] += cheap * deep
        self._alpha, self._beta = self.regression()

    def node_value(self, node: _Node) -> float:
        """A node's blended value (see the module doc); 0 before its first visit."""
        if node.visits == 0:
            return 0.0
        a, b = self._alpha, self._beta
        v = a + b * node.value / node.visits
        if node.deep:
            v += (node.deep_value - a * node.deep - b * node.deep_cheap) / (node.deep + self.shrink)
        return v

    def _select(self, node: _Node, avail: list[Action], prior_action: Action | None,
                value: Callable[[_Node], float] | None = None) -> Action:
        return super()._select(node, avail, prior_action, self.node_value if value is None else value)


__all__ = ["BETA_RANGE", "MIN_PAIRS", "BlendSearchBot"]
