"""Sailing (RULES §10): the travel cost (+1 for an Entry Region not adjacent to the race,
R-CONQ-1/2) is never paid, so a first conquest of an empty Entry Region costs 2."""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Sailing(Ability):
    id = "sailing"
    kind = "power"
    rule = "§10 Sailing"
    summary = N_("You never pay the travel cost.")

    def no_travel_cost(self, s: State, owner: int) -> bool:
        """Always: no travel cost."""
        return True
