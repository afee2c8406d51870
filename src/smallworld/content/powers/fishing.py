"""Fishing (RULES §10): +1 VC per Region of its Active race adjacent to a Sea or Lake, at turn end
(R-SCORE-2).

Ruling: a Sea or Lake held by the race (Naga) counts only if it is itself adjacent to another
Sea or Lake: a Region is not adjacent to itself.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Fishing(Ability):
    id = "fishing"
    kind = "power"
    rule = "§10 Fishing"
    summary = N_("+1 coin per Region next to a Sea or Lake.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """+1 VC per Region of the Active race next to water."""
        if s.power[owner] != self.id:
            return []
        code = 2 * owner
        spec = s.spec
        water, adj = spec.water, spec.adj
        occ = s.occ
        n = sum(
            1 for r in range(len(occ)) if occ[r] == code and any(water[q] for q in adj[r])
        )
        return [("Fishing: Regions by the water", n)] if n else []
