"""Light's Hope Chapel (RULES §11): the Active race holding it discards no token for any loss an
opponent causes to it (conquest of any of its Regions, a Bomb, Intimidating: whatever calls the
``losses`` hook), including the conquest of the Chapel's own Region, that one last time.

The ``losses`` hook is asked while the lost Region still belongs to the defender, so when the
Chapel's own Region falls its holder is still the one the Chapel protects. Rulings: a loss with no
attacker named counts as caused by an opponent; In Decline races get nothing (R-ITEM-1, and their
tokens are all discarded anyway, R-CONQ-7).
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "lights-hope-chapel"


@register
class LightsHopeChapel(Ability):
    id = ID
    kind = "item"
    rule = "§11 Light's Hope Chapel"
    summary = N_("Your race loses no token to any attack.")

    def losses(
        self, s: State, owner: int | None, r: int, lost: int, attacker: int | None, cause: str
    ) -> int:
        if owner is not None and s.occ[r] == 2 * owner and attacker != owner:
            return 0
        return lost
