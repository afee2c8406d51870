"""Mounted (C-P-MOUNTED-1): -1 to conquer any Hills or Farmland Region."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Mounted(Ability):
    id = "mounted"
    kind = "power"
    rule = "C-P-MOUNTED-1"
    summary = N_("Hills and Farmland cost 1 fewer token.")

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        return 1 if s.spec.terrain[r] in ("hills", "farmland") else 0
