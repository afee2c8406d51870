"""Stout (C-P-STOUT-1/2): at the end of a turn of conquests, after scoring, the player may put
the race In Decline at once (``decline``, or ``done`` to keep it), even in the turn it was picked
(a Ruling). The turn has scored as an ordinary expansion turn; nothing more is scored after the
flip; the next turn starts with a pick. Defenders redeploy after it (C-ORDER-2)."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.decline import go_into_decline
from smallworld.core.names import N_
from smallworld.core.state import State

_KEY = "power:stout"
_DECLINE = Action("decline")
_DONE = Action("done")


@register
class Stout(Ability):
    id = "stout"
    kind = "power"
    rule = "C-P-STOUT-1"
    summary = N_("Go In Decline at the end of a turn of conquests, after scoring.")

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step == "payments" and s.active[owner] is not None and s.power[owner] == self.id:
            changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        return [_DECLINE, _DONE]

    def apply(self, s: State, owner: int, action: Action) -> None:
        changes.close_decision(s)
        if action.kind == "decline":
            go_into_decline(s, owner)
