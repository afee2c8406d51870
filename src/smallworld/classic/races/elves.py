"""Elves (C-R-ELVES-1/2): when an opponent conquers a Region of the Active Elves, they discard no
token: all go to hand and are redeployed at the end of that turn (C-TROOP-4). Any other loss (a
Sorcerer's substitution) costs the token all the same; In Decline Elves lose normally."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Elves(Ability):
    id = "elves"
    kind = "race"
    rule = "C-R-ELVES-1"
    summary = N_("When an opponent conquers one of your Active Regions you lose no token.")

    def losses(
        self, s: State, owner: int | None, r: int, lost: int, attacker: int | None, cause: str
    ) -> int:
        if owner is not None and cause == "conquest" and s.occ[r] == 2 * owner:
            return 0
        return lost
