"""Merchant (C-P-MERCHANT-1): +1 VC per Region the Active race occupies at turn end."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Merchant(Ability):
    id = "merchant"
    kind = "power"
    rule = "C-P-MERCHANT-1"
    summary = N_("+1 coin per Region you occupy.")

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        n = s.occ.count(2 * owner)
        return [("Merchant", n)] if n else []
