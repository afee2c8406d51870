"""Mountaineer (RULES §10): +1 VC per Mountain Region of its Active race at turn end (R-SCORE-2)."""

from __future__ import annotations

from smallworld.content.powers._per_region import score_line, terrain_marks
from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Mountaineer(Ability):
    id = "mountaineer"
    kind = "power"
    rule = "§10 Mountaineer"
    summary = N_("+1 coin per Mountain Region.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """+1 VC per Mountain Region held by the Active race."""
        return score_line(s, owner, self.id, "Mountaineer: Mountain Regions", terrain_marks(s, "mountain"))
