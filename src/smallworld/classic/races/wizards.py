"""Wizards (C-R-WIZARDS-1): +1 VC per Magic Source Region they occupy at turn end."""

from __future__ import annotations

from smallworld.classic._common import TerrainBonus
from smallworld.classic.registry import register
from smallworld.core.names import N_


@register
class Wizards(TerrainBonus):
    id = "wizards"
    kind = "race"
    rule = "C-R-WIZARDS-1"
    summary = N_("+1 coin per Magic Source Region.")
    symbol_id = "magic"
    label = "Wizards: Magic Sources"
