"""Commando (C-P-COMMANDO-1): -1 to every conquest (the minimum of 1 token still applies)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Commando(Ability):
    id = "commando"
    kind = "power"
    rule = "C-P-COMMANDO-1"
    summary = N_("Every conquest costs 1 fewer token.")

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        return 1
