"""Hill (C-P-HILL-1): +1 VC per Hills Region the Active race occupies at turn end."""

from __future__ import annotations

from smallworld.classic._common import TerrainBonus
from smallworld.classic.registry import register
from smallworld.core.names import N_


@register
class Hill(TerrainBonus):
    id = "hill"
    kind = "power"
    rule = "C-P-HILL-1"
    summary = N_("+1 coin per Hills Region.")
    terrain_id = "hills"
    label = "Hill: Hills"
