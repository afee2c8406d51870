"""Dwarves (C-R-DWARVES-1): +1 VC per Mine Region they occupy at turn end, also In Decline
(``lasts_in_decline``: the roster asks the In Decline Dwarves too, C-SCORE-2)."""

from __future__ import annotations

from smallworld.classic._common import regions_where
from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Dwarves(Ability):
    id = "dwarves"
    kind = "race"
    rule = "C-R-DWARVES-1"
    summary = N_("+1 coin per Mine Region, even In Decline.")
    lasts_in_decline = True

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """Mines of the owner's Dwarves, Active or In Decline (whichever they are)."""
        symbols = s.spec.symbols
        if s.active[owner] == self.id:
            n = regions_where(s, owner, lambda r: "mine" in symbols[r])
        else:  # In Decline, in either slot (a Spirit race's too, C-P-SPIRIT-1)
            code = s.decline_code(owner, self.id)
            n = sum(1 for r, c in enumerate(s.occ) if c == code and "mine" in symbols[r])
        return [("Dwarves: Mines", n)] if n else []
