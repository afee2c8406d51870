"""Seafaring (C-P-SEAFARING-1/2): while Active the race may conquer the two Seas and the Lake,
each one Region (cost 2, + its tokens when another Seafaring race holds it); a Sea is a border
Region, so it may be a first conquest, the Lake only by adjacency. Only Seafaring races ever
hold water, so nobody else can attack it (the core keeps water out of their targets). The badge
stays with the race In Decline (C-DEC-2), whose water Regions keep scoring; In Decline it
conquers nothing (``may_enter_water`` is asked of Active abilities only)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Seafaring(Ability):
    id = "seafaring"
    kind = "power"
    rule = "C-P-SEAFARING-1"
    summary = N_("You may conquer the Seas and the Lake, and keep them In Decline.")

    def may_enter_water(self, s: State, owner: int) -> bool:
        return True
