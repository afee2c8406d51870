"""Trolls (C-R-TROLLS-1..3): a Troll Lair (+1 defense) goes into each Region the Active Trolls
conquer, while the 10 Lairs last. Lairs stay when the Trolls go In Decline (the core removes
pieces only from emptied Regions) and no new Lair is placed In Decline; a Lair is removed when
its Region is abandoned or conquered (``troll-lair`` is one of the edition's defense pieces)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Piece
from smallworld.core.names import N_
from smallworld.core.state import State

LAIR = "troll-lair"


@register
class Trolls(Ability):
    id = "trolls"
    kind = "race"
    rule = "C-R-TROLLS-1"
    summary = N_("A Troll Lair (+1 defense) in every Region you conquer; Lairs stay In Decline.")
    pieces = (
        Piece("troll-lair", "Troll Lair", N_("+1 defense; stays when the Trolls go In Decline; removed when the "
              "Region is conquered or abandoned."), defence=1, leaves_with_region=True),
    )

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        if s.in_supply(LAIR) > 0 and not s.piece(LAIR, c.region):
            changes.put_piece(s, LAIR, c.region)
