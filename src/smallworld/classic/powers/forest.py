"""Forest (C-P-FOREST-1): +1 VC per Forest Region the Active race occupies at turn end."""

from __future__ import annotations

from smallworld.classic._common import TerrainBonus
from smallworld.classic.registry import register
from smallworld.core.names import N_


@register
class Forest(TerrainBonus):
    id = "forest"
    kind = "power"
    rule = "C-P-FOREST-1"
    summary = N_("+1 coin per Forest Region.")
    terrain_id = "forest"
    label = "Forest: Forest"
