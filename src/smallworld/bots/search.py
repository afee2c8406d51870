"""The one search loop of the search bots: open-loop information-set MCTS over the bot's own
decisions, its parts passed in as objects (as OpenSpiel's ``MCTSBot`` takes an evaluator).

A :class:`SearchBot` is configured by three objects:

- the **tree policy** (:class:`~smallworld.bots.tree.UCTTree`): which actions a node searches
  (candidates), how an untried one is expanded and how UCB1 selects among the tried ones, and
  at which decisions only the root choice is kept in the tree;
- the **playout policy** (:class:`~smallworld.bots.tree.FastPlayout`,
  :class:`~smallworld.bots.tree.GreedyOwnMoves`): who plays the moves outside the tree (every
  other seat, the bot's moves below the tree, its forced and unsearched moves);
- the **leaf evaluator** (:mod:`smallworld.bots.leaves`): where a playout stops (at the end of
  the bot's turn, when its next turn begins, when it is over, ...), what the stopped position is
  worth, and how that value is backed up the path (a mean, or cheap values corrected by deep
  ones).

The levels are configurations of it: Medium (:class:`~smallworld.bots.mcts.MCTSBot`), Hard
(:class:`~smallworld.bots.blend.BlendSearchBot`) and the training ladder's ``mcts-fast``
(:class:`~smallworld.bots.ladder.FastSearchBot`); the research variants measured in
``docs/bots.md`` are configurations in ``benchmarks/bot_variants.py``.

Each iteration starts from a fresh :func:`~smallworld.core.view.determinize` copy made for the
bot's seat (RULES §15: hidden facts re-sampled), samples chance by its probabilities, descends
the tree while the bot is making a searched decision of the turn being played (a node is the
sequence of its own actions since the root), leaves it at an untried action, a new turn, or an
action not among the node's candidates, plays on by the playout policy until the evaluator
stops it or the game ends, and hands the position to the evaluator. Redeployment and defence
(:data:`UNSEARCHED`) and decisions with one legal action are never searched.

Budget: ``time_limit`` seconds per searched decision on the ``clock`` (``"wall"`` or
``"cpu"``), or exactly ``iterations`` iterations (reproducible for a given seed). With
``reuse`` the tree is kept between the decisions of one turn: the next decision starts from the
child of the action taken, with its statistics.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, Protocol

from smallworld.bots.policy import AbilityCounter, HeuristicPolicy
from smallworld.core import chance, engine
from smallworld.core.actions import Action
from smallworld.core.engine import phase_of
from smallworld.core.state import CHANCE, DEFEND, REDEPLOY, State
from smallworld.core.view import determinize

#: phases played by the greedy policy instead of being searched
UNSEARCHED = frozenset({REDEPLOY, DEFEND})
#: actions after which an iteration stops whatever the evaluator says (a guard)
MAX_STEPS = 5000


class Node:
    """A node of the open-loop tree: the bot's own actions since the root.

    ``visits`` and ``value`` (the sum of backed-up values in [0, 1]); ``avail``: the iterations
    in which it was legal (UCB1's availability count); ``cands``: the actions searched below it
    (None until first reached); ``deep``, ``deep_value``, ``deep_cheap``: the visits also valued
    deep by :class:`~smallworld.bots.leaves.BlendLeaf`, the sum of those deep values and of their
    cheap ones."""

    __slots__ = ("avail", "cands", "children", "deep", "deep_cheap", "deep_value", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.cands: list[Action] | None = None
        self.deep = 0
        self.deep_value = 0.0
        self.deep_cheap = 0.0


class TreePolicy(Protocol):
    """Candidates, expansion and selection (:class:`~smallworld.bots.tree.UCTTree`)."""

    #: root phases whose searched decision keeps only the root choice in the tree
    flat_phases: frozenset[str]

    def candidates(self, s: State, p: int, legal: list[Action], greedy_choice: Action) -> list[Action]: ...

    def descend(self, node: Node, avail: list[Action], prior_action: Action | None,
                value: Callable[[Node], float] | None) -> tuple[Action, Node, bool]: ...


class Playout(Protocol):
    """The moves played outside the tree (:mod:`smallworld.bots.tree`)."""

    def choose(self, s: State, p: int, legal: list[Action], own_in_tree: bool) -> Action: ...


class Leaf(Protocol):
    """A leaf evaluator (:mod:`smallworld.bots.leaves`). :meth:`begin` is called once per
    searched decision and returns the evaluator of that decision (itself, or one chosen by the
    root's phase); :meth:`start` once per iteration; :meth:`turn_over` at each new turn of a
    playout (``stage``: 2k-1 when the bot's k-th next turn begins, 2k when it is over) and says
    whether to stop; :meth:`finish` values the stopped position and backs it up ``path``."""

    #: stages played after the root's turn (the key of a kept tree)
    lookahead: int
    #: a node's value for selection, or None: its mean
    node_value: Callable[[Node], float] | None

    def begin(self, world: State, player: int) -> Leaf: ...

    def start(self) -> None: ...

    def turn_over(self, s: State, me: int, stage: int, declined: bool) -> bool: ...

    def finish(self, s: State, me: int, path: list[Node], declined: bool) -> None: ...


class _Walk:
    """One iteration's way down the tree: the node reached, the path, whether it is still in
    the tree, whether the bot went In Decline."""

    __slots__ = ("declined", "in_tree", "node", "path")

    def __init__(self, root: Node) -> None:
        self.node = root
        self.path = [root]
        self.in_tree = True
        self.declined = False


class SearchBot:
    """A search bot made of a tree policy, a playout policy and a leaf evaluator (see the module
    doc). The configurations build it; ``rng`` drives determinizations, chance samples and the
    heuristic policies (``greedy``: the exact one, whose fast twin plays the playouts).

    Args:
        rng: the bot's RNG. greedy: the greedy policy on ``rng`` (its ``fast`` policy too).
        tree, playout, leaf: the parts (see the module doc).
        time_limit: seconds per searched decision (ignored when ``iterations`` is given).
        iterations: exact number of iterations per searched decision (reproducible).
        clock: ``"wall"`` or ``"cpu"`` (:func:`clock_function`), the clock of ``time_limit``.
        reuse: keep the tree between the decisions of one turn.

    Raises:
        ValueError: ``iterations`` below 1, a ``time_limit`` not positive without
            ``iterations``, or an unknown ``clock``.
    """

    name = "search"

    def __init__(self, rng: random.Random, greedy: HeuristicPolicy, *, tree: TreePolicy,
                 playout: Playout, leaf: Leaf, time_limit: float = 0.5, iterations: int | None = None,
                 clock: str = "wall", reuse: bool = True) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time_limit <= 0 and iterations is None:
            raise ValueError("time_limit must be positive")
        self.rng = rng
        self.greedy = greedy
        self.fast = greedy.fast
        self.tree = tree
        self.playout = playout
        self.leaf = leaf
        self.clock = clock
        self._now = clock_function(clock)
        self.time_limit = time_limit
        self.iterations = iterations
        self.reuse = reuse
        self._abilities = AbilityCounter()
        #: statistics of the last search (for benchmarks): iterations, seconds, root children
        self.last_stats: dict[str, Any] = {}
        #: totals over this bot's searches: searched decisions, iterations, seconds, visits reused
        self.stats: dict[str, float] = {"searches": 0, "iterations": 0, "seconds": 0.0, "reused": 0}
        #: the tree of the last search; the trees kept for reuse, by the evaluator's lookahead:
        #: (turn key, root, the searched decision that rooted it)
        self._tree: Node | None = None
        self._kept: dict[int, tuple[tuple[int, int, int], Node, int]] = {}
        self._serial = 0
        self._last: Action | None = None

    # ---- the bot interface ---------------------------------------------------------------------

    def choose(self, state: State, player: int, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        world = determinize(state, player, random.Random(self.rng.random()))
        self._abilities.prime(world, player)
        if phase_of(world) in UNSEARCHED:
            action = self.greedy.choose(world, player, legal)
        else:
            action = self.search(state, player, legal, world)
        self._abilities.record(action)
        return action

    # ---- search --------------------------------------------------------------------------------

    def search(self, state: State, player: int, legal: list[Action], world: State) -> Action:
        """Search ``player``'s decision in ``state`` (``world``: a determinized copy); returns
        the most visited root candidate (ties: the greedy choice, then the better mean value)."""
        t0 = self._now()
        leaf = self.leaf.begin(world, player)
        flat = phase_of(world) in self.tree.flat_phases
        self._serial += 1
        greedy_choice = self.greedy.choose(world, player, legal)
        root = self._root(state, player, legal, world, greedy_choice, leaf.lookahead)
        assert root.cands is not None
        n = 0
        if len(root.cands) > 1:
            deadline = t0 + self.time_limit
            while self._more(n, len(root.cands), deadline):
                self._iterate(state, player, root, greedy_choice, leaf, flat)
                n += 1
        best = self._best(root, greedy_choice, n, t0, root_visits=root.visits)
        self._last = best
        return best

    def _more(self, n: int, candidates: int, deadline: float) -> bool:
        """Whether the budget allows another iteration after ``n``: ``iterations`` exactly, else
        until the deadline once every candidate was tried."""
        if self.iterations is not None:
            return n < self.iterations
        return n < candidates or self._now() < deadline

    def _root(self, state: State, player: int, legal: list[Action], world: State,
              greedy_choice: Action, key: int) -> Node:
        """The kept subtree of ``key`` below the last action taken this turn (when that tree was
        searched at the previous decision and ``reuse`` is on), or a new root."""
        turn = (state.round, state.turn, player)
        kept = self._kept.get(key)
        root = None
        if (self.reuse and kept is not None and kept[0] == turn and kept[2] == self._serial - 1
                and self._last is not None):
            root = self._reused(kept[1].children.get(self._last), legal, greedy_choice)
        if root is None:
            root = Node()
            root.cands = self.tree.candidates(world, player, legal, greedy_choice)
        self._kept[key] = (turn, root, self._serial)
        self._tree = root
        return root

    def _reused(self, child: Node | None, legal: list[Action], greedy_choice: Action) -> Node | None:
        """``child`` as the new root, its candidates cut to ``legal`` (the greedy choice added);
        None when it was never expanded or keeps no legal candidate."""
        if child is None or child.cands is None:
            return None
        legal_set = set(legal)
        cands = [a for a in child.cands if a in legal_set]
        if not cands:
            return None
        if greedy_choice not in cands:
            cands.insert(0, greedy_choice)
        child.cands = cands
        self.stats["reused"] += child.visits
        return child

    def _best(self, root: Node, greedy_choice: Action, n: int, t0: float, **extra: Any) -> Action:
        """The most visited root candidate (ties: the greedy choice, then the better mean value);
        records the search in :attr:`stats` and :attr:`last_stats` (with ``extra`` entries)."""
        assert root.cands is not None

        def rank(a: Action) -> tuple[int, bool, float]:
            c = root.children.get(a)
            if c is None:
                return (-1, a == greedy_choice, 0.0)
            return (c.visits, a == greedy_choice, c.value / c.visits if c.visits else 0.0)

        best = max(root.cands, key=rank)
        seconds = self._now() - t0
        self.stats["searches"] += 1
        self.stats["iterations"] += n
        self.stats["seconds"] += seconds
        self.last_stats = {
            "iterations": n,
            "seconds": seconds,
            **extra,
            "greedy": str(greedy_choice),
            "chosen": str(best),
            "children": {str(a): (c.visits, round(c.value / c.visits, 3) if c.visits else None)
                         for a, c in root.children.items()},
        }
        return best

    # ---- one iteration -------------------------------------------------------------------------

    def _iterate(self, state: State, me: int, root: Node, greedy_choice: Action, leaf: Leaf,
                 flat: bool) -> None:
        """One iteration from ``root`` (see the module doc); ``flat``: leave the tree after the
        root's choice."""
        rng = self.rng
        s = determinize(state, me, rng)
        self._abilities.prime(s, me)
        walk = _Walk(root)
        leaf.start()
        last = (s.round, s.turn)
        mine_seen = 0
        steps = 0
        while not s.is_over() and steps < MAX_STEPS:
            steps += 1
            if (s.round, s.turn) != last:
                # a new turn: the tree covers the root turn's own decisions only
                last = (s.round, s.turn)
                walk.in_tree = False
                mine = s.turn == me
                mine_seen += mine  # the bot's own turns begun since the root's
                if leaf.turn_over(s, me, 2 * mine_seen - mine, walk.declined):
                    break
            cp = s.current_player()
            if cp == CHANCE:
                engine.apply_action(s, chance.sample(s, rng), check=False)
                continue
            legal = engine.legal_actions(s)
            if cp == me and walk.in_tree and len(legal) > 1 and phase_of(s) not in UNSEARCHED:
                a = self._descend(walk, s, me, legal, greedy_choice if walk.node is root else None,
                                  leaf, flat)
                if a is None:
                    continue
            else:
                a = self.playout.choose(s, cp, legal, cp == me and walk.in_tree)
            if cp == me and a.kind == "decline":
                walk.declined = True
            engine.apply_action(s, a, check=False)
        leaf.finish(s, me, walk.path, walk.declined)

    def _descend(self, walk: _Walk, s: State, me: int, legal: list[Action],
                 prior_action: Action | None, leaf: Leaf, flat: bool) -> Action | None:
        """The tree's action at an own searched decision, ``walk`` moved to its child; None
        (and ``walk`` out of the tree) when none of the node's candidates is legal here."""
        node = walk.node
        if node.cands is None:
            node.cands = self.tree.candidates(s, me, legal, self.fast.choose(s, me, legal))
        legal_set = set(legal)
        avail = [a for a in node.cands if a in legal_set]
        if not avail:
            walk.in_tree = False
            return None
        a, child, expanded = self.tree.descend(node, avail, prior_action, leaf.node_value)
        walk.node = child
        walk.path.append(child)
        if expanded or flat:
            walk.in_tree = False
        return a


def clock_function(clock: str) -> Callable[[], float]:
    """The clock of a time budget: ``"wall"`` (``time.perf_counter``) or ``"cpu"``
    (``time.process_time``, this process's CPU time: a budget that other jobs on the machine
    do not shrink).

    Raises:
        ValueError: another name.
    """
    # looked up at each reading (so a test may replace the clock after the bot is made)
    if clock == "wall":
        return lambda: time.perf_counter()
    if clock == "cpu":
        return lambda: time.process_time()
    raise ValueError(f"clock must be 'wall' or 'cpu', not {clock!r}")


__all__ = ["MAX_STEPS", "UNSEARCHED", "Leaf", "Node", "Playout", "SearchBot", "TreePolicy", "clock_function"]
