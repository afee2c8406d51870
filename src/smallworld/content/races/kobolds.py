"""Kobolds (RULES §9): any Cavern Region may be attacked as if adjacent; the first conquest
(R-CONQ-1) may be any Cavern Region of any board, with no travel cost.

``reach`` and ``first_targets`` give every Cavern Region of the boards in play; the core adds them
to the targets with no travel cost (:func:`core.conquest.targets`), next to the Entry Regions
they may still use. Other rules still apply: immune Regions stay out, the cost is the usual one.
"""

from __future__ import annotations

from functools import lru_cache

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.spec import GameSpec
from smallworld.core.state import State


@lru_cache(maxsize=64)
def caverns(spec: GameSpec) -> tuple[int, ...]:
    """Region numbers with the Cavern symbol on the boards of ``spec``."""
    return tuple(r for r in range(spec.n_regions) if spec.cavern[r])


@register
class Kobolds(Ability):
    id = "kobolds"
    kind = "race"
    rule = "§9 Kobolds"
    summary = N_("Any Cavern Region counts as adjacent; your first conquest may be any Cavern.")

    def reach(self, s: State, owner: int) -> tuple[int, ...]:
        """Every Cavern Region counts as adjacent (no travel cost)."""
        return caverns(s.spec)

    def first_targets(self, s: State, owner: int) -> tuple[int, ...]:
        """A first conquest may be any Cavern Region, with no travel cost."""
        return caverns(s.spec)
