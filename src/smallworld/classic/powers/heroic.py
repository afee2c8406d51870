"""Heroic (C-P-HEROIC-1/2): at the end of each turn (placement step, C-ORDER-2) the player puts
its 2 Heroes in 2 different Regions of its Active race (one if it holds only one); a Hero's
Region is immune (C-CONQ-12) to every other player until the Heroes move. The Heroes are taken
back and placed anew each turn (``hero R`` decision, compulsory) and leave the map when the race
goes In Decline; a Hero in an abandoned Region goes back to the supply."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Piece
from smallworld.core.names import N_
from smallworld.core.state import State

HERO = "hero"
_KEY = "power:heroic"


def _take_back(s: State) -> None:
    changes.reset_pieces(s, HERO, s.spec.edition.pieces[HERO])


def _spots(s: State, owner: int) -> list[int]:
    lst = s.pieces.get(HERO)
    return [r for r in s.regions_of(2 * owner) if lst is None or not lst[r]]


@register
class Heroic(Ability):
    id = "heroic"
    kind = "power"
    rule = "C-P-HEROIC-1"
    summary = N_("Two Heroes make two of your Regions immune.")
    action_specs = (ActionSpec("hero", ("region",), phrase="Place a Hero in {0} (it cannot be attacked)"),)
    pieces = (Piece("hero", "Hero", N_("this Region cannot be conquered and no power can touch it."), plural="Heroes"),)

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step != "placement":
            return
        _take_back(s)
        if _spots(s, owner):
            changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        acts = s.spec.region_actions("hero")
        return [acts[r] for r in _spots(s, owner)]

    def apply(self, s: State, owner: int, action: Action) -> None:
        changes.put_piece(s, HERO, s.spec.region(str(action.args[0])))
        if s.in_supply(HERO) <= 0 or not _spots(s, owner):
            changes.close_decision(s)

    def immune(self, s: State, owner: int | None, attacker: int, r: int) -> bool:
        lst = s.pieces.get(HERO)
        # only while the owner's Active race holds it (its own In Decline Ghouls may take it,
        # C-R-GHOULS-2; the piece then protects nothing until it moves, C-CONQ-12)
        return (
            lst is not None and lst[r] > 0 and owner is not None and attacker != owner
            and s.occ[r] == 2 * owner
        )

    def on_abandon(self, s: State, owner: int, r: int) -> None:
        lst = s.pieces.get(HERO)
        if lst is not None and lst[r]:
            changes.return_piece(s, HERO, r, lst[r])

    def on_decline(self, s: State, owner: int) -> None:
        _take_back(s)
