"""Karazhan (RULES §11): +1 VC at turn end per **other** Region of the Active race holding it
with the same terrain as Karazhan's Region (R-SCORE-2: nothing In Decline)."""

from __future__ import annotations

from smallworld.content.items import _shared
from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "karazhan"


@register
class Karazhan(Ability):
    id = ID
    kind = "item"
    rule = "§11 Karazhan"
    summary = N_("+1 coin per other Region of yours with the same terrain as Karazhan's.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        k = _shared.where(s, ID)
        if k < 0:
            return []
        terrain = s.spec.terrain
        t = terrain[k]
        code = 2 * owner
        occ = s.occ
        n = sum(1 for r in range(len(occ)) if occ[r] == code and r != k and terrain[r] == t)
        return [("Karazhan", n)] if n else []
