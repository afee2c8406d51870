"""Bivouacking (C-P-BIVOUACKING-1..5).

- At the end of each of its turns (the placement step, after redeployment, C-ORDER-2) the player
  takes its 5 Encampments back and places them anew in Regions of its Active race, several in one
  Region if it likes (``camp R`` up to 5 times, or ``done``); each is +1 defense (an edition
  defense piece) and a lone token with an Encampment cannot be replaced by a Sorcerer.
- An Encampment never holds a Region alone; when its Region is conquered it goes back to its
  owner (the core returns defense pieces to the supply), who places it again at the end of that
  turn, before redeploying the withdrawn tokens (C-P-BIVOUACKING-4, C-TROOP-4: the
  ``at_any_turn_end`` hook offers ``camp R`` for as many as were lost); holding no Region then,
  it keeps them for its next placement. All leave the map when the race goes In Decline.
"""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Flag, Piece
from smallworld.core.names import N_
from smallworld.core.state import State

CAMP = "encampment"
_KEY = "power:bivouacking"
_DONE = Action("done")
_PLACED = "bivouacking-placed"


def _take_back(s: State) -> None:
    changes.reset_pieces(s, CAMP, s.spec.edition.pieces[CAMP])


def _on_map(s: State) -> int:
    lst = s.pieces.get(CAMP)
    return sum(lst) if lst is not None else 0


@register
class Bivouacking(Ability):
    id = "bivouacking"
    kind = "power"
    rule = "C-P-BIVOUACKING-1"
    summary = N_("Five Encampments (+1 defense each) to place and move at each redeployment.")
    flags = (
        Flag("bivouacking-placed", "flags", "count", scale=5, words="Encampments on the map"),
        Flag("bivouacking-allowed", encode="count", scale=5, words="Encampments that may be placed this turn"),
    )
    action_specs = (ActionSpec("camp", ("region",), phrase="Place an Encampment in {0} (+1 defense)"),)
    pieces = (
        Piece("encampment", "Encampment", N_("+1 defense; moved freely at each redeployment."), defence=1,
              leaves_with_region=True),
    )

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step != "placement":
            return
        _take_back(s)
        changes.set_flag(s, _PLACED, 0)
        changes.clear_tflag(s, "bivouacking-allowed")
        if s.regions_of(2 * owner):
            changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        acts = s.spec.region_actions("camp")
        return [acts[r] for r in s.regions_of(2 * owner)] + [_DONE]

    def apply(self, s: State, owner: int, action: Action) -> None:
        if action.kind == "camp":
            changes.put_piece(s, CAMP, s.spec.region(str(action.args[0])))
            changes.bump_flag(s, _PLACED)
            if s.in_supply(CAMP) > 0 and s.flags.get(_PLACED, 0) < self._allowed(s):
                return
        changes.close_decision(s)

    def _allowed(self, s: State) -> int:
        """How many Encampments the current placement may reach on the map."""
        return int(s.tflags.get("bivouacking-allowed", s.spec.edition.pieces[CAMP]))

    def at_any_turn_end(self, s: State, owner: int | None, current: int) -> None:
        """Another player's turn: re-place the Encampments its conquests sent back."""
        if owner is None or current == owner or s.power[owner] != self.id:
            return
        lost = s.flags.get(_PLACED, 0) - _on_map(s)
        if lost > 0 and s.regions_of(2 * owner):
            changes.set_flag(s, _PLACED, _on_map(s))
            changes.set_tflag(s, "bivouacking-allowed", s.flags[_PLACED] + lost)
            changes.ask(s, owner, _KEY)

    def on_position(self, s: State, owner: int) -> None:
        """A scenario's Encampments on the map count as placed (unless its [flags] say how many
        were), so those an opponent's conquest sends back are placed again (C-P-BIVOUACKING-4)."""
        if _PLACED not in s.flags and s.power[owner] == self.id and _on_map(s):
            changes.set_flag(s, _PLACED, _on_map(s))

    def on_decline(self, s: State, owner: int) -> None:
        _take_back(s)
        changes.clear_flag(s, _PLACED)
