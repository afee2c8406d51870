"""Dragon Master (C-P-DRAGON-1..5).

- Once per turn in the conquest phase, ``dragon R`` conquers a legal target (adjacent, or by the
  first-conquest rules; not immune) with exactly 1 token from hand, whatever defends it
  (C-EDGE-2); the defender loses as usual (C-CONQ-7). R-CONQ-10: a token in hand is needed.
- The Dragon goes there; its Region is immune (C-CONQ-12) to every other player until the next
  Dragon conquest moves it; it is not redeployed.
- It leaves the map when the race goes In Decline; if its Region is abandoned it waits for the
  next Dragon conquest (C-P-DRAGON-5, a Ruling).
"""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import resolve_conquest, targets
from smallworld.core.meta import ActionSpec, Flag, Piece
from smallworld.core.names import N_
from smallworld.core.state import CONQUER, State

DRAGON = "dragon"
_USED = "dragon-used"


def _lift(s: State) -> None:
    changes.reset_pieces(s, DRAGON, s.spec.edition.pieces[DRAGON])


@register
class DragonMaster(Ability):
    id = "dragon-master"
    kind = "power"
    rule = "C-P-DRAGON-1"
    summary = N_("Once per turn conquer a Region with one token; the Dragon makes it immune.")
    flags = (Flag("dragon-used", encode="count", words="the Dragon's conquest was made this turn"),)
    action_specs = (ActionSpec("dragon", ("region",), phrase="Dragon: conquer {0} with 1 token"),)
    pieces = (Piece("dragon", "Dragon", N_("this Region cannot be conquered and no power can touch it.")),)
    action_kinds = frozenset({"dragon"})

    def actions(self, s: State, owner: int) -> list[Action]:
        if s.phase != CONQUER or s.decisions or s.chance or s.tflags.get(_USED):
            return []
        if s.hand[owner] < 1:
            return []
        acts = s.spec.region_actions("dragon")
        return [acts[r] for r in targets(s, owner)]

    def apply(self, s: State, owner: int, action: Action) -> None:
        r = s.spec.region(str(action.args[0]))
        _lift(s)
        changes.set_tflag(s, _USED, True)
        resolve_conquest(s, owner, r, 1, 1, "dragon")
        changes.put_piece(s, DRAGON, r)

    def immune(self, s: State, owner: int | None, attacker: int, r: int) -> bool:
        lst = s.pieces.get(DRAGON)
        # only while the owner's Active race holds it (its own In Decline Ghouls may take it,
        # C-R-GHOULS-2; the piece then protects nothing until it moves, C-CONQ-12)
        return (
            lst is not None and lst[r] > 0 and owner is not None and attacker != owner
            and s.occ[r] == 2 * owner
        )

    def on_abandon(self, s: State, owner: int, r: int) -> None:
        lst = s.pieces.get(DRAGON)
        if lst is not None and lst[r]:
            _lift(s)

    def on_decline(self, s: State, owner: int) -> None:
        _lift(s)
