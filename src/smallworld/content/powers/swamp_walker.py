"""Swamp Walker (RULES §10): +1 VC per Swamp Region of its Active race at turn end (R-SCORE-2)."""

from __future__ import annotations

from smallworld.content.powers._per_region import score_line, terrain_marks
from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class SwampWalker(Ability):
    id = "swamp-walker"
    kind = "power"
    rule = "§10 Swamp Walker"
    summary = N_("+1 coin per Swamp Region.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """+1 VC per Swamp Region held by the Active race."""
        return score_line(s, owner, self.id, "Swamp Walker: Swamp Regions", terrain_marks(s, "swamp"))
