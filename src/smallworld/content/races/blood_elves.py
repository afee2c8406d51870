"""Blood Elves (RULES §9): +1 VC per Magic Region at turn end (Active race only, R-SCORE-2)."""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class BloodElves(Ability):
    id = "blood-elves"
    kind = "race"
    rule = "§9 Blood Elves"
    summary = N_("+1 Victory coin per Magic Region at the end of your turn.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """+1 VC per Magic Region held by the Active Blood Elves (R-SCORE-2)."""
        if s.active[owner] != self.id:
            return []
        code = 2 * owner
        magic = s.spec.magic
        occ = s.occ
        n = sum(1 for r in range(len(occ)) if occ[r] == code and magic[r])
        return [("Blood Elves: Magic Regions", n)] if n else []
