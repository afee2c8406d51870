"""Trolls (RULES §9): conquering a non-empty Region costs 1 fewer token.

Non-empty (RULES §1): the Region holds a Murloc or a race token (Active or In Decline, the
Trolls' own In Decline race included; a Beast or the Champion counts as a race token).
The reduction stacks with the others (Blacksmith, Frostmourne, …), then the cost is clamped to
at least 1 and to the race minimum (R-CONQ-3, R-CONQ-4), in :func:`core.conquest.conquest_cost`.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.conquest import defenders_in
from smallworld.core.names import N_
from smallworld.core.state import EMPTY, State


def non_empty(s: State, r: int) -> bool:
    """True if region ``r`` holds a Murloc or a race token, Beasts and the Champion included."""
    return s.occ[r] != EMPTY or defenders_in(s, r) > 0


@register
class Trolls(Ability):
    id = "trolls"
    kind = "race"
    rule = "§9 Trolls"
    summary = N_("Non-empty Regions cost 1 fewer token.")

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        """-1 on a non-empty Region, whatever the kind of conquest."""
        return 1 if non_empty(s, r) else 0
