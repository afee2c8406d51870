"""Giants (C-R-GIANTS-1): -1 to conquer a Region adjacent to a Mountain Region currently held
by the Active Giants (one conquered earlier this turn counts; F10: a Giant must be there). The
target may itself be a Mountain (its Mountain still adds +1)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Giants(Ability):
    id = "giants"
    kind = "race"
    rule = "C-R-GIANTS-1"
    summary = N_("Regions next to a Mountain you hold cost 1 fewer token.")

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        code = 2 * owner
        occ, mountain = s.occ, s.spec.mountain
        return 1 if any(occ[q] == code and mountain[q] for q in s.spec.adj[r]) else 0
