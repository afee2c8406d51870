"""Helpers shared by classic races and powers (no effect of their own)."""

from __future__ import annotations

from collections.abc import Callable

from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.state import EMPTY, State


def was_non_empty(c: Conquest) -> bool:
    """True if the conquered Region held a Lost Tribe or any race token, the conqueror's own In
    Decline race included (C-R-ORCS-1, C-EDGE-5, F14)."""
    return c.defender != EMPTY and c.defenders > 0


def tally_non_empty(s: State, key: str, c: Conquest) -> None:
    """Count a non-empty conquest in turn flag ``key`` (each ability keeps its own count)."""
    if was_non_empty(c):
        changes.bump_tflag(s, key)


def regions_where(s: State, owner: int, test: Callable[[int], bool], decline: bool = False) -> int:
    """How many Regions of ``owner``'s Active (or In Decline) race pass ``test``."""
    return sum(1 for r in s.regions_of(2 * owner + (1 if decline else 0)) if test(r))


class TerrainBonus(Ability):
    """+1 VC per Region of the Active race on ``terrain`` (or with ``symbol``) at turn end."""

    _parameters = frozenset({"terrain_id", "symbol_id", "label"})  # data attributes, not hooks
    terrain_id = ""
    symbol_id = ""
    label = ""

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        spec = s.spec
        if self.terrain_id:
            n = regions_where(s, owner, lambda r: spec.terrain[r] == self.terrain_id)
        else:
            n = regions_where(s, owner, lambda r: self.symbol_id in spec.symbols[r])
        return [(self.label, n)] if n else []
