"""Night Elves (RULES §9): Forest Regions cost 1 fewer token; each Forest they conquer gets a
Wisp Wall.

A Wisp Wall (piece ``wisp-wall``, 9 in the box, RULES §2.3) is +1 defense (R-CONQ-3, counted by
:func:`core.conquest.conquest_cost`). It is a piece on the board, not a power of the Active race,
so it stays when the Night Elves go In Decline (R-DEC-2) and the core removes it when its Region
is conquered (R-CONQ-7, :func:`core.conquest.lose_region`) or emptied (abandon R-TROOP-2, decline
leaving no token, the In Decline race removed R-DEC-3).

Rulings: the Wall is placed by every kind of conquest of a Forest (final conquest included);
at most one Wall per Region; when the 9 Walls are all on the boards, a new Forest gets none
(RULES §2.3).
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Piece
from smallworld.core.names import N_
from smallworld.core.state import State

WISP_WALL = "wisp-wall"
FOREST = "forest"


@register
class NightElves(Ability):
    id = "night-elves"
    kind = "race"
    rule = "§9 Night Elves"
    summary = N_("Forests cost 1 fewer token; each Forest you conquer gets a Wisp Wall (+1 defense).")
    pieces = (Piece("wisp-wall", "Wisp Wall", N_("+1 defense; stays In Decline; removed when the Region is conquered or emptied."), defence=1, leaves_with_region=True),)

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        """-1 on a Forest Region, whatever the kind of conquest."""
        return 1 if s.spec.terrain[r] == FOREST else 0

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        """A conquered Forest gets a Wisp Wall, while the box has one."""
        r = c.region
        if s.spec.terrain[r] == FOREST and s.in_supply(WISP_WALL) > 0 and not s.piece(WISP_WALL, r):
            changes.put_piece(s, WISP_WALL, r)
