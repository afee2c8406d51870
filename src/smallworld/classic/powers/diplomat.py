"""Diplomat (C-P-DIPLOMAT-1..3).

- The Diplomat race's conquests (a Dragon conquest or Sorcerer substitution included) against an
  opponent's Active race are recorded this turn (C-EDGE-7).
- At the end of the turn, before scoring (the ``gift`` step, C-ORDER-2), the player may name one
  opponent it did not attack (``ally SEAT``, or ``done``); only an opponent that has an Active
  race at that moment can be named (C-P-DIPLOMAT-1: one just gone In Decline, or yet to pick its
  first combo, is not offered).
- Until the start of the player's next turn the ally may not conquer or aim any effect at the
  Diplomat's Active Regions (``immune``); the In Decline race is not protected. The peace ends
  when the player's next turn starts (``on_turn_start``) and with a new pick.

The ally's In Decline Ghouls, taking their own turn in the Active slot, are not bound by the
peace (C-R-GHOULS-4: ``immune`` lets them through while ``in_decline_turn``).
"""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import Conquest
from smallworld.core.decline import in_decline_turn
from smallworld.core.meta import ActionSpec, Flag
from smallworld.core.names import N_
from smallworld.core.state import State

_KEY = "power:diplomat"
_ALLY = "diplomat-ally"
_HIT = "diplomat-attacked"
_DONE = Action("done")


@register
class Diplomat(Ability):
    id = "diplomat"
    kind = "power"
    rule = "C-P-DIPLOMAT-1"
    summary = N_(
        "At turn end name an opponent you did not attack: their Active race may not attack yours "
        "until your next turn."
    )
    flags = (
        Flag("diplomat-ally", "flags", "seat", words="the seat at peace with the Diplomat's owner"),
        Flag("diplomat-attacked", encode="seats", rl_name="diplomat_attacked",
             words="the seats the Diplomat's owner attacked this turn"),
    )
    action_specs = (ActionSpec("ally", ("seat",), phrase="Make peace with {seat} (Diplomat)"),)

    def on_turn_start(self, s: State, owner: int) -> None:
        changes.clear_flag(s, _ALLY)

    def on_pick(self, s: State, owner: int) -> None:
        changes.clear_flag(s, _ALLY)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        if c.defender >= 0 and c.defender % 2 == 0 and c.defender // 2 != owner:
            hit = s.tflags.get(_HIT, ())
            changes.set_tflag(s, _HIT, tuple(sorted({*hit, c.defender // 2})))

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step == "gift" and s.active[owner] is not None:
            changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        hit = s.tflags.get(_HIT, ())
        n, active = s.spec.n_players, s.active
        return [
            Action("ally", (q,)) for q in range(n) if q != owner and q not in hit and active[q] is not None
        ] + [_DONE]

    def apply(self, s: State, owner: int, action: Action) -> None:
        changes.close_decision(s)
        if action.kind == "ally":
            changes.set_flag(s, _ALLY, int(action.args[0]))

    def immune(self, s: State, owner: int | None, attacker: int, r: int) -> bool:
        # C-R-GHOULS-4: the ally's In Decline Ghouls (acting in its Active slot) are not bound
        return (
            owner is not None and s.flags.get(_ALLY) == attacker and s.occ[r] == 2 * owner
            and not in_decline_turn(s)
        )
