"""The tree policy and the playout policies of the search (:mod:`smallworld.bots.search`).

- :class:`UCTTree`: the actions a node searches (all of them when few; otherwise the greedy
  choice, the best few by the fast ranking and ``end``), expansion of the first untried one,
  and UCB1 with availability counts (a child is not penalised for the samples in which it was
  not legal) plus a small bonus for the greedy choice at the root.
- :class:`FastPlayout`: every move outside the tree by the fast heuristic policy.
- :class:`GreedyOwnMoves`: the same, except the bot's own forced and unsearched moves while it
  is still in the tree (the exact greedy policy), as the rollout search ``mcts`` plays them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from smallworld.bots.policy import HeuristicPolicy
from smallworld.bots.search import Node
from smallworld.core.actions import Action
from smallworld.core.engine import phase_of
from smallworld.core.state import CONQUER, DECIDE, PICK, State

#: the turn's big choices: which combo to pick, expand or go In Decline
BIG_CHOICES = frozenset({PICK, DECIDE})


class UCTTree:
    """UCB1 over the candidates of each node (see the module doc).

    Args:
        fast: the fast heuristic policy (ranks the candidates).
        exploration: UCB1 constant (values are in [0, 1]).
        max_candidates: candidates kept besides the greedy choice and ``end`` when there are many.
        prior: bonus of the greedy choice at the root, shrinking with its visits.
        search_end: keep ``end`` among a conquest step's candidates even where the greedy
            choice conquers on (False: when to stop conquering is left to the policy).
        flat_phases: root phases whose searched decision keeps only the root choice in the
            tree (the rest of the turn below it is played by the playout policy).
    """

    def __init__(self, fast: HeuristicPolicy, *, exploration: float = 0.25, max_candidates: int = 4,
                 prior: float = 0.05, search_end: bool = False,
                 flat_phases: frozenset[str] = frozenset()) -> None:
        self.fast = fast
        self.exploration = exploration
        self.max_candidates = max_candidates
        self.prior = prior
        self.search_end = search_end
        self.flat_phases = flat_phases

    def candidates(self, s: State, p: int, legal: list[Action], greedy_choice: Action) -> list[Action]:
        """Actions searched at a node: all of them when few; otherwise the greedy choice, the
        best ``max_candidates`` by the fast ranking (conquests, combos) or by one-step lookahead
        (ability choices), and ``end`` when legal (at a conquest step only where the greedy
        choice is ``end``, unless ``search_end``)."""
        cands = self._ranked_candidates(s, p, legal, greedy_choice)
        if not self.search_end and greedy_choice.kind != "end" and phase_of(s) == CONQUER:
            cands = [a for a in cands if a.kind != "end"] or cands
        return cands

    def _ranked_candidates(self, s: State, p: int, legal: list[Action], greedy_choice: Action) -> list[Action]:
        phase = phase_of(s)
        if len(legal) <= self.max_candidates + 2:
            return [greedy_choice] + [a for a in legal if a != greedy_choice and a.kind != "abandon"]
        if phase == CONQUER:
            ranked = rank_conquests(self.fast, s, p, legal)
        elif phase == PICK:
            ranked = sorted(legal, key=lambda a: -self.fast.combo_score(s, p, int(a.args[0])) if a.kind == "pick" else 0)
        else:  # ability choices: the best few by one-step lookahead
            ranked = self.fast.rank_lookahead(s, p, legal, self.max_candidates + 1)
        out = [greedy_choice]
        for a in ranked:
            if len(out) >= self.max_candidates + 1:
                break
            if a not in out:
                out.append(a)
        end = Action("end")
        if end in legal and end not in out:
            out.append(end)
        return out

    def descend(self, node: Node, avail: list[Action], prior_action: Action | None,
                value: Callable[[Node], float] | None = None) -> tuple[Action, Node, bool]:
        """The action taken at ``node`` among ``avail`` (its candidates legal here), its child
        and whether it was expanded now: the first untried one, else :meth:`select`'s. Counts
        the availability of every child of ``avail``."""
        children = node.children
        untried = [a for a in avail if a not in children]
        for b in avail:
            if b in children:
                children[b].avail += 1
        if untried:
            a = untried[0]
            child = children[a] = Node()
            child.avail = 1  # this iteration, in which it is legal
            return a, child, True
        a = self.select(node, avail, prior_action, value)
        return a, children[a], False

    def select(self, node: Node, avail: list[Action], prior_action: Action | None,
               value: Callable[[Node], float] | None = None) -> Action:
        """UCB1 among the children of ``node`` for ``avail`` (an unvisited one first), with the
        prior bonus of ``prior_action``; a child's value is its mean, or ``value(child)``."""
        best, best_u = avail[0], -1e18
        c = self.exploration
        for a in avail:
            ch = node.children[a]
            if ch.visits == 0:
                return a
            q = ch.value / ch.visits if value is None else value(ch)
            u = q + c * math.sqrt(math.log(max(ch.avail, 1)) / ch.visits)
            if a == prior_action:
                u += self.prior / (1 + ch.visits) ** 0.5
            if u > best_u:
                best, best_u = a, u
        return best


class FastPlayout:
    """Every move outside the tree by the fast heuristic policy ``fast``."""

    def __init__(self, fast: HeuristicPolicy) -> None:
        self.fast = fast

    def choose(self, s: State, p: int, legal: list[Action], own_in_tree: bool) -> Action:
        return self.fast.choose(s, p, legal)


class GreedyOwnMoves:
    """The bot's own moves while in the tree (forced or unsearched) by ``greedy``; every other
    move by its fast policy."""

    def __init__(self, greedy: HeuristicPolicy) -> None:
        self.greedy = greedy
        self.fast = greedy.fast

    def choose(self, s: State, p: int, legal: list[Action], own_in_tree: bool) -> Action:
        return (self.greedy if own_in_tree else self.fast).choose(s, p, legal)


def rank_conquests(policy: HeuristicPolicy, s: State, p: int, legal: list[Action]) -> list[Action]:
    """Conquest-phase actions ordered best first by ``policy``'s own choice, repeated on the
    remaining actions (the fast policy is cheap, so this is a ranking by its criteria)."""
    rest = [a for a in legal if a.kind not in ("abandon", "end")]
    out: list[Action] = []
    end = Action("end")
    while rest and len(out) < 8:
        a = policy.conquer(s, p, rest + [end])
        if a == end or a not in rest:
            break
        out.append(a)
        rest.remove(a)
    return out


__all__ = ["BIG_CHOICES", "FastPlayout", "GreedyOwnMoves", "UCTTree", "rank_conquests"]
