"""Amazons (C-R-AMAZONS-1..3).

- Picked, they take ``6 + 4 + power value`` tokens: the 4 extra come from the box at the pick
  (C-R-AMAZONS-1).
- At the end of each of their redeployments (the engine's ``withdraw`` step, before Encampments,
  the Fortress and Heroes are placed, C-EDGE-6) 4 Amazon tokens leave the map (fewer only if
  fewer are on the map), and **the player chooses** which (C-R-AMAZONS-2, revised): a decision of
  ``offmap R`` actions, one token each, until 4 are off. The player must keep 1 token in each
  Region while it can: a Region's last token is offered only when the tokens left on the map
  cannot cover every Region; taking it abandons the Region (any Region, one conquered this turn
  included, F3). A step with a single Region to take from is taken without asking.
- The held tokens do not defend, score or count for the tie-break; they are kept in
  ``flags["off-map:amazons"]`` and come back to hand when the owner next expands (before ready
  troops); going In Decline they go back to the box (C-R-AMAZONS-3).
"""

from __future__ import annotations

from smallworld.classic.data import AMAZON_EXTRA
from smallworld.classic.registry import register
from smallworld.core import changes, troops
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Flag
from smallworld.core.names import N_
from smallworld.core.state import State

HELD = "off-map:amazons"
_KEY = "race:amazons"


def to_take(s: State, owner: int) -> int:
    """How many more Amazon tokens must leave the map this redeployment: ``4`` less those held
    off it already, at most the tokens on the map (C-R-AMAZONS-2)."""
    on_map = sum(s.tokens[r] for r in s.regions_of(2 * owner))
    return max(0, min(AMAZON_EXTRA - s.flags.get(HELD, 0), on_map))


def spots(s: State, owner: int) -> list[int]:
    """The Regions a token may be taken from now (C-R-AMAZONS-2): any with 2 or more tokens, and
    those with 1 only when the tokens that will stay on the map are fewer than the Regions held
    (so one Region at least must be abandoned). Empty when none is to be taken."""
    left = to_take(s, owner)
    if not left:
        return []
    own = s.regions_of(2 * owner)
    tokens = s.tokens
    staying = sum(tokens[r] for r in own) - left
    may_abandon = staying < len(own)
    return [r for r in own if tokens[r] > 1 or may_abandon]


@register
class Amazons(Ability):
    id = "amazons"
    kind = "race"
    rule = "C-R-AMAZONS-1"
    summary = N_(
        "Four extra tokens for conquests only: after each redeployment you take four tokens off the "
        "map, back at your next ready troops."
    )
    flags = (Flag("off-map:amazons", "flags", "count", scale=4, rl_name="amazons-off-map",
                  words="the extra Amazon tokens off the map"),)
    action_specs = (
        ActionSpec("offmap", ("region",), phrase="Take an Amazon token off {0}",
                   label="Take a token off {0}"),
    )

    def on_pick(self, s: State, owner: int) -> None:
        n = min(AMAZON_EXTRA, s.in_box(self.id))
        changes.tray_to_hand(s, owner, self.id, n)

    def on_expand(self, s: State, owner: int) -> None:
        changes.hand_add(s, owner, changes.clear_flag(s, HELD, 0))

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step != "withdraw":
            return
        self._take_forced(s, owner)
        if to_take(s, owner):
            changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        acts = s.spec.region_actions("offmap")
        return [acts[r] for r in spots(s, owner)]

    def apply(self, s: State, owner: int, action: Action) -> None:
        self._take(s, owner, s.spec.region(str(action.args[0])))
        self._take_forced(s, owner)
        if not to_take(s, owner):
            changes.close_decision(s)

    def decision_words(self, s: State, owner: int) -> str:
        left = to_take(s, owner)
        tokens = "1 more Amazon token" if left == 1 else f"{left} more Amazon tokens"
        own = s.regions_of(2 * owner)
        keep = (
            "Each of your Regions keeps at least one token."
            if sum(s.tokens[r] for r in own) - left >= len(own)
            else "You cannot keep a token in every Region: taking a Region's last token abandons it."
        )
        return f"Take {tokens} off the map: they come back to your hand at your next turn. {keep}"

    def _take_forced(self, s: State, owner: int) -> None:
        """Take tokens while only one Region may give them (no choice to ask)."""
        while True:
            where = spots(s, owner)
            if len(where) != 1:
                return
            self._take(s, owner, where[0])

    @staticmethod
    def _take(s: State, owner: int, r: int) -> None:
        """One token of Region ``r`` off the map; its last token abandons it (R-TROOP-2)."""
        if s.tokens[r] > 1:
            changes.take_tokens(s, r, 1)
        else:
            troops.abandon(s, owner, r)
            changes.hand_take(s, owner, 1)
        changes.set_flag(s, HELD, s.flags.get(HELD, 0) + 1)

    def on_decline(self, s: State, owner: int) -> None:
        changes.to_tray(s, self.id, changes.clear_flag(s, HELD, 0))
