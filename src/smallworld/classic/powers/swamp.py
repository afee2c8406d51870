"""Swamp (C-P-SWAMP-1): +1 VC per Swamp Region the Active race occupies at turn end."""

from __future__ import annotations

from smallworld.classic._common import TerrainBonus
from smallworld.classic.registry import register
from smallworld.core.names import N_


@register
class Swamp(TerrainBonus):
    id = "swamp"
    kind = "power"
    rule = "C-P-SWAMP-1"
    summary = N_("+1 coin per Swamp Region.")
    terrain_id = "swamp"
    label = "Swamp: Swamp"
