"""Tritons (C-R-TRITONS-1): -1 to conquer a coastal Region: a land Region adjacent to a Sea or
to the Lake."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


def coastal(s: State, r: int) -> bool:
    """A land Region next to a Sea or the Lake (RULES-classic §1)."""
    water = s.spec.water
    return not water[r] and any(water[q] for q in s.spec.adj[r])


@register
class Tritons(Ability):
    id = "tritons"
    kind = "race"
    rule = "C-R-TRITONS-1"
    summary = N_("Coastal Regions (next to a Sea or the Lake) cost 1 fewer token.")

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        return 1 if coastal(s, r) else 0
