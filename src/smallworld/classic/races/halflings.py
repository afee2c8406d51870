"""Halflings (C-R-HALFLINGS-1..4).

- Their first conquest (and any later first conquest) may target any Region (C-R-HALFLINGS-1):
  land Regions, and with Seafaring the Seas and the Lake too (the core keeps water out unless an
  ability lets the race enter it).
- A Hole-in-the-Ground goes into each of the first two Regions this Halfling race conquers; a
  Hole makes its Region immune (C-CONQ-12) to every other player's conquests and effects.
- Holes never move; both leave the map when the Halflings go In Decline; abandoning a Hole's
  Region loses that Hole for good (not replaced: the count of Holes placed is kept for the life
  of the race, C-R-HALFLINGS-3/4).
"""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Flag, Piece
from smallworld.core.names import N_
from smallworld.core.state import State

HOLE = "hole"
_PLACED = "halflings-holes-placed"


def _remove_all(s: State) -> None:
    if s.pieces.get(HOLE) is None:
        return
    changes.reset_pieces(s, HOLE, s.spec.edition.pieces[HOLE])


@register
class Halflings(Ability):
    id = "halflings"
    kind = "race"
    rule = "C-R-HALFLINGS-1"
    summary = N_("Enter anywhere; Holes-in-the-Ground make your first two Regions immune.")
    flags = (Flag("halflings-holes-placed", "flags", "count", scale=2, words="Holes-in-the-Ground placed"),)
    pieces = (
        Piece("hole", "Hole-in-the-Ground", N_("this Region cannot be conquered and no power can touch it."),
              plural="Holes-in-the-Ground"),
    )

    def first_targets(self, s: State, owner: int) -> range:
        return range(s.spec.n_regions)

    def on_pick(self, s: State, owner: int) -> None:
        changes.set_flag(s, _PLACED, 0)

    def on_position(self, s: State, owner: int) -> None:
        """A scenario's Holes on the map count as placed (unless its [flags] say how many were),
        so no more than two are ever placed (C-R-HALFLINGS-2)."""
        lst = s.pieces.get(HOLE)
        holes = 0 if lst is None else int(sum(int(n) for n in lst))
        if _PLACED not in s.flags and s.active[owner] == self.id and holes:
            changes.set_flag(s, _PLACED, min(2, holes))

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        placed = s.flags.get(_PLACED, 0)
        if placed < 2 and s.in_supply(HOLE) > 0:
            changes.put_piece(s, HOLE, c.region)
            changes.set_flag(s, _PLACED, placed + 1)

    def immune(self, s: State, owner: int | None, attacker: int, r: int) -> bool:
        lst = s.pieces.get(HOLE)
        # only while the owner's Active race holds it (its own In Decline Ghouls may take it,
        # C-R-GHOULS-2; the piece then protects nothing until it moves, C-CONQ-12)
        return (
            lst is not None and lst[r] > 0 and owner is not None and attacker != owner
            and s.occ[r] == 2 * owner
        )

    def on_abandon(self, s: State, owner: int, r: int) -> None:
        lst = s.pieces.get(HOLE)
        if lst is not None and lst[r]:
            # lost for good: not back to the supply (C-R-HALFLINGS-4)
            changes.lift_piece(s, HOLE, r)

    def on_decline(self, s: State, owner: int) -> None:
        _remove_all(s)
        changes.clear_flag(s, _PLACED)
