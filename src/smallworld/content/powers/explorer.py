"""Explorer (RULES §10): +1 VC per board (island) where its Active race holds a Region, at turn
end (R-SCORE-2)."""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Explorer(Ability):
    id = "explorer"
    kind = "power"
    rule = "§10 Explorer"
    summary = N_("+1 coin per board where you hold a Region.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """+1 VC per board holding a Region of the Active race."""
        if s.power[owner] != self.id:
            return []
        code = 2 * owner
        board = s.spec.board
        occ = s.occ
        n = len({board[r] for r in range(len(occ)) if occ[r] == code})
        return [("Explorer: boards", n)] if n else []
