"""Draenei, Holy Light (RULES §9): during each opponent's turn, the first Draenei token that
would be discarded (conquest, Bomb, any power) goes to hand instead and is redeployed normally
(R-CONQ-7, R-TROOP-4). Not for Beasts (KO): a Beast taken as the loss is no Draenei token.

Ruling: the save is spent only when a token really would be discarded, i.e. after every other
``losses`` answer (Light's Hope Chapel, a captured Champion, a Beast as the loss); the engine asks
race abilities last for that reason. Active race only: In Decline tokens are all discarded.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.meta import Flag
from smallworld.core.names import N_
from smallworld.core.state import State

#: turn flag (reset every turn): the Holy Light of seat N was used this turn
_USED = "draenei-saved"


@register
class Draenei(Ability):
    id = "draenei"
    kind = "race"
    rule = "§9 Draenei"
    summary = N_(
        "During each opponent's turn, the first Draenei token you would lose goes back to your "
        "hand instead."
    )
    flags = (Flag("draenei-saved", words="a Draenei token was saved this turn"),)

    def losses(self, s: State, owner: int | None, r: int, lost: int, attacker: int | None,
               cause: str) -> int:
        """The first loss of this opponent turn is saved: 1 token discarded -> 0."""
        if owner is None:
            return lost
        if lost <= 0 or s.turn == owner or s.occ[r] != 2 * owner or s.tflags.get(_USED):
            return lost
        changes.set_tflag(s, _USED, True)
        return lost - 1
