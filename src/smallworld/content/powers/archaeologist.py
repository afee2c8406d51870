"""Archaeologist (RULES §10): +1 VC per item (Artifact or Legendary Place) in the Regions of its
Active race at turn end (R-SCORE-2).

Ruling: every item lying in one of its Regions counts, face up or (after a Portal Mage swap left a
marker behind) face down.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Archaeologist(Ability):
    id = "archaeologist"
    kind = "power"
    rule = "§10 Archaeologist"
    summary = N_("+1 coin per Artifact or Legendary Place in your Regions.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """+1 VC per item in a Region of the Active race."""
        if s.power[owner] != self.id:
            return []
        code = 2 * owner
        occ, items = s.occ, s.items
        n = sum(len(items[r]) for r in range(len(occ)) if occ[r] == code)
        return [("Archaeologist: items", n)] if n else []
