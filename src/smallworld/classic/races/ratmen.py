"""Ratmen (C-R-RATMEN-1): no race benefit; their strength is their 8 + 5 tokens (§2.1)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_


@register
class Ratmen(Ability):
    id = "ratmen"
    kind = "race"
    rule = "C-R-RATMEN-1"
    summary = N_("No race benefit: just many tokens.")
