"""Information-set Monte Carlo tree search (single-observer ISMCTS, open loop).

The bot never looks at the true game state: every iteration starts from a fresh
:func:`smallworld.core.view.determinize` copy made for its seat (other players' VC re-sampled;
stack order, face-down items and Bomb sides are future chance draws and are sampled when they
happen, RULES §15). Then:

1. **Selection / expansion.** The tree holds only the bot's own decisions (open loop: a node is
   the sequence of its own actions since the root). Chance events are sampled by their
   probabilities, other seats play the heuristic policy. At a node, an untried candidate is
   expanded first (best-ranked first); otherwise UCB1 picks among the children legal in this
   determinization, with availability counts (children unavailable in a sample are not
   penalised) and a small prior bonus for the greedy bot's choice.
2. **Rollout.** Every seat plays the fast heuristic policy
   (:class:`~smallworld.bots.policy.HeuristicPolicy` with ``exact=False``) until the end of the
   bot's next two turns (``horizon`` more own turns, default 2), or the end of the game.
   Measured (``benchmarks/bot_strength.py``, 0.5 s per decision, the same 96 games against two
   greedy bots): horizon 2 won 65 against horizon 1's 47 (paired sign test p = 0.003), with 289
   instead of 438 iterations per decision.
3. **Evaluation.** :func:`smallworld.bots.evaluate.utility`: a logistic of the bot's projected
   final VC minus its opponents' (exact at the end of the game).
4. **Back-propagation** of that value along the path.

What is searched: picking a combo, expand or decline, each conquest step (ordinary, final,
tolls, ability actions) and ability choices. Candidates of a conquest step are pruned to the
greedy choice, the best few by the fast ranking, and ``end``. Redeployment (a many-step token
allocation with little strategic branching) is played by the greedy policy, as is any decision
with one legal action (instant).

Budget: ``time_limit`` seconds per decision (default 0.5) on the ``clock`` (``"wall"``, the
default, or ``"cpu"``: this process's CPU time, for fair measurements on a shared machine), or
exactly ``iterations`` iterations (reproducible for a given seed).

It is a configuration of the one search loop (:class:`~smallworld.bots.search.SearchBot`): the
tree policy :class:`~smallworld.bots.tree.UCTTree` (``end`` searched like any conquest, no tree
kept between decisions), the playout :class:`~smallworld.bots.tree.GreedyOwnMoves` and the leaf
:class:`~smallworld.bots.leaves.RolloutUtility`. It is the Medium level.
"""

from __future__ import annotations

from smallworld.bots.base import bot_rng
from smallworld.bots.leaves import RolloutUtility
from smallworld.bots.policy import HeuristicPolicy
from smallworld.bots.search import SearchBot
from smallworld.bots.tree import GreedyOwnMoves, UCTTree


class MCTSBot(SearchBot):
    """ISMCTS player (see the module doc): the Medium level.

    Args:
        seed: bot seed (its RNG drives determinizations, chance samples and rollouts).
        time_limit: seconds per searched decision (ignored when ``iterations`` is given).
        iterations: exact number of iterations per searched decision (reproducible).
        horizon: own turns played after the current one before a rollout is evaluated.
        exploration: UCB1 constant (values are in [0, 1]).
        max_candidates: conquest-step candidates kept besides the greedy choice and ``end``.
        prior: bonus of the greedy choice at the root.
        clock: ``"wall"`` or ``"cpu"`` (:func:`~smallworld.bots.search.clock_function`), the
            clock of ``time_limit``.

    Raises:
        ValueError: as :class:`~smallworld.bots.search.SearchBot`.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | str | None = None,
        time_limit: float = 0.5,
        iterations: int | None = None,
        horizon: int = 2,
        exploration: float = 0.25,
        max_candidates: int = 4,
        prior: float = 0.05,
        clock: str = "wall",
    ) -> None:
        rng = bot_rng(self.name, seed)
        greedy = HeuristicPolicy(rng, exact=True)
        tree = UCTTree(greedy.fast, exploration=exploration, max_candidates=max_candidates, prior=prior,
                       search_end=True)
        super().__init__(rng, greedy, tree=tree, playout=GreedyOwnMoves(greedy), leaf=RolloutUtility(horizon),
                         time_limit=time_limit, iterations=iterations, clock=clock, reuse=False)
        self.horizon = horizon


__all__ = ["MCTSBot"]
