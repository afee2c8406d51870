"""Orcs (RULES §9): +1 VC per conquest of a Region occupied by an Alliance race, on top of the
faction bonus (R-SCORE-3).

Counted in ``on_conquest`` (a turn flag) and scored at the end of the turn as the line "Orcs".

Rulings: the Region counts when an Alliance race (Active or In Decline, the Orcs player's own
In Decline race included) held it just before the conquest, whatever the kind of conquest
(final conquest, item- or power-powered ones). The printed faction counts: a Neutral race's
Battleground side does not make it Alliance. A Bomb explosion is no conquest (RULES §9 Goblins).
"""

from __future__ import annotations

from smallworld.content.data import ALLIANCE, RACES
from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Flag
from smallworld.core.names import N_
from smallworld.core.state import State

COUNT = "orcs-alliance"  # turn flag: Alliance-held Regions conquered this turn


@register
class Orcs(Ability):
    id = "orcs"
    kind = "race"
    rule = "§9 Orcs"
    summary = N_("+1 coin per Region you conquer from an Alliance race.")
    flags = (Flag("orcs-alliance", encode="count", scale=5, high=3.0, words="Alliance-held Regions conquered this turn"),)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        if c.race is not None and RACES[c.race].faction == ALLIANCE:
            changes.bump_tflag(s, COUNT)

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        n = s.tflags.get(COUNT, 0)
        return [("Orcs", n)] if n else []
