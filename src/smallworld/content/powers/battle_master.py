"""Battle Master (RULES §10): +1 VC per non-empty Region conquered this turn (a Region holding
Murlocs or race tokens, Beasts or the Champion included: RULES §1).

The conquests are counted as they happen (turn flag) and paid at scoring (R-SCORE-2). A Bomb
explosion is no conquest by the Goblins (RULES §9), so it never reaches this hook.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.conquest import Conquest
from smallworld.core.meta import Flag
from smallworld.core.names import N_
from smallworld.core.state import EMPTY, State

#: turn flag: non-empty Regions conquered this turn by the Battle Master
COUNT = "battle-master"


@register
class BattleMaster(Ability):
    id = "battle-master"
    kind = "power"
    rule = "§10 Battle Master"
    summary = N_("+1 coin per non-empty Region you conquer.")
    flags = (Flag("battle-master", encode="count", scale=5, high=3.0, words="non-empty Regions conquered this turn"),)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        """Count a conquest of a Region that was not empty."""
        if c.defender != EMPTY:
            changes.bump_tflag(s, COUNT)

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        """+1 VC per non-empty Region conquered this turn."""
        n = s.tflags.get(COUNT, 0)
        return [("Battle Master: non-empty Regions conquered", n)] if n and s.power[owner] == self.id else []
