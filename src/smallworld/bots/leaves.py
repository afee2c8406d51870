"""Leaf evaluators of the search (:mod:`smallworld.bots.search`): where a playout stops, what
the stopped position is worth to the bot, and how that value goes up the path.

A playout's **stage** counts the turns played since the root's turn: 2k-1 when the bot's k-th
next turn begins (every opponent has answered), 2k when that turn is over. An evaluator's
``lookahead`` is the stage at which it stops: 0 at the end of the root's turn.

- :class:`RolloutUtility` (``mcts``): every seat plays on until the bot's next ``horizon`` turns
  are over; :func:`~smallworld.bots.evaluate.utility` of the position.
- :class:`StaticLeaf`: :func:`leaf_value` of the settled position at ``lookahead``: at the end of
  the turn (0), optionally with the **threat** (the Regions opponents are expected to conquer
  before the bot's next turn taken away first, :func:`~smallworld.bots.evaluate.expected_losses`),
  or later (a **lookahead**: 4 is the end of the bot's next two turns).
- :class:`ByPhase`: one evaluator for the turn's big choices (which combo, expand or go In
  Decline), another for the rest (conquest steps, ability choices).
- :class:`BlendLeaf` (Hard): every leaf valued cheaply at the end of the turn with the threat,
  an evenly spread share also played on and valued deep at ``lookahead``; a node's value is the
  cheap mean corrected by the deep samples (a control variate; :mod:`smallworld.bots.blend`
  explains it).

**Decline.** The projection undervalues a fresh race (the greedy bot corrects it by a margin
measured in games, :data:`~smallworld.bots.policy.DECLINE_MARGIN`). A static value read at the
end of the turn has the same bias, and worse: the position after "expand" is projected with the
option to go In Decline *next* turn, so it always looks at least as good as declining now, and
such a bot never declines (R-DEC-1). :class:`StaticLeaf` and :class:`BlendLeaf` therefore add
the greedy bot's correction (in VC, scaled down over the last turns) when the bot went In Decline
during the playout.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from smallworld.bots.evaluate import expected_final, expected_losses, opponents, remaining_turns, utility
from smallworld.bots.policy import DECLINE_MARGIN
from smallworld.bots.search import Leaf, Node
from smallworld.core.engine import phase_of
from smallworld.core.state import DECIDE, PICK, State

#: logistic scale of the leaf value, in VC (as :func:`smallworld.bots.evaluate.utility`)
LEAF_SCALE = 6.0
#: deep samples of a decision needed before the blend's α and β are fitted (fewer: β = 1)
MIN_PAIRS = 10
#: bounds of the blend's fitted slope β
BETA_RANGE = (0.0, 2.0)
_BIG = frozenset({PICK, DECIDE})


def leaf_value(s: State, p: int, bonus: float = 0.0, scale: float = LEAF_SCALE,
               threat: bool = False) -> float:
    """A [0, 1] value of the settled position ``s`` for seat ``p``: a logistic of ``p``'s
    projected final VC plus ``bonus`` minus a blend of the best and the mean opponent's (exact
    scores and a win bonus at the end of the game, where ``bonus`` is ignored). ``threat``:
    ``p``'s turn has just ended; the Regions opponents are expected to take before its next
    turn (:func:`~smallworld.bots.evaluate.expected_losses`) are taken away first."""
    opp = opponents(s, p)
    if not opp:
        return 0.5
    theirs = [expected_final(s, q) for q in opp]
    if threat and s.result is None:
        mine = expected_final(s, p, expected_losses(s, p))
    else:
        mine = expected_final(s, p)
    margin = mine - (0.6 * max(theirs) + 0.4 * sum(theirs) / len(theirs))
    if s.result is not None:
        margin += 2.0 if p in s.result["winners"] else -2.0
    else:
        margin += bonus
    return 1.0 / (1.0 + math.exp(-margin / scale))


def backup(path: list[Node], value: float) -> None:
    """Add one visit of ``value`` to every node of ``path``."""
    for nd in path:
        nd.visits += 1
        nd.value += value


class _FixedStage:
    """A leaf whose playout stops at a fixed stage, ``lookahead``, and keeps nothing per playout."""

    lookahead: int = 0

    def start(self) -> None:
        pass

    def turn_over(self, s: State, me: int, stage: int, declined: bool) -> bool:
        return stage >= self.lookahead


class RolloutUtility(_FixedStage):
    """Stops when the bot's next ``horizon`` turns are over (``lookahead`` 2·horizon); the
    value is :func:`~smallworld.bots.evaluate.utility`, backed up as a mean."""

    node_value: Callable[[Node], float] | None = None

    def __init__(self, horizon: int = 2) -> None:
        self.horizon = horizon
        self.lookahead = 2 * horizon

    def begin(self, world: State, player: int) -> Leaf:
        return self

    def finish(self, s: State, me: int, path: list[Node], declined: bool) -> None:
        backup(path, utility(s, me))


class _DeclineCorrection:
    """The decline correction of a searched decision (see the module doc)."""

    def __init__(self, decline_bonus: float | None) -> None:
        #: VC added when the bot went In Decline, with at least 3 turns left
        self.decline_bonus = -DECLINE_MARGIN if decline_bonus is None else float(decline_bonus)
        self._bonus = 0.0

    def _set_bonus(self, world: State, player: int) -> None:
        turns = remaining_turns(world, player)
        self._bonus = self.decline_bonus * min(1.0, max(0, turns - 1) / 2)

    def _value(self, s: State, me: int, declined: bool, threat: bool = False) -> float:
        return leaf_value(s, me, self._bonus if declined else 0.0, threat=threat)


class StaticLeaf(_FixedStage, _DeclineCorrection):
    """:func:`leaf_value` at stage ``lookahead``, with the decline correction (see the module
    doc). ``threat`` applies at ``lookahead`` 0 only (later, the opponents' turns are played).

    Args:
        lookahead: the stage at which the playout stops (0: the end of the root's turn).
        threat: take away the Regions opponents are expected to conquer (at ``lookahead`` 0).
        decline_bonus: VC added when the bot went In Decline in the playout, with at least 3
            turns left (fewer: scaled down to 0 on the last turn); default the greedy bot's
            correction (``-DECLINE_MARGIN``).

    Raises:
        ValueError: a negative ``lookahead``.
    """

    node_value: Callable[[Node], float] | None = None

    def __init__(self, lookahead: int = 0, threat: bool = False, decline_bonus: float | None = None) -> None:
        if lookahead < 0:
            raise ValueError(f"lookahead must be at least 0, not {lookahead!r}")
        super().__init__(decline_bonus)
        self.lookahead = int(lookahead)
        self.threat = bool(threat) and self.lookahead == 0

    def begin(self, world: State, player: int) -> Leaf:
        self._set_bonus(world, player)
        return self

    def finish(self, s: State, me: int, path: list[Node], declined: bool) -> None:
        backup(path, self._value(s, me, declined, self.threat))


class ByPhase:
    """``big`` for a decision among the turn's big choices (which combo, expand or go In
    Decline), ``small`` for the others."""

    node_value: Callable[[Node], float] | None = None

    def __init__(self, big: Leaf, small: Leaf) -> None:
        self.big = big
        self.small = small
        self.lookahead = big.lookahead

    def begin(self, world: State, player: int) -> Leaf:
        return (self.big if phase_of(world) in _BIG else self.small).begin(world, player)

    def start(self) -> None:  # pragma: no cover - begin returns big or small
        raise RuntimeError("ByPhase.begin returns the evaluator of the decision")

    def turn_over(self, s: State, me: int, stage: int, declined: bool) -> bool:  # pragma: no cover
        raise RuntimeError("ByPhase.begin returns the evaluator of the decision")

    def finish(self, s: State, me: int, path: list[Node], declined: bool) -> None:  # pragma: no cover
        raise RuntimeError("ByPhase.begin returns the evaluator of the decision")


class BlendLeaf(_DeclineCorrection):
    """Cheap leaves at the end of the turn corrected by a share of deep ones at ``lookahead``
    (see :mod:`smallworld.bots.blend`).

    Args:
        lookahead: the deep leaf's stage (default 4: the end of the bot's next two turns).
        threat: the cheap leaf's threat (default on).
        decline_bonus: as :class:`StaticLeaf`.
        deep_share: the share of iterations also valued deep at conquest steps and ability
            choices, spread evenly (0.05: every twentieth).
        big_share: the same at the turn's big choices (1: every iteration).
        shrink: pseudo-samples toward the regression's prediction in a node's deep residual.

    Raises:
        ValueError: ``deep_share`` or ``big_share`` outside (0, 1], a negative ``shrink`` or
            ``lookahead``.
    """

    def __init__(self, lookahead: int = 4, threat: bool = True, decline_bonus: float | None = None,
                 deep_share: float = 0.05, big_share: float = 1.0, shrink: float = 4.0) -> None:
        if not (0.0 < deep_share <= 1.0 and 0.0 < big_share <= 1.0):
            raise ValueError("deep_share and big_share must be in (0, 1]")
        if shrink < 0:
            raise ValueError("shrink must be at least 0")
        if lookahead < 0:
            raise ValueError(f"lookahead must be at least 0, not {lookahead!r}")
        super().__init__(decline_bonus)
        self.lookahead = int(lookahead)
        self.threat = bool(threat)
        self.small_share = float(deep_share)
        self.big_share = float(big_share)
        self.shrink = float(shrink)
        #: this decision's share, and the running credit that spreads the deep ones evenly
        self.share = self.small_share
        self._credit = 0.0
        #: this decision's deep samples: count, Σcheap, Σdeep, Σcheap², Σcheap·deep
        self._pairs = [0, 0.0, 0.0, 0.0, 0.0]
        self._alpha = 0.0
        self._beta = 1.0
        #: this iteration: valued deep too, and its cheap value once reached
        self._deep = False
        self._cheap: float | None = None
        #: the value by which the tree policy selects (see :meth:`blended_value`)
        self.node_value: Callable[[Node], float] | None = self.blended_value

    def begin(self, world: State, player: int) -> Leaf:
        self.share = self.big_share if phase_of(world) in _BIG else self.small_share
        self._pairs = [0, 0.0, 0.0, 0.0, 0.0]
        self._alpha, self._beta = 0.0, 1.0
        self._set_bonus(world, player)
        return self

    def start(self) -> None:
        self._cheap = None
        self._credit += self.share
        self._deep = self._credit >= 1.0
        if self._deep:
            self._credit -= 1.0

    def turn_over(self, s: State, me: int, stage: int, declined: bool) -> bool:
        if self._cheap is None:
            self._cheap = self._value(s, me, declined, self.threat)
            if not self._deep:
                return True
        return stage >= self.lookahead

    def finish(self, s: State, me: int, path: list[Node], declined: bool) -> None:
        cheap = self._cheap
        if self._deep or cheap is None:  # the game ended first: its value serves as both
            value = self._value(s, me, declined)
            self.add(path, value if cheap is None else cheap, value if self._deep else None)
        else:
            self.add(path, cheap, None)

    def add(self, path: list[Node], cheap: float, deep: float | None) -> None:
        """Back up a leaf's ``cheap`` value, and its ``deep`` one when it has it (a pair of the
        regression)."""
        backup(path, cheap)
        if deep is None:
            return
        for nd in path:
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

    def regression(self) -> tuple[float, float]:
        """``(α, β)`` of this decision's deep samples: deep ≈ α + β · cheap (least squares;
        with fewer than :data:`MIN_PAIRS` pairs β = 1 and α is the mean difference)."""
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

    def blended_value(self, node: Node) -> float:
        """A node's blended value: the regression's prediction from its mean cheap value plus
        its deep samples' mean residual shrunk toward 0; 0 before its first visit."""
        if node.visits == 0:
            return 0.0
        a, b = self._alpha, self._beta
        v = a + b * node.value / node.visits
        if node.deep:
            v += (node.deep_value - a * node.deep - b * node.deep_cheap) / (node.deep + self.shrink)
        return v


__all__ = ["BETA_RANGE", "LEAF_SCALE", "MIN_PAIRS", "BlendLeaf", "ByPhase", "RolloutUtility", "StaticLeaf",
           "backup", "leaf_value"]
