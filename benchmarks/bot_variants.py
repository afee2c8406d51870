"""The research variants of the search bot measured in ``docs/bots.md``, as configurations of
the one search loop (:class:`smallworld.bots.search.SearchBot`). They lost their head-to-heads
to the levels, so players and the lobby do not see them (they are not in
:data:`smallworld.bots.BOTS`); the benchmarks and the tournament reach them from here.

- ``mcts-turn`` (:class:`TurnSearchBot`): the tree over the bot's own decisions of the turn,
  kept between them; below it the rest of the turn played by the fast policy; the settled
  position valued at the end of the turn (``lookahead`` 0, :class:`~smallworld.bots.leaves.StaticLeaf`).
- ``mcts-plan`` (:class:`PlanSearchBot`): the same valued once every seat has played on to the
  end of the bot's next two turns (``lookahead`` 4). Its golden search record
  (``tests/bots/search_record.py``) checks the tree, the reuse and the leaves that the Hard level
  (``mcts-blend``) builds on.
- ``mcts-threat`` (:class:`ThreatSearchBot`): ``mcts-turn`` whose leaf first takes away the
  Regions opponents are expected to conquer before its next turn (``threat``).
- ``mcts-mix`` (:class:`MixedSearchBot`): ``mcts-plan``'s leaf for the turn's big choices, the
  threat leaf (``conquest_lookahead`` 0) for the rest; ``flat_big``: a big choice's tree holds
  that choice only (:class:`~smallworld.bots.leaves.ByPhase`, ``UCTTree.flat_phases``).
  (Its ``plan_share`` option, measured in ``docs/bots.md``, was removed with the flags; it is in
  the history before the one search loop.)

Run the tournament with them (the process backend, whose workers are forked with the variants
registered; not Ray)::

    python benchmarks/bot_variants.py tournament --bots mcts-plan,mcts,mcts --games 12 --clock cpu

Any other arguments are those of ``smallworld``. The benchmarks ``search_speed.py`` and
``oracle_agreement.py`` make them by name with :func:`make`.
"""

from __future__ import annotations

import sys
from typing import Any

from smallworld.bots.base import bot_rng
from smallworld.bots.leaves import ByPhase, StaticLeaf
from smallworld.bots.policy import HeuristicPolicy
from smallworld.bots.search import Leaf, SearchBot
from smallworld.bots.tree import BIG_CHOICES, FastPlayout, UCTTree


class TurnSearchBot(SearchBot):
    """``mcts-turn`` and, by their defaults, ``mcts-plan`` and ``mcts-threat`` (see the module
    doc). Arguments: the budget and ``reuse`` of :class:`~smallworld.bots.search.SearchBot`,
    the tree policy's ``exploration``, ``max_candidates``, ``prior``, ``search_end``
    (:class:`~smallworld.bots.tree.UCTTree`), the leaf's ``lookahead``, ``threat``,
    ``decline_bonus`` (:class:`~smallworld.bots.leaves.StaticLeaf`; ``lookahead`` and
    ``threat`` default to :attr:`default_lookahead` and :attr:`default_threat`)."""

    name = "mcts-turn"
    default_lookahead = 0
    default_threat = False

    def __init__(self, seed: int | str | None = None, time_limit: float = 0.5, iterations: int | None = None,
                 exploration: float = 0.25, max_candidates: int = 4, prior: float = 0.05, clock: str = "wall",
                 decline_bonus: float | None = None, reuse: bool = True, search_end: bool = False,
                 lookahead: int | None = None, threat: bool | None = None) -> None:
        rng = bot_rng(self.name, seed)
        greedy = HeuristicPolicy(rng, exact=True)
        self.lookahead = self.default_lookahead if lookahead is None else int(lookahead)
        self.threat = self.default_threat if threat is None else bool(threat)
        tree = UCTTree(greedy.fast, exploration=exploration, max_candidates=max_candidates, prior=prior,
                       search_end=search_end, flat_phases=self._flat_phases())
        leaf = self._leaf(decline_bonus)
        super().__init__(rng, greedy, tree=tree, playout=FastPlayout(greedy.fast), leaf=leaf,
                         time_limit=time_limit, iterations=iterations, clock=clock, reuse=reuse)

    def _flat_phases(self) -> frozenset[str]:
        """Root phases whose tree keeps only the root choice (none)."""
        return frozenset()

    def _leaf(self, decline_bonus: float | None) -> Leaf:
        """The leaf evaluator: :class:`~smallworld.bots.leaves.StaticLeaf`."""
        return StaticLeaf(self.lookahead, self.threat, decline_bonus)


class PlanSearchBot(TurnSearchBot):
    """``mcts-plan``: :class:`TurnSearchBot` whose leaf is valued two turns of its own later
    (``lookahead`` 4)."""

    name = "mcts-plan"
    default_lookahead = 4


class ThreatSearchBot(TurnSearchBot):
    """``mcts-threat``: :class:`TurnSearchBot` whose leaf at the end of its turn takes away the
    Regions opponents are expected to conquer before its next turn."""

    name = "mcts-threat"
    default_threat = True


class MixedSearchBot(TurnSearchBot):
    """``mcts-mix``: the big choices valued at ``lookahead`` (default 4), the others at
    ``conquest_lookahead`` (default 0, with the threat); ``flat_big``: a big choice's tree holds
    that choice only.

    Raises:
        ValueError: a negative ``conquest_lookahead``.
    """

    name = "mcts-mix"
    default_lookahead = 4
    default_threat = True

    def __init__(self, *args: Any, conquest_lookahead: int = 0, flat_big: bool = False, **kwargs: Any) -> None:
        if conquest_lookahead < 0:
            raise ValueError("conquest_lookahead must be at least 0")
        self.conquest_lookahead = int(conquest_lookahead)
        self.flat_big = bool(flat_big)
        super().__init__(*args, **kwargs)

    def _flat_phases(self) -> frozenset[str]:
        return BIG_CHOICES if self.flat_big else frozenset()

    def _leaf(self, decline_bonus: float | None) -> Leaf:
        return ByPhase(StaticLeaf(self.lookahead, self.threat, decline_bonus),
                       StaticLeaf(self.conquest_lookahead, self.threat, decline_bonus))


#: the variants by name
VARIANTS: dict[str, type[SearchBot]] = {
    "mcts-turn": TurnSearchBot, "mcts-plan": PlanSearchBot, "mcts-threat": ThreatSearchBot,
    "mcts-mix": MixedSearchBot,
}


def make(name: str, seed: int | str | None = None, **options: Any) -> Any:
    """:func:`smallworld.bots.make_bot`, the variants known by name too (without registering
    them: the registry of this process stays the players')."""
    if name in VARIANTS:
        return VARIANTS[name](seed, **options)
    from smallworld.bots import make_bot

    return make_bot(name, seed, **options)


def register() -> None:
    """Add :data:`VARIANTS` to :data:`smallworld.bots.BOTS` in this process (for
    :func:`~smallworld.bots.make_bot`, the benchmarks and the tournament's forked workers)."""
    from smallworld.bots import BOTS

    BOTS.update(VARIANTS)


def main(argv: list[str]) -> None:
    """``smallworld`` with the variants registered (e.g. ``tournament --bots mcts-plan,mcts``)."""
    register()
    from smallworld.cli import app

    app(argv, prog_name="bot_variants.py")


if __name__ == "__main__":
    main(sys.argv[1:])
