"""Marshdweller (RULES §10): an opponent must pay this player 1 VC before conquering a Swamp
Region of the Marshdweller race. Lasts In Decline (R-DEC-2): the kept badge protects the In
Decline race's Swamps.

The payment is a core toll (RULES §8): ``pay marsh-L1.6`` before ``conquer L1.6``; a player who
cannot pay cannot conquer it. It is owed for conquests only (Intimidating or a Portal Mage swap
are no conquests).
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core.ability import Ability, Toll
from smallworld.core.errors import Name, Refusal
from smallworld.core.meta import TollWords
from smallworld.core.names import N_
from smallworld.core.state import State

#: the toll's key is this prefix and the Swamp's notation (``marsh-L1.6``); it costs TOLL_VC
TOLL_PREFIX = "marsh-"
TOLL_VC = 1


@register
class Marshdweller(Ability):
    id = "marshdweller"
    kind = "power"
    rule = "§10 Marshdweller"
    summary = N_("Opponents pay you 1 coin before conquering one of your Swamps, even In Decline.")
    toll_words = (
        TollWords("marsh-", 1, "power", pay="the Marshdweller toll for {region}",
                  paid="Marshdweller toll paid for {region}",
                  tip="Marshdweller: {amount} coin paid to {to} before conquering this Swamp ({region}).",
                  nobody="the Marshdweller player", per_region=True),
    )
    lasts_in_decline = True

    def tolls(self, s: State, owner: int | None, attacker: int, r: int) -> list[Toll]:
        """1 VC to ``owner`` before an opponent conquers a Swamp of the Marshdweller race."""
        if owner is None:
            return []
        if attacker == owner or s.spec.terrain[r] != "swamp":
            return []
        code = s.occ[r]
        if code == 2 * owner:
            if s.power[owner] != self.id:
                return []
        elif code == 2 * owner + 1:
            if s.kept[owner] != self.id:
                return []
        else:
            return []
        rid = s.spec.region_ids[r]
        words = Refusal(N_("{power} toll for {region}"), power=Name("power", self.id, "Marshdweller"), region=rid)
        return [Toll(f"{TOLL_PREFIX}{rid}", TOLL_VC, owner, words)]
