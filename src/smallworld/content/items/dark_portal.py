"""Dark Portal (RULES §11): +2 VC at the end of the turn of the Active race holding it
(R-SCORE-2: nothing In Decline)."""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "dark-portal"


@register
class DarkPortal(Ability):
    id = ID
    kind = "item"
    rule = "§11 Dark Portal"
    summary = N_("+2 coins at the end of your turn.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        return [("Dark Portal", 2)]
