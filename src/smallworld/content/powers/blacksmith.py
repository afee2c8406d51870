"""Blacksmith (RULES §10): every conquest costs 1 fewer token (R-CONQ-3; stacked with the other
reductions, then clamped to at least 1 and the race minimum, R-CONQ-4)."""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Blacksmith(Ability):
    id = "blacksmith"
    kind = "power"
    rule = "§10 Blacksmith"
    summary = N_("Every conquest costs 1 fewer token.")

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        """-1 on every conquest, whatever its kind."""
        return 1
