"""Alchemist (C-P-ALCHEMIST-1): +2 VC at the end of each turn while the race is Active (not the
turn it goes In Decline: the badge is no longer Active when scoring)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Alchemist(Ability):
    id = "alchemist"
    kind = "power"
    rule = "C-P-ALCHEMIST-1"
    summary = N_("+2 coins at the end of each turn while Active.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        return [("Alchemist", 2)]
