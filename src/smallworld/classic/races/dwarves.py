"""Dwarves (C-R-DWARVES-1): +1 VC per Mine Region they occupy at turn end, also In Decline
(``lasts_in_decline``: the roster asks the In Decline Dwarves too, C-SCORE-2)."""

from __future__ import annotations

from smallworld.classic._common import regions_where
from smallworld.classic.registry import SUMMARIES, register
from smallworld.core.ability import Ability
from smallworld.core.state import State


@register
class Dwarves(Ability):
    id = "dwarves"
    kind = "race"
    rule = "C-R-DWARVES-1"
    summary = SUMMARIES["dwarves"]
    lasts_in_decline = True

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """Mines of the owner's Dwarves, Active or In Decline (whichever they are)."""
        decline = s.active[owner] != self.id
        symbols = s.spec.symbols
        n = regions_where(s, owner, lambda r: "mine" in symbols[r], decline=decline)
        return [("Dwarves: Mines", n)] if n else []
