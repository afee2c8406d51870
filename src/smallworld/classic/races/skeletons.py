"""Skeletons (C-R-SKELETONS-1): during their redeployment the Active Skeletons take
``floor(non-empty Regions conquered this turn / 2)`` new tokens from the box (as many as are
left: at most 20 in play, C-EDGE-10) and redeploy them with the others. Non-empty as for Orcs.

The tokens join the hand at the ``healer`` step, just before the redeployment (C-ORDER-2)."""

from __future__ import annotations

from smallworld.classic._common import tally_non_empty
from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Flag
from smallworld.core.names import N_
from smallworld.core.state import State

_KEY = "skeletons-non-empty"


@register
class Skeletons(Ability):
    id = "skeletons"
    kind = "race"
    rule = "C-R-SKELETONS-1"
    summary = N_("One new token per two non-empty Regions conquered this turn.")
    flags = (Flag("skeletons-non-empty", encode="count", scale=10, words="non-empty Regions conquered this turn"),)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        tally_non_empty(s, _KEY, c)

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step != "healer":
            return
        n = min(s.tflags.get(_KEY, 0) // 2, s.in_box(self.id))
        if n > 0:
            changes.tray_to_hand(s, owner, self.id, n)
