"""Bivouacking (C-P-BIVOUACKING-1..5).

- At the end of each of its turns (the placement step, after redeployment, C-ORDER-2) the player
  takes its 5 Encampments back and places them anew in Regions of its Active race, several in one
  Region if it likes (``camp R`` up to 5 times, or ``done``); each is +1 defense (an edition
  defense piece) and a lone token with an Encampment cannot be replaced by a Sorcerer.
- An Encampment never holds a Region alone; when its Region is conquered or abandoned it goes
  back to the owner's supply (the core's defense pieces) and is placed again at the owner's
  next placement step; all leave the map when the race goes In Decline.

Not covered: C-P-BIVOUACKING-4 re-places Encampments lost in a conquest at the end of *that*
turn, with the withdrawn tokens (C-TROOP-4); here they wait for the owner's own next turn.
"""

from __future__ import annotations

from smallworld.classic.registry import SUMMARIES, register
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.state import State

CAMP = "encampment"
_KEY = "power:bivouacking"
_DONE = Action("done")


def _take_back(s: State) -> None:
    lst = s.pieces.get(CAMP)
    if lst is not None:
        for r in range(len(lst)):
            lst[r] = 0
    s.supply[CAMP] = s.spec.edition.pieces[CAMP]


@register
class Bivouacking(Ability):
    id = "bivouacking"
    kind = "power"
    rule = "C-P-BIVOUACKING-1"
    summary = SUMMARIES["bivouacking"]

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step != "placement":
            return
        _take_back(s)
        if s.regions_of(2 * owner):
            s.decisions.append((owner, _KEY))

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        acts = s.spec.region_actions("camp")
        return [acts[r] for r in s.regions_of(2 * owner)] + [_DONE]

    def apply(self, s: State, owner: int, action: Action) -> None:
        if action.kind == "camp":
            s.add_piece(CAMP, s.spec.region(str(action.args[0])))
            s.supply[CAMP] -= 1
            if s.supply[CAMP] > 0:
                return
        s.decisions.pop()

    def on_decline(self, s: State, owner: int) -> None:
        _take_back(s)
