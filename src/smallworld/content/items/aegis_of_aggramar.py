"""Aegis of Aggramar (RULES §11, R-ITEM-2, R-ORDER-2): at the end of each of its owner's turns the
owner moves it to one of its Regions (``aegis R``, a placement-step decision, only when there is a
choice). That Region is immune to every conquest and power of an attacker who has not paid the
owner 2 VC this turn (``pay aegis``, RULES §8); once paid it is immune to nothing for that attacker
until the end of the turn.

The immunity and the toll come from the same ability, so the Region stays a conquest target and
the engine offers ``pay aegis`` before ``conquer`` (see ``hooks.immune_beyond_tolls``); powers
that check ``hooks.immune`` see the Region immune until the toll is paid.
In Decline the Aegis protects nothing (R-ITEM-1: only the Active race holding it controls it).
"""

from __future__ import annotations

from smallworld.content.items import _shared
from smallworld.content.registry import register
from smallworld.core.ability import Ability, Toll
from smallworld.core.actions import Action
from smallworld.core.errors import Name
from smallworld.core.meta import ActionSpec, TollWords
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "aegis-of-aggramar"
TOLL_KEY = "aegis"
TOLL_VC = 2


@register
class AegisOfAggramar(Ability):
    id = ID
    kind = "item"
    rule = "§11 Aegis of Aggramar"
    summary = N_(
        "Move it to one of your Regions each turn; that Region is immune unless the attacker pays "
        "you 2 coins."
    )
    action_specs = (ActionSpec("aegis", ("region",), phrase="Move the Aegis of Aggramar to {0}"),)
    toll_words = (
        TollWords("aegis", 2, "holder", pay="the Aegis of Aggramar toll", paid="Aegis paid",
                  tip="Aegis of Aggramar: {amount} coins paid to its holder. Its Region is no longer immune to "
                      "this player this turn."),
    )
    action_kinds = frozenset({"aegis"})

    def immune(self, s: State, owner: int | None, attacker: int, r: int) -> bool:
        """Its Region, for an opponent who has not paid this turn."""
        return ID in s.items[r] and attacker != owner and TOLL_KEY not in s.paid

    def tolls(self, s: State, owner: int | None, attacker: int, r: int) -> list[Toll]:
        if ID in s.items[r] and attacker != owner:
            return [Toll(TOLL_KEY, TOLL_VC, owner, Name("item", ID, "Aegis of Aggramar"))]
        return []

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step == "placement":
            _shared.ask_placement(s, owner, ID)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not _shared.deciding(s, owner, ID):
            return []
        return _shared.placement_actions(s, owner, ID, "aegis")

    def apply(self, s: State, owner: int, action: Action) -> None:
        _shared.apply_placement(s, owner, ID, action)
