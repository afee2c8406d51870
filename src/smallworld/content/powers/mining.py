"""Mining (RULES §10): +1 VC per Cavern Region (Cavern symbol) of its Active race at turn end
(R-SCORE-2)."""

from __future__ import annotations

from smallworld.content.powers._per_region import score_line
from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Mining(Ability):
    id = "mining"
    kind = "power"
    rule = "§10 Mining"
    summary = N_("+1 coin per Cavern Region.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """+1 VC per Cavern Region held by the Active race."""
        return score_line(s, owner, self.id, "Mining: Cavern Regions", s.spec.cavern)
