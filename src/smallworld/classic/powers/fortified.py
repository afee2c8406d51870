"""Fortified (C-P-FORTIFIED-1..4).

- Once per turn while Active, at the placement step (a Ruling, C-ORDER-2), the player may put 1
  Fortress in a Region of its Active race without one (``fortress R``, or ``done``); at most 6
  on the map (the supply).
- +1 VC per Fortress in its Active Regions at turn end, while Active only.
- A Fortress is +1 defense and stays after the race goes In Decline (the badge is kept, C-DEC-2;
  it is in the edition's defense pieces); it is removed when its Region is abandoned or conquered
  (core, R-TROOP-2 / C-CONQ-7).
"""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Piece
from smallworld.core.names import N_
from smallworld.core.state import State

FORTRESS = "fortress"
_KEY = "power:fortified"
_DONE = Action("done")


def _spots(s: State, owner: int) -> list[int]:
    lst = s.pieces.get(FORTRESS)
    return [r for r in s.regions_of(2 * owner) if lst is None or not lst[r]]


@register
class Fortified(Ability):
    id = "fortified"
    kind = "power"
    rule = "C-P-FORTIFIED-1"
    summary = N_("Place one Fortress (+1 defense, +1 coin while Active) per turn, six at most.")
    action_specs = (ActionSpec("fortress", ("region",), phrase="Build a Fortress in {0} (+1 defense, +1 coin)"),)
    pieces = (
        Piece("fortress", "Fortress", N_("+1 defense, and +1 coin each turn while the race is Active."), defence=1,
          plural="Fortresses",
              leaves_with_region=True),
    )

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if (step == "placement" and s.power[owner] == self.id and s.in_supply(FORTRESS) > 0
                and _spots(s, owner)):
            changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        acts = s.spec.region_actions("fortress")
        return [acts[r] for r in _spots(s, owner)] + [_DONE]

    def apply(self, s: State, owner: int, action: Action) -> None:
        if action.kind == "fortress":
            changes.put_piece(s, FORTRESS, s.spec.region(str(action.args[0])))
        changes.close_decision(s)

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        if s.power[owner] != self.id:  # the kept badge In Decline scores nothing
            return []
        lst = s.pieces.get(FORTRESS)
        if lst is None:
            return []
        code = 2 * owner
        n = sum(1 for r, c in enumerate(s.occ) if c == code and lst[r])
        return [("Fortified", n)] if n else []
