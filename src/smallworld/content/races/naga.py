"""Naga (RULES §9, R-CONQ-5): the only race that may conquer Sea and Lake Regions (cost 2 +
defenders, R-CONQ-3); their first conquest (R-CONQ-1) may be a Sea or Lake, with no travel cost.
In Decline their tokens stay in the Seas and Lakes.

``may_enter_water`` opens water Regions to the Active Naga (targets, redeployment follows the
Regions they hold); ``first_targets`` adds every Sea/Lake to the first conquest, travel-free.
In Decline the Naga keep their water Regions like any other (R-DEC-2 keeps 1 token per Region):
``lasts_in_decline`` records that the race still matters In Decline, but only the Active race
conquers (its hooks are asked of the attacker only), so nobody else may take a Sea or Lake from
the In Decline Naga (R-CONQ-5), not even the same player's new Active race.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State


@register
class Naga(Ability):
    id = "naga"
    kind = "race"
    rule = "§9 Naga"
    summary = N_("You may conquer Seas and Lakes; your first conquest may be one.")
    lasts_in_decline = True

    def may_enter_water(self, s: State, owner: int) -> bool:
        """The Active Naga may conquer and hold Seas and Lakes."""
        return s.active[owner] == self.id

    def first_targets(self, s: State, owner: int) -> tuple[int, ...]:
        """A first conquest may be any Sea or Lake, with no travel cost."""
        return s.spec.waters if s.active[owner] == self.id else ()
