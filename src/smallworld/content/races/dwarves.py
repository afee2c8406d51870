"""Dwarves (RULES §9): conquering a Mountain Region costs 2 fewer tokens (R-CONQ-3/4: the
reduction stacks with the others, then the cost is clamped to at least 1)."""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Dwarves(Ability):
    id = "dwarves"
    kind = "race"
    rule = "§9 Dwarves"
    summary = N_("Conquering a Mountain Region costs 2 fewer tokens.")

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        """-2 on a Mountain Region, whatever the kind of conquest."""
        return 2 if s.spec.mountain[r] else 0
