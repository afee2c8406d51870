"""Battleground (RULES §11, R-SCORE-3, R-ORDER-1): the Active race holding it counts each defeated
race up to twice in its faction bonus (2 VC when at least 2 of that race's Regions were conquered
this turn). A Neutral race holding it chooses Alliance or Horde for the turn
(``battleground alliance`` / ``battleground horde``, a decision) at the start of an expansion
turn, or when it takes the Region (conquest or reveal), and scores the faction bonus as that side.

Rulings: the side is chosen once per turn (taking the Region again the same turn asks nothing);
the choice only matters on the holder's own turn, the only time its faction bonus is scored.
In Decline it does nothing (R-ITEM-1).
"""

from __future__ import annotations

from smallworld.content.data import ALLIANCE, HORDE, NEUTRAL, RACES
from smallworld.content.items import _shared
from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import Conquest
from smallworld.core.meta import ActionSpec, Flag
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "battleground"
SIDE_FLAG = "battleground-side"  # turn flag: the side chosen this turn
KEY = f"item:{ID}"
CAP = 2


def _neutral(s: State, p: int) -> bool:
    race = s.active[p]
    return race is not None and RACES[race].faction == NEUTRAL


@register
class Battleground(Ability):
    id = ID
    kind = "item"
    rule = "§11 Battleground"
    summary = N_("The faction bonus counts up to twice per defeated race; a Neutral race picks a side.")
    flags = (Flag("battleground-side", encode="choice", choices=("alliance", "horde"),
                  words="the side a Neutral race fights for this turn"),)
    action_specs = (
        ActionSpec("battleground", ("choice",), choices=("alliance", "horde"), choice_words=(
            ("alliance", "Fight as the Alliance", "Fight as the Alliance this turn (faction bonus)"),
            ("horde", "Fight as the Horde", "Fight as the Horde this turn (faction bonus)"))),
    )
    action_kinds = frozenset({"battleground"})

    def faction_bonus_cap(self, s: State, owner: int) -> int:
        return CAP

    def faction_side(self, s: State, owner: int) -> str | None:
        if _neutral(s, owner):
            return s.tflags.get(SIDE_FLAG)
        return None

    def on_expand(self, s: State, owner: int) -> None:
        self._ask(s, owner)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        if ID in s.items[c.region]:
            self._ask(s, owner)

    def on_reveal(self, s: State, owner: int | None, r: int) -> None:
        code = s.occ[r]
        if code >= 0 and code % 2 == 0 and code // 2 == s.turn:
            self._ask(s, code // 2)

    def _ask(self, s: State, p: int) -> None:
        if p == s.turn and _neutral(s, p) and SIDE_FLAG not in s.tflags and (p, KEY) not in s.decisions:
            changes.ask(s, p, KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not _shared.deciding(s, owner, ID):
            return []
        return [Action("battleground", (ALLIANCE,)), Action("battleground", (HORDE,))]

    def apply(self, s: State, owner: int, action: Action) -> None:
        side = str(action.args[0])
        if side not in (ALLIANCE, HORDE):
            raise ValueError(f"battleground side must be {ALLIANCE} or {HORDE}, not {side!r}")
        changes.set_tflag(s, SIDE_FLAG, side)
        changes.close_decision(s)
