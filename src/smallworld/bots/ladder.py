"""Training opponents between the random and the greedy bot (an opponent ladder for RL).

- :class:`NoDeclineRandomBot` (``random-nodecline``): uniformly random, but never goes In
  Decline while it may expand instead (R-DEC-1). A learner that merely never declines beats the
  plain random bot; this one closes that trick.
- :class:`EpsilonGreedyBot` (``greedy-eps``): the greedy bot, except that with probability
  ``epsilon`` a decision with several legal actions is played uniformly at random.
- :class:`FastSearchBot` (``mcts-fast``): the ISMCTS bot (:mod:`smallworld.bots.mcts`) with a
  fixed small budget (``iterations`` per searched decision, default 12, rollouts to the end of
  its next turn): reproducible for a seed and fast enough to train against.

Like every bot they read only ``view(state, player)``, ``legal``, and
:func:`~smallworld.core.view.determinize` copies (RULES §15).
"""

from __future__ import annotations

from smallworld.bots.base import SeededBot
from smallworld.bots.greedy import GreedyBot
from smallworld.bots.mcts import MCTSBot
from smallworld.core.actions import Action
from smallworld.core.state import State


class NoDeclineRandomBot(SeededBot):
    """Uniformly random among the legal actions other than ``decline`` (``decline`` only when
    it is the sole legal action)."""

    name = "random-nodecline"

    def choose(self, state: State, player: int, legal: list[Action]) -> Action:
        cands = [a for a in legal if a.kind != "decline"] or legal
        return cands[self.rng.randrange(len(cands))]


class EpsilonGreedyBot(GreedyBot):
    """The greedy bot with ε-random moves.

    Args:
        seed: bot seed. epsilon: probability in [0, 1] that a decision with several legal
            actions is played uniformly at random (0: the greedy bot; 1: the random bot).

    Raises:
        ValueError: ``epsilon`` outside [0, 1].
    """

    name = "greedy-eps"

    def __init__(self, seed: int | str | None = None, epsilon: float = 0.2) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be in [0, 1], not {epsilon!r}")
        super().__init__(seed)
        self.epsilon = float(epsilon)

    def choose(self, state: State, player: int, legal: list[Action]) -> Action:
        if len(legal) > 1 and self.rng.random() < self.epsilon:
            return legal[self.rng.randrange(len(legal))]
        return super().choose(state, player, legal)


class FastSearchBot(MCTSBot):
    """ISMCTS with a small fixed budget (see the module doc): the configuration of
    :class:`~smallworld.bots.mcts.MCTSBot` with ``iterations`` per searched decision (default
    12), ``horizon`` own turns rolled out after the current one (default 1) and
    ``max_candidates`` (default 3)."""

    name = "mcts-fast"

    def __init__(self, seed: int | str | None = None, iterations: int = 12, horizon: int = 1,
                 max_candidates: int = 3) -> None:
        super().__init__(seed, iterations=iterations, horizon=horizon, max_candidates=max_candidates)
