"""Turn search: MCTS over the bot's own turn, a static evaluation at the turn's end or later.

:class:`~smallworld.bots.mcts.MCTSBot` spends most of its time in rollouts (every seat plays on
for two more of its turns). This bot spends it on the decisions of the turn being played:

1. **The tree** holds the bot's own searched decisions of the current turn (combo, expand or
   decline, each conquest step, ability choices), open loop: a node is the sequence of its own
   actions since the turn's first searched decision. Candidates, UCB1 with availability counts
   and the prior bonus of the greedy choice are those of :class:`~smallworld.bots.mcts.MCTSBot`.
2. **Chance** (the reinforcement die, drawn combos and items) is sampled by its probabilities
   in each iteration, so a node's value is an average over the draws (an unbiased estimate of
   the expectation over chance); each iteration starts from a fresh
   :func:`~smallworld.core.view.determinize` copy, so hidden facts are sampled too (RULES §15).
3. **The leaf** is reached when the turn is over (the next seat's turn begins: the bot has
   redeployed and scored, defenders have redeployed) or the game ends. Below the tree the rest
   of the turn is played by the fast heuristic policy (a few actions, not whole turns of every
   seat). The settled position is valued statically: a logistic of the bot's projected final
   VC (:func:`~smallworld.bots.evaluate.expected_final`) minus its opponents'.
4. **Decline.** The projection undervalues a fresh race (the greedy bot corrects it by a margin
   measured in games, ``HeuristicPolicy.decline_margin``). A static value read at the end of
   the turn has the same bias, and worse: the position after "expand" is projected with the
   option to go In Decline *next* turn, so it always looks at least as good as declining now,
   and such a bot never declines. The leaf therefore adds the greedy bot's decline correction
   (in VC, by turns left) when the bot went In Decline during the turn.
5. **When to stop conquering** is left to the policy: a conquest step's candidates hold
   ``end`` only when the policy would end there (``search_end=False``, the default). The macro
   model values tokens kept back as cheap conquests on later turns (``CONQUEST_COST`` each),
   so a search free to stop ends its conquests too early: in 12 games against two greedy bots
   (150 iterations per decision) searching ``end`` scored 100.4 VC on average, leaving it to
   the policy 109.2 (the greedy bot in the same seats: 104.8).
6. **Tree reuse.** The tree is kept between the decisions of one turn: the next decision
   starts from the child of the action taken, with its statistics (the iterations spent on
   that branch are not lost); a new turn starts a new tree.

7. **Lookahead** (``lookahead``, :class:`PlanSearchBot`: ``mcts-plan``). The leaf may be
   valued later than the end of the turn: when the bot's next turn begins (1: every opponent
   has answered the turn), when it is over (2), and so on; below the tree every seat, the bot
   included, is played out by the fast policy. The static value at the end of the bot's own turn
   cannot see how exposed its Regions are to the next seats, and a race's next turn shows what
   its position is worth; the price is fewer iterations. ``mcts-plan`` values the leaf once
   the bot's next two turns are over (4), the horizon of :class:`~smallworld.bots.mcts.MCTSBot`,
   from which it differs by the kept tree (6), ``end`` left to the policy (5), the decline
   correction (4) and the fast policy for the rest of its own turn below the tree (``mcts``:
   the greedy one). Its strength against ``mcts`` is measured in ``docs/bots.md``.

8. **Threat** (``threat``, :class:`ThreatSearchBot`: ``mcts-threat``). With the leaf at the end
   of the bot's own turn (``lookahead`` 0), the projection has the bot's Regions all score again
   on its next turn, however exposed they are: the opponents who play in between are not seen.
   The threat leaf first takes away the Regions they are expected to conquer
   (:func:`~smallworld.bots.evaluate.expected_losses`, a logistic model fitted on games of the
   greedy policy: adjacency to opponents' Active races and their spare tokens, Entry Regions,
   defense, races still to be picked), at the cost of one pass over the boards per leaf instead
   of playing the opponents' turns.

9. **Mixed** (:class:`MixedSearchBot`: ``mcts-mix``). The turn's big choices (combo, expand or
   decline) are searched with the lookahead of point 7, each conquest step with the threat leaf
   of point 8. With ``flat_big`` a big choice's tree is that choice alone: its subtree would
   never be reused (the next decision is a conquest step, searched in a tree of its own), so
   the rest of the turn below it is played by the fast policy instead of being explored.

10. **Blended leaves** (:class:`~smallworld.bots.blend.BlendSearchBot`: ``mcts-blend``). Every
    leaf is valued at the end of the turn with the threat leaf, and an evenly spread share of
    the iterations plays on to the lookahead and is valued there too; that bot backs both values
    up and corrects the cheap by the deep (:mod:`smallworld.bots.blend`).

Budget: ``time_limit`` seconds per searched decision on the ``clock`` (``"wall"`` or ``"cpu"``),
or exactly ``iterations`` fresh iterations (reproducible for a given seed). Redeployment and
defence are played by the greedy policy, as in :class:`~smallworld.bots.mcts.MCTSBot`.
"""

from __future__ import annotations

import math
from typing import Any

from smallworld.bots.evaluate import expected_final, expected_losses, opponents, remaining_turns
from smallworld.bots.mcts import UNSEARCHED, MCTSBot, _Node
from smallworld.core import chance
from smallworld.core.actions import Action
from smallworld.core.engine import phase_of
from smallworld.core.state import CHANCE, CONQUER, DECIDE, PICK, State
from smallworld.core.view import determinize

#: logistic scale of the leaf value, in VC (as :func:`smallworld.bots.evaluate.utility`)
LEAF_SCALE = 6.0


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


class TurnSearchBot(MCTSBot):
    """MCTS over the bot's own turn with a static leaf evaluation (see the module doc).

    Args:
        seed: bot seed (determinizations, chance samples, the fast policy).
        time_limit: seconds per searched decision on ``clock`` (ignored with ``iterations``).
        iterations: exact number of fresh iterations per searched decision (reproducible).
        exploration: UCB1 constant. max_candidates: conquest-step candidates kept besides the
            greedy choice and ``end``. prior: bonus of the greedy choice at the root.
        clock: ``"wall"`` or ``"cpu"``.
        decline_bonus: VC added to a leaf in which the bot went In Decline this turn, when at
            least 3 turns are left (fewer: scaled down to 0 on the last turn); default: the greedy
            bot's correction (``-HeuristicPolicy.decline_margin``).
        reuse: keep the tree between the decisions of one turn.
        search_end: also search ``end`` at conquest steps where the policy would conquer on.
        lookahead: where the leaf is valued: at the end of this turn (0), when the bot's next
            turn begins (1), when it is over (2), ... (see the module doc, point 7); default
            :attr:`default_lookahead`.
        threat: at a leaf at the end of the turn (``lookahead`` 0), take away the Regions
            opponents are expected to conquer before the bot's next turn (point 8); default
            :attr:`default_threat`.
    """

    name = "mcts-turn"
    #: ``lookahead`` when none is given
    default_lookahead = 0
    #: ``threat`` when none is given
    default_threat = False

    def __init__(
        self,
        seed: int | str | None = None,
        time_limit: float = 0.5,
        iterations: int | None = None,
        exploration: float = 0.25,
        max_candidates: int = 4,
        prior: float = 0.05,
        clock: str = "wall",
        decline_bonus: float | None = None,
        reuse: bool = True,
        search_end: bool = False,
        lookahead: int | None = None,
        threat: bool | None = None,
    ) -> None:
        super().__init__(seed, time_limit=time_limit, iterations=iterations, horizon=0,
                         exploration=exploration, max_candidates=max_candidates, prior=prior, clock=clock)
        self.decline_bonus = -self.greedy.decline_margin if decline_bonus is None else float(decline_bonus)
        self.reuse = reuse
        self.search_end = search_end
        self.lookahead = self.default_lookahead if lookahead is None else int(lookahead)
        self.threat = self.default_threat if threat is None else bool(threat)
        #: the tree of the last search; the trees kept for reuse, by lookahead: (turn key, root,
        #: the searched decision that rooted it)
        self._tree: _Node | None = None
        self._kept: dict[int, tuple[tuple[int, int, int], _Node, int]] = {}
        self._serial = 0
        self._look = self.lookahead
        self._flat = False
        self._last: Action | None = None
        self._bonus = 0.0
        self.stats["reused"] = 0
        #: blended leaves (:class:`~smallworld.bots.blend.BlendSearchBot`): the share of
        #: iterations valued deep (0: off) and the running credit that spreads them evenly
        self._deep_share = 0.0
        self._deep_credit = 0.0

    def _candidates(self, s: State, p: int, legal: list[Action], greedy_choice: Action) -> list[Action]:
        cands = super()._candidates(s, p, legal, greedy_choice)
        if not self.search_end and greedy_choice.kind != "end" and phase_of(s) == CONQUER:
            # when to stop conquering is left to the policy (see the module doc)
            cands = [a for a in cands if a.kind != "end"] or cands
        return cands

    # ---- search --------------------------------------------------------------------------------

    def _root(self, state: State, player: int, legal: list[Action], world: State,
              greedy_choice: Action) -> _Node:
        """The kept subtree of lookahead ``self._look`` below the last action taken this turn
        (when that tree was searched at the previous decision), or a new root."""
        key = (state.round, state.turn, player)
        root = None
        kept = self._kept.get(self._look)
        if (self.reuse and kept is not None and kept[0] == key and kept[2] == self._serial - 1
                and self._last is not None):
            child = kept[1].children.get(self._last)
            if child is not None and child.cands is not None:
                legal_set = set(legal)
                cands = [a for a in child.cands if a in legal_set]
                if cands:
                    if greedy_choice not in cands:
                        cands.insert(0, greedy_choice)
                    child.cands = cands
                    root = child
                    self.stats["reused"] += child.visits
        if root is None:
            root = _Node()
            root.cands = self._candidates(world, player, legal, greedy_choice)
        self._kept[self._look] = (key, root, self._serial)
        self._tree = root
        return root

    def _lookahead_for(self, world: State) -> int:
        """The lookahead of a search whose root decision is in ``world`` (the same for every
        decision here; :class:`MixedSearchBot` chooses by phase)."""
        return self.lookahead

    def _flat_for(self, world: State) -> bool:
        """Whether a search whose root decision is in ``world`` keeps only its root decision
        in the tree, the rest of the turn below it played by the fast policy (never here;
        :class:`MixedSearchBot` with ``flat_big``)."""
        return False

    def _begin(self, world: State, player: int, legal: list[Action]) -> Action:
        """Start a searched decision: count it (a kept tree is reused only by the next one),
        set the decline correction for the turns left; returns the greedy choice."""
        self._serial += 1
        turns = remaining_turns(world, player)
        self._bonus = self.decline_bonus * min(1.0, max(0, turns - 1) / 2)
        return self.greedy.choose(world, player, legal)

    def search(self, state: State, player: int, legal: list[Action], world: State) -> Action:
        """Search the rest of ``player``'s turn from ``state``; returns the most visited root
        action (ties: the greedy choice, then the better mean value)."""
        t0 = self._now()
        self._look = self._lookahead_for(world)
        self._flat = self._flat_for(world)
        greedy_choice = self._begin(world, player, legal)
        root = self._root(state, player, legal, world, greedy_choice)
        assert root.cands is not None
        n = self._spend_budget(state, player, root, greedy_choice, t0) if len(root.cands) > 1 else 0
        best = self._best(root, greedy_choice, n, t0, root_visits=root.visits)
        self._last = best
        return best

    def _blend_backup(self, path: list[_Node], cheap: float, deep: float | None) -> None:
        """Back up a blended leaf (:class:`~smallworld.bots.blend.BlendSearchBot`)."""
        raise NotImplementedError("blended leaves need BlendSearchBot")

    def _iterate(self, state: State, me: int, root: _Node, greedy_choice: Action) -> None:
        rng = self.rng
        s = determinize(state, me, rng)
        self._abilities.prime(s, me)
        node = root
        path = [root]
        in_tree = True
        start = (s.round, s.turn)
        declined = False
        fast = self.fast
        steps = 0
        look = self._look
        flat = self._flat
        last = start
        mine_seen = 0
        # blended leaves (BlendSearchBot): every leaf is valued at the end of the turn (cheap);
        # a share of them, evenly spread, is also played on to the lookahead and valued there
        share = self._deep_share
        cheap: float | None = None
        deep = True
        if share > 0.0:
            self._deep_credit += share
            deep = self._deep_credit >= 1.0
            if deep:
                self._deep_credit -= 1.0
        while not s.is_over() and steps < 5000:
            steps += 1
            if (s.round, s.turn) != last:
                # a new turn: the search's turn is over; the leaf is reached now (lookahead 0),
                # when the bot's next turn begins (1), when it is over (2), and so on
                last = (s.round, s.turn)
                in_tree = False
                if share > 0.0 and cheap is None:
                    cheap = leaf_value(s, me, self._bonus if declined else 0.0, threat=self.threat)
                    if not deep:
                        break
                if s.turn == me:
                    mine_seen += 1
                    stage = 2 * mine_seen - 1
                else:
                    stage = 2 * mine_seen
                if stage >= look:
                    break
            cp = s.current_player()
            if cp == CHANCE:
                s.apply(chance.sample(s, rng), check=False)
                continue
            legal = s.legal_actions()
            if cp != me or not in_tree or len(legal) == 1 or phase_of(s) in UNSEARCHED:
                a = fast.choose(s, cp, legal)
                if cp == me and a.kind == "decline":
                    declined = True
                s.apply(a, check=False)
                continue
            if node.cands is None:
                node.cands = self._candidates(s, me, legal, fast.choose(s, me, legal))
            legal_set = set(legal)
            avail = [a for a in node.cands if a in legal_set]
            if not avail:
                in_tree = False
                continue
            untried = [a for a in avail if a not in node.children]
            for b in avail:
                if b in node.children:
                    node.children[b].avail += 1
            if untried:
                a = untried[0]
                child = _Node()
                child.avail = 1
                node.children[a] = child
                node = child
                in_tree = False
            else:
                a = self._select(node, avail, greedy_choice if node is root else None)
                node = node.children[a]
                if flat:
                    in_tree = False
            path.append(node)
            if a.kind == "decline":
                declined = True
            s.apply(a, check=False)
        if share > 0.0:
            if deep or cheap is None:
                value = leaf_value(s, me, self._bonus if declined else 0.0)
                self._blend_backup(path, value if cheap is None else cheap, value if deep else None)
            else:
                self._blend_backup(path, cheap, None)
            return
        value = leaf_value(s, me, self._bonus if declined else 0.0,
                           threat=self.threat and look == 0)
        for nd in path:
            nd.visits += 1
            nd.value += value


class PlanSearchBot(TurnSearchBot):
    """:class:`TurnSearchBot` whose leaf is valued two turns of its own later (``lookahead``
    defaults to 4): the tree over its own decisions of this turn, kept between them, and below
    it every seat played out by the fast policy until the bot's next two turns are over (see
    the module doc, point 7). Arguments as :class:`TurnSearchBot`."""

    name = "mcts-plan"
    default_lookahead = 4


class ThreatSearchBot(TurnSearchBot):
    """:class:`TurnSearchBot` whose leaf, at the end of its turn, takes away the Regions
    opponents are expected to conquer before its next turn (``threat=True``)."""

    name = "mcts-threat"
    default_threat = True


class MixedSearchBot(TurnSearchBot):
    """:class:`TurnSearchBot` that searches the turn's big choices (which combo to pick, expand
    or go In Decline) with the two-turn lookahead of ``mcts-plan`` and the many small ones
    (each conquest step, ability choices) with the threat leaf of ``mcts-threat``, whose
    iterations are about ten times cheaper (see the module doc, points 7 and 8). A kept tree is
    reused only by decisions of the same lookahead. Arguments as :class:`TurnSearchBot`
    (``lookahead``: the big choices' lookahead, default 4), and:

    - ``conquest_lookahead``: the small ones' (default 0, the threat leaf; the threat applies
      only there);
    - ``flat_big``: a big choice's tree holds that choice only, and the rest of the turn below
      it is played by the fast policy. The conquest steps that follow are searched with the
      other leaf, in a tree of their own, so a big choice's subtree is never reused; searching
      it only spreads the big choice's few hundred iterations over conquest lines, each
      candidate's value then mixing in the exploration of poor ones.
    - ``plan_share`` (0 to 1, default 0): at a small decision, the share of the budget spent
      after the threat search in the two-turn lookahead's tree, kept since the turn's big
      choice as ``mcts-plan`` keeps it, among the ``plan_top`` candidates the threat search
      visited most; that tree's most visited one is played. 0: the threat search decides.

    Raises:
        ValueError: a negative ``conquest_lookahead``, ``plan_share`` outside [0, 1) or
            ``plan_top`` below 1.
    """

    name = "mcts-mix"
    default_lookahead = 4
    default_threat = True

    def __init__(self, *args: Any, conquest_lookahead: int = 0, flat_big: bool = False,
                 plan_share: float = 0.0, plan_top: int = 3, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if conquest_lookahead < 0:
            raise ValueError("conquest_lookahead must be at least 0")
        if not 0.0 <= plan_share < 1.0 or plan_top < 1:
            raise ValueError("plan_share must be in [0, 1) and plan_top at least 1")
        self.conquest_lookahead = int(conquest_lookahead)
        self.flat_big = bool(flat_big)
        self.plan_share = float(plan_share)
        self.plan_top = int(plan_top)

    def _is_big(self, world: State) -> bool:
        return phase_of(world) in (PICK, DECIDE)

    def _lookahead_for(self, world: State) -> int:
        return self.lookahead if self._is_big(world) else self.conquest_lookahead

    def _flat_for(self, world: State) -> bool:
        return self.flat_big and self._is_big(world)

    def search(self, state: State, player: int, legal: list[Action], world: State) -> Action:
        """A big choice, or any decision without ``plan_share``: :meth:`TurnSearchBot.search`.
        Otherwise the threat search ranks the candidates in its share of the budget, then the
        two-turn lookahead's kept tree decides among the best ``plan_top`` in the rest."""
        if self.plan_share <= 0 or self._is_big(world):
            return super().search(state, player, legal, world)
        t0 = self._now()
        self._flat = False
        greedy_choice = self._begin(world, player, legal)
        quick_share = 1.0 - self.plan_share
        count = None if self.iterations is None else max(1, round(self.iterations * quick_share))
        # 1. the threat leaf ranks the candidates
        self._look = self.conquest_lookahead
        quick = self._root(state, player, legal, world, greedy_choice)
        assert quick.cands is not None
        n1 = 0
        if len(quick.cands) > 1:
            n1 = self._spend_budget(state, player, quick, greedy_choice, t0,
                                    seconds=self.time_limit * quick_share, count=count)
        visits = {a: c.visits for a, c in quick.children.items()}
        top = sorted(quick.cands, key=lambda a: -visits.get(a, -1))[: self.plan_top]
        # 2. the two-turn lookahead decides among them, in its tree kept since the big choice
        self._look = self.lookahead
        deep = self._root(state, player, legal, world, greedy_choice)
        assert deep.cands is not None
        deep.cands = [a for a in deep.cands if a in top] + [a for a in top if a not in deep.cands]
        n2 = 0
        if len(deep.cands) > 1:
            rest = None if self.iterations is None else max(1, self.iterations - n1)
            t1 = self._now()
            n2 = self._spend_budget(state, player, deep, greedy_choice, t1,
                                    seconds=max(0.0, t0 + self.time_limit - t1), count=rest)
        best = self._best(deep, greedy_choice, n1 + n2, t0, root_visits=deep.visits, quick=n1)
        self._last = best
        return best


__all__ = ["LEAF_SCALE", "MixedSearchBot", "PlanSearchBot", "ThreatSearchBot", "TurnSearchBot", "leaf_value"]
