"""Flying (C-P-FLYING-1): the race may conquer any land Region of the map, adjacent or not, its
first conquest included; never a Sea or the Lake (the core keeps water out of the targets)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


def _land(s: State) -> list[int]:
    water = s.spec.water
    return [r for r in range(s.spec.n_regions) if not water[r]]


@register
class Flying(Ability):
    id = "flying"
    kind = "power"
    rule = "C-P-FLYING-1"
    summary = N_("Conquer any land Region, adjacent or not.")

    def reach(self, s: State, owner: int) -> list[int]:
        return _land(s)

    def first_targets(self, s: State, owner: int) -> list[int]:
        return _land(s)
