"""Spirit Healer (RULES §11, R-ORDER-2): at the ``healer`` step of the end of the turn (after the
Forsaken purchases, before redeployment), the Active race holding it takes 1 token from the box
into hand, if any is left (RULES §2.1 box cap), and redeploys it. Nothing In Decline (R-ITEM-1)."""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "spirit-healer"


@register
class SpiritHealer(Ability):
    id = ID
    kind = "item"
    rule = "§11 Spirit Healer"
    summary = N_("+1 token from the box at each redeployment.")

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step != "healer":
            return
        race = s.active[owner]
        if race is not None and s.in_box(race) > 0:
            changes.tray_to_hand(s, owner, race, 1)
