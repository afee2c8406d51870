"""Defensive (RULES §10): at turn end, a Watch Tower on each Fields Region of its Active race
where it controls more of the adjacent Regions than any other race (Active or In Decline;
Murlocs count as a race); towers where that no longer holds are removed. A Watch Tower Region is
immune to every conquest and every power (``immune`` hook: bombs, Intimidating, Portal Mage,
Military Objectives, Ethereals' theft, any conquest). Watch Towers are tied to the Active race:
they leave the board when it goes In Decline (R-DEC-2) and when their Region is abandoned
(R-TROOP-2, core). 6 Watch Towers in all (RULES §2.3).

Rulings: "more than any other race" is a strict plurality among the adjacent Regions' occupants
(the player's own In Decline race is another race). Towers are checked at the placement step
(R-ORDER-2, after redeployment), removals first; when the 6 towers run out, Regions that keep a
tower keep it and new ones go in Region order (the rulebook offers no choice).
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.meta import Piece
from smallworld.core.names import N_
from smallworld.core.state import EMPTY, State

TOWER = "watch-tower"


def holds_majority(s: State, owner: int, r: int) -> bool:
    """True if ``owner``'s Active race holds strictly more of the Regions adjacent to ``r`` than
    any other race (each In Decline race and the Murlocs count as one race each)."""
    occ = s.occ
    counts: dict[int, int] = {}
    for q in s.spec.adj[r]:
        c = occ[q]
        if c != EMPTY:
            counts[c] = counts.get(c, 0) + 1
    mine = counts.pop(2 * owner, 0)
    return mine > max(counts.values(), default=0)


@register
class Defensive(Ability):
    id = "defensive"
    kind = "power"
    rule = "§10 Defensive"
    summary = N_("Watch Towers on Fields where you hold most neighbours make those Regions immune.")
    pieces = (
        Piece("watch-tower", "Watch Tower", N_("this Region is immune to every conquest and every power."),
              leaves_with_region=True),
    )

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """Placement step: remove towers that lost their majority, then add the new ones."""
        if step != "placement" or s.power[owner] != self.id:
            return
        code = 2 * owner
        occ = s.occ
        fields = s.spec.terrain
        want = [
            r for r in range(len(occ))
            if occ[r] == code and fields[r] == "fields" and holds_majority(s, owner, r)
        ]
        keep = set(want)
        lst = s.pieces.get(TOWER)
        if lst is not None:
            for r in range(len(lst)):
                if lst[r] and r not in keep:
                    changes.return_piece(s, TOWER, r, lst[r])
        for r in want:
            if s.in_supply(TOWER) <= 0:
                break
            if not s.piece(TOWER, r):
                changes.put_piece(s, TOWER, r)

    def immune(self, s: State, owner: int | None, attacker: int, r: int) -> bool:
        """A Watch Tower Region of the Active Defensive race cannot be targeted."""
        if owner is None:
            return False
        lst = s.pieces.get(TOWER)
        return lst is not None and lst[r] > 0 and s.occ[r] == 2 * owner

    def on_decline(self, s: State, owner: int) -> None:
        """R-DEC-2: the Watch Towers leave the board."""
        changes.clear_pieces(s, TOWER)
