"""Enraged (RULES §10): each conquest of a Region defended by 2 or more race tokens earns that
many VC. Counted as the conquests happen (turn flag), paid at scoring (R-SCORE-2).

Ruling: the defenders are those of R-CONQ-3 (Murlocs and race tokens, Active or In Decline,
Beasts and the Champion included); Forts, Wisp Walls and Mountains are not tokens.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Flag
from smallworld.core.names import N_
from smallworld.core.state import State

#: turn flag: VC earned by Enraged this turn
EARNED = "enraged"


@register
class Enraged(Ability):
    id = "enraged"
    kind = "power"
    rule = "§10 Enraged"
    summary = N_("Conquering a Region defended by 2 or more tokens earns that many coins.")
    flags = (Flag("enraged", encode="count", scale=10, high=3.0, words="coins earned this turn"),)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        """Earn N VC for a conquest of a Region that N >= 2 tokens defended."""
        if c.defenders >= 2:
            changes.bump_tflag(s, EARNED, c.defenders)

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """The VC earned by this turn's conquests."""
        n = s.tflags.get(EARNED, 0)
        return [("Enraged: defenders beaten", n)] if n and s.power[owner] == self.id else []
