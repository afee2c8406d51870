"""Garrisoned (RULES §10): after redeployment, a Fort on each Region of its Active race (at most 1
per Region, 10 Forts in all, RULES §2.3). A Fort is +1 defense (R-CONQ-3), stays when the race
goes In Decline (the badge is kept, R-DEC-2) and is discarded when its Region is conquered or
emptied (R-CONQ-7, R-TROOP-2; the core does that for every Fort). No new Forts once In Decline.

Ruling: when the Forts run out, the Regions still without one get none, in Region order (the
rulebook gives no choice here).
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.meta import Piece
from smallworld.core.names import N_
from smallworld.core.state import State

FORT = "fort"


@register
class Garrisoned(Ability):
    id = "garrisoned"
    kind = "power"
    rule = "§10 Garrisoned"
    summary = N_("A Fort (+1 defense) on each of your Regions; Forts stay In Decline.")
    pieces = (Piece("fort", "Fort", N_("+1 defense; stays In Decline; removed when the Region is conquered or emptied."), defence=1, leaves_with_region=True),)
    lasts_in_decline = True

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """Placement step (R-ORDER-2): a Fort on each Region of the Active race lacking one."""
        if step != "placement" or s.power[owner] != self.id:
            return
        code = 2 * owner
        occ = s.occ
        for r in range(len(occ)):
            if s.in_supply(FORT) <= 0:
                return
            if occ[r] == code and not s.piece(FORT, r):
                changes.put_piece(s, FORT, r)
