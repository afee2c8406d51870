"""Amazons (C-R-AMAZONS-1..3).

- Picked, they take ``6 + 4 + power value`` tokens: the 4 extra come from the box at the pick
  (C-R-AMAZONS-1).
- At the end of each of their redeployments (the placement step, before other placements,
  C-EDGE-6) 4 Amazon tokens leave the map (fewer only if fewer are on the map), keeping 1 in each
  Region while it can; if it cannot, Regions are abandoned (C-R-AMAZONS-2). **Ruling** (the
  rulebook lets the player choose): the engine chooses, taking tokens from the Regions holding
  most tokens (lowest Region number first among equals) and abandoning the highest-numbered
  Regions when every Region is down to 1.
- The held tokens do not defend, score or count for the tie-break; they are kept in
  ``flags["off-map:amazons"]`` and come back to hand when the owner next expands (before ready
  troops); going In Decline they go back to the box (C-R-AMAZONS-3).
"""

from __future__ import annotations

from smallworld.classic.data import AMAZON_EXTRA
from smallworld.classic.registry import register
from smallworld.core import changes, troops
from smallworld.core.ability import Ability
from smallworld.core.meta import Flag
from smallworld.core.state import State

HELD = "off-map:amazons"


@register
class Amazons(Ability):
    id = "amazons"
    kind = "race"
    rule = "C-R-AMAZONS-1"
    summary = (
        "Four extra tokens for conquests only: taken off the map after each redeployment, back at "
        "your next ready troops."
    )
    flags = (Flag("off-map:amazons", "flags", "count", scale=4, rl_name="amazons-off-map",
                  words="the extra Amazon tokens off the map"),)

    def on_pick(self, s: State, owner: int) -> None:
        n = min(AMAZON_EXTRA, s.box[self.id])
        changes.tray_to_hand(s, owner, self.id, n)

    def on_expand(self, s: State, owner: int) -> None:
        changes.hand_add(s, owner, changes.clear_flag(s, HELD, 0))

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step != "placement":
            return
        held = s.flags.get(HELD, 0)
        code = 2 * owner
        tokens = s.tokens
        while held < AMAZON_EXTRA:
            own = s.regions_of(code)
            if not own:
                break
            best = max(own, key=lambda r: (tokens[r], -r))
            if tokens[best] > 1:
                changes.take_tokens(s, best, 1)
            else:  # every Region down to 1: abandon one (C-R-AMAZONS-2, F3)
                troops.abandon(s, owner, own[-1])
                changes.hand_take(s, owner, 1)
            held += 1
        if held:
            changes.set_flag(s, HELD, held)

    def on_decline(self, s: State, owner: int) -> None:
        changes.to_tray(s, self.id, changes.clear_flag(s, HELD, 0))
