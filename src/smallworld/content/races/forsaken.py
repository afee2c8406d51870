"""Forsaken (RULES §9): each time they make a token of another race be discarded (any player's
Active or In Decline race, their own In Decline race included, or a Murloc), they may pay 1 VC
for 1 extra Forsaken token (box cap 20, RULES §2.1). The tokens arrive after the last conquest,
before redeployment (R-ORDER-2: the ``purchase`` step).

Each discarded token earns one purchase this turn (``Conquest.discarded`` of each of their
conquests: the defending loss after Draenei / Light's Hope Chapel, every In Decline token, every
Murloc). At the purchase step the Forsaken choose ``buy N`` (N from 0 to the earned count, capped
by their VC and the Forsaken tokens left in the box); each costs 1 VC, paid to the stash.

Ruling: a Beast or the Champion taken as the loss is a piece, not a race token: it earns nothing.
"""

from __future__ import annotations

from smallworld.content.data import RACES
from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Flag
from smallworld.core.names import N_
from smallworld.core.state import State

_EARNED = "forsaken-earned"  # turn flag: purchases earned this turn
_KEY = "race:forsaken"


def _most(s: State, owner: int) -> int:
    return min(s.tflags.get(_EARNED, 0), s.vc[owner], s.in_box("forsaken"))


@register
class Forsaken(Ability):
    id = "forsaken"
    kind = "race"
    rule = "§9 Forsaken"
    summary = N_("Each time you make another race lose a token you may pay 1 coin for an extra Forsaken token.")
    flags = (Flag("forsaken-earned", encode="count", scale=10, high=2.0, words="purchases earned this turn"),)
    action_specs = (
        ActionSpec("buy", ("count",), lo=0, hi=RACES["forsaken"].in_box, phrase="Buy {n} Forsaken token{s}",
                   label="Buy {n} Forsaken token{s} for {n} coin{s}", none="Buy no Forsaken token"),
    )

    def on_conquest(self, s: State, owner: int, c) -> None:  # c: Conquest
        """Count the tokens of other races (and Murlocs) this conquest discarded."""
        if c.discarded > 0 and c.race != self.id:
            changes.bump_tflag(s, _EARNED, c.discarded)

    def on_discarded(self, s: State, owner: int, r: int, n: int, race: str | None) -> None:
        """Tokens their own power discarded outside a conquest (Intimidating) count too."""
        if race != self.id:
            changes.bump_tflag(s, _EARNED, n)

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """R-ORDER-2: the purchases, after the last conquest and before redeployment."""
        if step == "purchase" and _most(s, owner) > 0:
            changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        return [Action("buy", (n,)) for n in range(_most(s, owner) + 1)]

    def apply(self, s: State, owner: int, action: Action) -> None:
        n = int(action.args[0])
        changes.pay_vc(s, owner, n)  # to the bank
        changes.tray_to_hand(s, owner, "forsaken", n)
        changes.clear_tflag(s, _EARNED)
        changes.close_decision(s)
