"""Ghouls (C-R-GHOULS-1..5): In Decline, they keep every token and go on conquering.

- C-R-GHOULS-1: going In Decline, every Ghoul token on the map stays (``keeps_tokens_in_decline``).
- C-R-GHOULS-2, C-ORDER-1: on each later turn of their owner that is not a decline turn
  (C-R-GHOULS-5, C-DEC-1), before the Active race, In Decline Ghouls take a whole turn of their
  own (``conquers_in_decline``): the engine swaps them into the Active slot
  (:func:`smallworld.core.decline.swap_in`) and runs the ordinary steps: ready troops (1 per
  Region stays), abandoning, conquests from their own Regions (a first conquest on a border
  Region if they hold none), an optional final conquest with the die, redeployment. They may
  attack their owner's Active race. Ruling: a pick turn is an expansion turn, so they act right
  after the pick; a Stout decline at the end of a turn comes after they have acted.
- C-R-GHOULS-3: no race bonus (no hooks), and the kept badge does not act for them (they act
  with no power: Seafaring Ghouls take no new Seas); their conquests are not the Active race's,
  whose abilities are not asked meanwhile (Orcs, Pillaging, Skeletons, Diplomat: C-EDGE-7).
- C-R-GHOULS-4: a Diplomat's peace does not bind them (classic Diplomat asks
  :func:`smallworld.core.decline.in_decline_turn`).
- C-CONQ-7 (Ruling): In Decline Ghouls losing a Region lose 1 token and redeploy the rest at the
  end of the turn (the edition's ``decline_losses_withdraw``).
"""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_


@register
class Ghouls(Ability):
    id = "ghouls"
    kind = "race"
    rule = "C-R-GHOULS-1"
    summary = N_("All Ghouls stay In Decline and keep conquering at the start of each of your turns.")
    keeps_tokens_in_decline = True
    conquers_in_decline = True
