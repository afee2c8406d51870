"""Humans (C-R-HUMANS-1): +1 VC per Farmland Region they occupy at turn end (Active only)."""

from __future__ import annotations

from smallworld.classic._common import TerrainBonus
from smallworld.classic.registry import register
from smallworld.core.names import N_


@register
class Humans(TerrainBonus):
    id = "humans"
    kind = "race"
    rule = "C-R-HUMANS-1"
    summary = N_("+1 coin per Farmland Region.")
    terrain_id = "farmland"
    label = "Humans: Farmland"
