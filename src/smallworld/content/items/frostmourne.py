"""Frostmourne (RULES §11, R-ITEM-2): once per turn, one conquest costs 2 fewer tokens
(``frostmourne R`` on an ordinary target; reductions stack, then min 1 and the race minimum,
R-CONQ-4). With too few tokens it is the final conquest (R-CONQ-9). Frostmourne moves into the
Region conquered.

Rulings: offered only where the -2 lowers the cost (not when the cost is already at its minimum);
it applies to an ordinary conquest, not on top of another ability's special conquest (airborne
assault, Ashes of Al'ar, Ethereals' Legendary Place conquest). Tolls are paid first (RULES §8;
``pay KEY`` is offered here too, for targets that only the -2 brings within reach).
In Decline it does nothing (R-ITEM-1).
"""

from __future__ import annotations

from smallworld.content.abilities import Ability
from smallworld.content.items import _shared
from smallworld.content.registry import SUMMARIES, register
from smallworld.core.actions import Action
from smallworld.core.conquest import Conquest, conquest_cost, targets
from smallworld.core.state import State

ID = "frostmourne"
MODE = "frostmourne"
REDUCTION = 2


@register
class Frostmourne(Ability):
    id = ID
    kind = "item"
    rule = "§11 Frostmourne"
    summary = SUMMARIES[ID]
    action_kinds = frozenset({"frostmourne"})

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        return REDUCTION if mode == MODE else 0

    def actions(self, s: State, owner: int) -> list[Action]:
        if not _shared.may_use(s, owner, ID):
            return []
        ids = s.spec.region_ids
        out: list[Action] = []
        owed: list = []
        for r, travel in targets(s, owner).items():
            cost = conquest_cost(s, owner, r, travel, MODE)
            if cost >= conquest_cost(s, owner, r, travel) or not _shared.feasible(s, owner, cost):
                continue
            unpaid = _shared.unpaid_tolls(s, owner, r)
            if unpaid:  # pay first (RULES §8); the engine drops a toll it offers already
                if _shared.affordable(s, owner, unpaid):  # their sum
                    owed.extend(unpaid)
                continue
            out.append(Action("frostmourne", (ids[r],)))
        out.extend(_shared.pay_actions(s, owner, owed))
        return out

    def apply(self, s: State, owner: int, action: Action) -> None:
        r = s.spec.region(str(action.args[0]))
        s.tflags[_shared.used_flag(ID)] = 1
        cost = conquest_cost(s, owner, r, targets(s, owner)[r], MODE)
        _shared.conquer_or_final(s, owner, r, cost, MODE, ID)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        if _shared.follows_conquest(s, ID, MODE, c):
            _shared.move(s, ID, c.region)
