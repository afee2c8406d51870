"""Orcs (C-R-ORCS-1): +1 VC at turn end per non-empty Region they conquered this turn (Lost
Tribe, any In Decline race, their owner's own In Decline race, an opponent's Active race)."""

from __future__ import annotations

from smallworld.classic._common import tally_non_empty
from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Flag
from smallworld.core.names import N_
from smallworld.core.state import State

_KEY = "orcs-non-empty"


@register
class Orcs(Ability):
    id = "orcs"
    kind = "race"
    rule = "C-R-ORCS-1"
    summary = N_("+1 coin per non-empty Region you conquered this turn.")
    flags = (Flag("orcs-non-empty", encode="count", scale=10, words="non-empty Regions conquered this turn"),)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        tally_non_empty(s, _KEY, c)

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        n = s.tflags.get(_KEY, 0)
        return [("Orcs: non-empty conquests", n)] if n else []
