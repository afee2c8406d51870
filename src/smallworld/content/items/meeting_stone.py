"""Meeting Stone (RULES §11): the Active race holding it never pays the travel cost
(R-CONQ-1, R-CONQ-2), like Sailing. Nothing In Decline (R-ITEM-1)."""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "meeting-stone"


@register
class MeetingStone(Ability):
    id = ID
    kind = "item"
    rule = "§11 Meeting Stone"
    summary = N_("You never pay the travel cost.")

    def no_travel_cost(self, s: State, owner: int) -> bool:
        return True
