"""Underworld (C-P-UNDERWORLD-1/2): -1 to conquer any Cavern Region; for the race's conquests
every Cavern is adjacent to every other (``reach``, asked only once the race holds a Region:
the Cavern adjacency does not lift the first-conquest rule, a Ruling)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Underworld(Ability):
    id = "underworld"
    kind = "power"
    rule = "C-P-UNDERWORLD-1"
    summary = N_("Caverns cost 1 fewer token and are all adjacent to each other.")

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        return 1 if s.spec.cavern[r] else 0

    def reach(self, s: State, owner: int) -> list[int]:
        cavern, occ, code = s.spec.cavern, s.occ, 2 * owner
        caves = [r for r in range(len(occ)) if cavern[r]]
        return caves if any(occ[r] == code for r in caves) else []
