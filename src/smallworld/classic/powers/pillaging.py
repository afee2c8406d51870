"""Pillaging (C-P-PILLAGING-1): +1 VC at turn end per non-empty Region the Active race conquered
this turn (non-empty as C-R-ORCS-1; it cumulates with Orcs)."""

from __future__ import annotations

from smallworld.classic._common import tally_non_empty
from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Flag
from smallworld.core.names import N_
from smallworld.core.state import State

_KEY = "pillaging-non-empty"


@register
class Pillaging(Ability):
    id = "pillaging"
    kind = "power"
    rule = "C-P-PILLAGING-1"
    summary = N_("+1 coin per non-empty Region you conquered this turn.")
    flags = (Flag("pillaging-non-empty", encode="count", scale=10, words="non-empty Regions conquered this turn"),)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        tally_non_empty(s, _KEY, c)

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        n = s.tflags.get(_KEY, 0)
        return [("Pillaging", n)] if n else []
